import { mcpTask } from 'vitest-mcp-bench'

/**
 * Multi-server tasks that end in a state change on a per-task workspace
 * server (filesystem, memory), checked after the run.
 */

mcpTask(
  'filesystem+wikipedia/reading-list-summary',
  {
    servers: ['filesystem', 'wikipedia'],
    category: 'multi-server/sequential',
    files: { 'reading-list.txt': 'Up next: Marie Curie\nAfter that: Emmy Noether\n' },
    prompt:
      'Read reading-list.txt in the workspace with the filesystem tools and take the person listed as "Up next". Get the summary of that person\'s Wikipedia article, then write a file named curie-summary.txt with a one-paragraph summary that mentions her birth date and her two Nobel Prize fields.',
    fuzzy:
      'Check who is up next on my reading list, look them up, and leave me a short summary file called curie-summary.txt next to the list, with when she was born and the two fields she won Nobel Prizes in.',
    reference: {
      calls: [
        { id: 'read', tool: 'filesystem.read_text_file', args: { path: 'reading-list.txt' } },
        { id: 'wiki', tool: 'wikipedia.get_summary', args: { title: 'Marie Curie' }, after: ['read'] },
        {
          id: 'write',
          tool: 'filesystem.write_file',
          args: {
            path: 'curie-summary.txt',
            content:
              'Marie Curie (born 7 November 1867 in Warsaw) was a Polish and naturalised-French physicist and chemist who pioneered research on radioactivity. She was the first woman to win a Nobel Prize and the only person to win Nobel Prizes in two different sciences: physics and chemistry.\n',
          },
          after: ['wiki'],
        },
      ],
      answer:
        'Up next is Marie Curie, born 7 November 1867 in Warsaw, a pioneer of radioactivity research and the only person with Nobel Prizes in two sciences, physics and chemistry. The summary is in curie-summary.txt.',
      facts: ['Marie Curie', '1867'],
    },
  },
  ({ run, expect }) => {
    expect(run).toHaveFile('filesystem', 'curie-summary.txt', /1867[\s\S]*physics[\s\S]*chemistry|1867[\s\S]*chemistry[\s\S]*physics/i)
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'memory+wikipedia/remember-turing',
  {
    servers: ['memory', 'wikipedia'],
    category: 'multi-server/sequential',
    prompt:
      'Get the summary of the Wikipedia article "Alan Turing", then use the memory tools to create an entity "Alan Turing" of type person with observations for his birth date (23 June 1912) and for the Turing machine.',
    fuzzy: 'Look up Alan Turing and store him in my knowledge graph as a person, noting when he was born and what he is known for.',
    reference: {
      calls: [
        { id: 'wiki', tool: 'wikipedia.get_summary', args: { title: 'Alan Turing' } },
        {
          id: 'remember',
          tool: 'memory.create_entities',
          args: {
            entities: [
              {
                name: 'Alan Turing',
                entityType: 'person',
                observations: ['born 23 June 1912', 'formalised algorithm and computation with the Turing machine'],
              },
            ],
          },
          after: ['wiki'],
        },
      ],
      answer:
        'Saved Alan Turing (person) to memory: born 23 June 1912, an English mathematician who formalised computation with the Turing machine.',
      facts: ['Alan Turing', '1912'],
    },
  },
  async ({ run, expect }) => {
    expect(run).toFollowDependencies()
    await expect(run).toHaveServerState(
      'memory',
      { tool: 'read_graph' },
      expect.objectContaining({
        entities: expect.arrayContaining([
          expect.objectContaining({
            name: 'Alan Turing',
            observations: expect.arrayContaining([expect.stringMatching(/1912/)]),
          }),
        ]),
      }),
    )
  },
)

mcpTask(
  'time+wikipedia+filesystem/dated-noether-note',
  {
    servers: ['time', 'wikipedia', 'filesystem'],
    category: 'multi-server/sequential',
    prompt:
      'Get today\'s date in Europe/Berlin with the time tools and the summary of the Wikipedia article "Emmy Noether" with the Wikipedia tools. Then write noether.txt in the workspace: first line "Read on <date>" with the date as YYYY-MM-DD, then one sentence on what Noether\'s theorem connects.',
    fuzzy:
      "Make me a dated study note in noether.txt: put today's date (Berlin time, written year-month-day) on the first line, then a sentence about what Emmy Noether's famous theorem links together.",
    reference: {
      calls: [
        { id: 'date', tool: 'time.get_current_time', args: { timezone: 'Europe/Berlin' } },
        { id: 'wiki', tool: 'wikipedia.get_summary', args: { title: 'Emmy Noether' } },
        {
          id: 'write',
          tool: 'filesystem.write_file',
          args: {
            path: 'noether.txt',
            content: "Read on 2025-06-15\nNoether's theorem connects symmetries of physical systems to conservation laws.\n",
          },
          after: ['date', 'wiki'],
        },
      ],
      answer:
        "Written noether.txt dated 2025-06-15: Emmy Noether (1882-1935) proved Noether's theorem, which connects symmetries of physical systems to conservation laws.",
      facts: [{ value: '2025-06-15', anyOf: ['15 June', 'June 15', '15 Jun', 'Jun 15', '15th June', 'June 15th'] }, 'conservation laws'],
    },
  },
  ({ run, expect }) => {
    expect(run).toHaveFile('filesystem', 'noether.txt', /2025-06-15[\s\S]*symmetr[\s\S]*conservation/i)
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'memory+nasa-data/remember-apophis',
  {
    servers: ['memory', 'nasa-data'],
    category: 'multi-server/sequential',
    prompt:
      'Look up the asteroid Apophis with the NASA tools, then use the memory tools to create an entity "Apophis" of type asteroid with observations for the date and distance of its 2029 close approach to Earth and for whether it is potentially hazardous. Report what was saved.',
    fuzzy:
      'Please look up when the asteroid Apophis makes its close approach to Earth in 2029 and how close it comes, in km, and add it to my knowledge graph as an asteroid, noting those two and whether it is potentially hazardous. Tell me what you saved.',
    reference: {
      calls: [
        { id: 'lookup', tool: 'nasa-data.get_asteroid_lookup', args: { asteroid_id: 'Apophis' } },
        {
          id: 'remember',
          tool: 'memory.create_entities',
          args: {
            entities: [
              {
                name: 'Apophis',
                entityType: 'asteroid',
                observations: ['close approach on 2029-04-13 at 38,055.6 km', 'potentially hazardous'],
              },
            ],
          },
          after: ['lookup'],
        },
      ],
      answer:
        'Saved Apophis (asteroid) to memory: its close approach is on 2029-Apr-13 (21:46) at 38,055.6 km from Earth, and it is potentially hazardous.',
      // The date and distance come from the lookup, not the request; the graph must hold them too.
      facts: [
        {
          value: '2029-Apr-13',
          anyOf: ['2029-04-13', '13 April 2029', 'April 13, 2029', 'April 13', '13 April', 'Apr 13', '13 Apr', 'Apr. 13'],
        },
        { value: '38,055.6', unit: 'km' },
      ],
    },
  },
  async ({ run, expect }) => {
    expect(run).toFollowDependencies()
    await expect(run).toHaveServerState(
      'memory',
      { tool: 'read_graph' },
      expect.objectContaining({
        entities: expect.arrayContaining([
          expect.objectContaining({
            name: 'Apophis',
            entityType: 'asteroid',
            observations: expect.arrayContaining([
              expect.stringMatching(/2029/),
              expect.stringMatching(/38[,.\s]?055/),
              expect.stringMatching(/hazardous/i),
            ]),
          }),
        ]),
      }),
    )
  },
)
