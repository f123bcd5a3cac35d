import { mcpTask } from 'vitest-mcp-bench'

mcpTask(
  'filesystem/summarise-notes',
  {
    servers: ['filesystem'],
    category: 'single-server/sequential',
    files: { 'notes/trip.txt': 'Day 1: Denver\nDay 2: Estes Park\nDay 3: Rocky Mountain National Park\n' },
    prompt:
      'Read notes/trip.txt in the workspace with the filesystem tools, then write a file named summary.txt that says how many days the trip has and where it ends.',
    fuzzy:
      "There's a trip plan in my notes folder. Could you jot down a short summary in summary.txt, in the top folder of the workspace, saying how many days the trip is and where it finishes?",
    reference: {
      calls: [
        { id: 'dirs', tool: 'filesystem.list_allowed_directories' },
        { id: 'read', tool: 'filesystem.read_text_file', args: { path: 'notes/trip.txt' }, after: ['dirs'] },
        {
          id: 'write',
          tool: 'filesystem.write_file',
          args: { path: 'summary.txt', content: '3 days, ending at Rocky Mountain National Park\n' },
          after: ['read'],
        },
      ],
      answer: 'The trip lasts 3 days and ends at Rocky Mountain National Park; I wrote that to summary.txt.',
      facts: ['3', 'Rocky Mountain'],
    },
  },
  ({ run, expect }) => {
    // Either order, and the number in words or digits.
    expect(run).toHaveFile('filesystem', 'summary.txt', /\b(?:3|three)[ -]days?\b/i)
    expect(run).toHaveFile('filesystem', 'summary.txt', /Rocky Mountain National Park/i)
  },
)

mcpTask(
  'memory/remember-a-colleague',
  {
    servers: ['memory'],
    category: 'single-server/sequential',
    prompt:
      'Use the memory tools to create an entity "Ada" of type person with the observation "works on the parser", then create an entity "Parser" of type project and a relation Ada works_on Parser.',
    fuzzy: 'Please remember that Ada works on the parser project.',
    reference: {
      calls: [
        {
          id: 'entities',
          tool: 'memory.create_entities',
          args: {
            entities: [
              { name: 'Ada', entityType: 'person', observations: ['works on the parser'] },
              { name: 'Parser', entityType: 'project', observations: [] },
            ],
          },
        },
        {
          id: 'relation',
          tool: 'memory.create_relations',
          args: { relations: [{ from: 'Ada', to: 'Parser', relationType: 'works_on' }] },
          after: ['entities'],
        },
      ],
      answer: 'Noted: Ada works on the Parser project.',
      facts: ['Ada', 'Parser'],
    },
  },
  async ({ run, expect }) => {
    await expect(run).toHaveServerState(
      'memory',
      { tool: 'read_graph' },
      expect.objectContaining({
        // The prompt names no relation type or project spelling: any "works on" link from Ada to the parser will do.
        relations: [
          expect.objectContaining({
            from: 'Ada',
            to: expect.stringMatching(/parser/i),
            relationType: expect.stringMatching(/^works[ _-]?on$/i),
          }),
        ],
      }),
    )
  },
)
