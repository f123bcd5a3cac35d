import { mcpTask } from 'vitest-mcp-bench'

/**
 * Hard tier, work that starts and ends in a per-task workspace: the
 * filesystem and memory npm servers (a fresh, seeded instance per task)
 * with the fixture servers in between. What to look up comes from the
 * files or the graph; the result is written back and checked there.
 */

const tripRequests = {
  'requests/alice.txt': 'Name: Alice\nPark: Zion National Park\nNights: 2\n',
  'requests/bob.txt': 'Name: Bob\nPark: Arches National Park\nNights: 3\n',
  'requests/carol.txt': 'Name: Carol\nPark: Yosemite National Park\nNights: 1\n',
  'budget.txt': 'Camping budget: $30 per site per night at most.\n',
}

mcpTask(
  'hard/filesystem+national-parks+weather/camping-requests',
  {
    servers: ['filesystem', 'national-parks', 'weather'],
    tier: 'hard',
    category: 'multi-server/sequential',
    files: tripRequests,
    prompt:
      'List the requests/ folder of the workspace and read budget.txt, then read all the request files at once. For each requested park find its code with the parks search, get its campgrounds and take the cheapest open one; get a 3-day forecast for each park. Compare each nightly fee with the budget and compute each stay\'s camping cost (fee × nights). Write plan.md with one line per person: name, park, campground, nightly fee, nights, total, the hottest forecast high, and "over budget" or "within budget". Then read plan.md back. Report each person\'s plan and who is over budget.',
    fuzzy:
      'Three friends dropped their camping requests in the requests folder, and our budget is in budget.txt. For each of them, find the cheapest campground that is open in the park they want, tell me whether it fits the budget and what their stay would cost, and how hot it will get there in the next three days. Put it all in plan.md, one line per person ending in "over budget" or "within budget", and tell me who is over budget.',
    reference: {
      calls: [
        { id: 'list', tool: 'filesystem.list_directory', args: { path: 'requests' } },
        { id: 'budget', tool: 'filesystem.read_text_file', args: { path: 'budget.txt' } },
        {
          id: 'read',
          tool: 'filesystem.read_multiple_files',
          args: { paths: ['requests/alice.txt', 'requests/bob.txt', 'requests/carol.txt'] },
          after: ['list'],
        },
        { id: 'find-zion', tool: 'national-parks.findParks', args: { q: 'Zion' }, after: ['read'] },
        { id: 'find-arch', tool: 'national-parks.findParks', args: { q: 'Arches' }, after: ['read'] },
        { id: 'find-yose', tool: 'national-parks.findParks', args: { q: 'Yosemite' }, after: ['read'] },
        { id: 'forecast-zion', tool: 'weather.get_weather_forecast_tool', args: { city: 'Zion National Park', days: 3 }, after: ['read'] },
        {
          id: 'forecast-arch',
          tool: 'weather.get_weather_forecast_tool',
          args: { city: 'Arches National Park', days: 3 },
          after: ['read'],
        },
        {
          id: 'forecast-yose',
          tool: 'weather.get_weather_forecast_tool',
          args: { city: 'Yosemite National Park', days: 3 },
          after: ['read'],
        },
        { id: 'camps-zion', tool: 'national-parks.getCampgrounds', args: { parkCode: 'zion' }, after: ['find-zion'] },
        { id: 'camps-arch', tool: 'national-parks.getCampgrounds', args: { parkCode: 'arch' }, after: ['find-arch'] },
        { id: 'camps-yose', tool: 'national-parks.getCampgrounds', args: { parkCode: 'yose' }, after: ['find-yose'] },
        {
          id: 'write',
          tool: 'filesystem.write_file',
          args: {
            path: 'plan.md',
            content:
              '- Alice: Zion National Park, Watchman Campground, $35.00/night × 2 nights = $70.00, high 35.8 °C, over budget\n- Bob: Arches National Park, Devils Garden Campground, $25.00/night × 3 nights = $75.00, high 37.1 °C, within budget\n- Carol: Yosemite National Park, Camp 4, $10.00/night × 1 night = $10.00, high 30.3 °C, within budget\n',
          },
          after: ['budget', 'camps-zion', 'camps-arch', 'camps-yose', 'forecast-zion', 'forecast-arch', 'forecast-yose'],
        },
        { id: 'check', tool: 'filesystem.read_text_file', args: { path: 'plan.md' }, after: ['write'] },
      ],
      answer:
        'Alice (Zion National Park, 2 nights): both open campgrounds, Watchman and South, cost $35.00 a night, over the $30 budget; 2 nights come to $70.00, and Zion peaks at 35.8 °C. Bob (Arches National Park, 3 nights): Devils Garden Campground at $25.00, within budget, $75.00 in all; highs up to 37.1 °C. Carol (Yosemite National Park, 1 night): Camp 4 at $10.00 (Tuolumne Meadows is closed, Upper Pines is $36.00), within budget, $10.00; highs up to 30.3 °C. plan.md has one line for each; only Alice is over budget.',
      facts: [
        { value: '$35.00', goal: 'alice' },
        { value: '$70.00', derived: '$35.00 a night × 2 nights', goal: 'alice' },
        { value: '35.8', unit: '°C', goal: 'alice' },
        { value: 'Devils Garden', anyOf: ["Devil's Garden"], goal: 'bob' },
        { value: '$75.00', derived: '$25.00 a night × 3 nights', goal: 'bob' },
        { value: '37.1', unit: '°C', goal: 'bob' },
        { value: 'Camp 4', goal: 'carol' },
        { value: '$10.00', goal: 'carol' },
        { value: '30.3', unit: '°C', goal: 'carol' },
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toHaveFile('filesystem', 'plan.md', /Alice[^\n]*over budget/i)
    expect(run).toHaveFile('filesystem', 'plan.md', /Bob[^\n]*Devil'?s Garden[^\n]*within budget/i)
    expect(run).toHaveFile('filesystem', 'plan.md', /Carol[^\n]*Camp 4[^\n]*within budget/i)
  },
)

/** A client list in server-memory's JSONL format, seeded into the task's memory.jsonl. */
const clients = [
  {
    type: 'entity',
    name: 'Nordwind GmbH',
    entityType: 'client',
    observations: ['office in Paris', 'contact: Lea Martin', 'renewal due in July'],
  },
  { type: 'entity', name: 'Harbor & Finch', entityType: 'client', observations: ['office in London', 'contact: Sam Okoro'] },
  { type: 'entity', name: 'Sakura Logistics', entityType: 'client', observations: ['office in Tokyo', 'contact: Aiko Tanaka'] },
  { type: 'entity', name: 'Mile High Outfitters', entityType: 'client', observations: ['office in Denver', 'contact: Rosa Diaz'] },
  { type: 'entity', name: 'Empire Textiles', entityType: 'client', observations: ['office in New York', 'contact: Dan Weiss'] },
  { type: 'entity', name: 'Me', entityType: 'person', observations: ['account manager based in Berlin'] },
  ...['Nordwind GmbH', 'Harbor & Finch', 'Sakura Logistics', 'Mile High Outfitters', 'Empire Textiles'].map((name) => ({
    type: 'relation',
    from: 'Me',
    to: name,
    relationType: 'manages',
  })),
]
const clientMemory = { 'memory.jsonl': clients.map((line) => JSON.stringify(line)).join('\n') + '\n' }

mcpTask(
  'hard/memory+time+weather/who-to-call-now',
  {
    servers: ['memory', 'time', 'weather'],
    tier: 'hard',
    category: 'multi-server/sequential',
    files: clientMemory,
    distractors: 4,
    prompt:
      'Read the memory graph: it lists the clients I manage and the city of each office. Get the current time in each office\'s time zone (Europe/Paris, Europe/London, Asia/Tokyo, America/Denver, America/New_York). The clients whose local time is between 09:00 and 18:00 can be called now: get the current weather in their cities and add the observation "called on 2025-06-15" to each of them. Of the clients not yet open, take the one that opens soonest and convert 09:00 in its zone to my zone (Europe/Berlin); create an entity "Call Empire Textiles" of type reminder with that Berlin time as an observation, and relate Me to it with "plans". Finally open the nodes of the called clients to confirm. Report who can be called with their local times and weather, who opens next and when in Berlin time, and what was recorded.',
    fuzzy:
      'Look at my client list in my notes. Which clients can I ring right now, during their office hours (9 to 6 local time)? Tell me their local time and give me a line of small talk about their weather, and note on each of them that I called today. For whoever opens next, work out when that is in my Berlin time and leave me a reminder in my notes, linked to me ("Me") by a "plans" relation.',
    reference: {
      calls: [
        { id: 'graph', tool: 'memory.read_graph', args: {} },
        { id: 'paris', tool: 'time.get_current_time', args: { timezone: 'Europe/Paris' }, after: ['graph'] },
        { id: 'london', tool: 'time.get_current_time', args: { timezone: 'Europe/London' }, after: ['graph'] },
        { id: 'tokyo', tool: 'time.get_current_time', args: { timezone: 'Asia/Tokyo' }, after: ['graph'] },
        { id: 'denver', tool: 'time.get_current_time', args: { timezone: 'America/Denver' }, after: ['graph'] },
        { id: 'new-york', tool: 'time.get_current_time', args: { timezone: 'America/New_York' }, after: ['graph'] },
        {
          id: 'weather-paris',
          tool: 'weather.get_current_weather_tool',
          args: { city: 'Paris' },
          after: ['paris', 'london', 'tokyo', 'denver', 'new-york'],
        },
        {
          id: 'weather-london',
          tool: 'weather.get_current_weather_tool',
          args: { city: 'London' },
          after: ['paris', 'london', 'tokyo', 'denver', 'new-york'],
        },
        {
          id: 'note-calls',
          tool: 'memory.add_observations',
          args: {
            observations: [
              { entityName: 'Nordwind GmbH', contents: ['called on 2025-06-15'] },
              { entityName: 'Harbor & Finch', contents: ['called on 2025-06-15'] },
            ],
          },
          after: ['paris', 'london', 'tokyo', 'denver', 'new-york'],
        },
        {
          id: 'next-open',
          tool: 'time.convert_time',
          args: { source_timezone: 'America/New_York', time: '09:00', target_timezone: 'Europe/Berlin' },
          after: ['paris', 'london', 'tokyo', 'denver', 'new-york'],
        },
        {
          id: 'reminder',
          tool: 'memory.create_entities',
          args: {
            entities: [
              {
                name: 'Call Empire Textiles',
                entityType: 'reminder',
                observations: ['15:00 Berlin time on 2025-06-15, when their New York office opens'],
              },
            ],
          },
          after: ['next-open'],
        },
        {
          id: 'link',
          tool: 'memory.create_relations',
          args: { relations: [{ from: 'Me', to: 'Call Empire Textiles', relationType: 'plans' }] },
          after: ['reminder'],
        },
        { id: 'confirm', tool: 'memory.open_nodes', args: { names: ['Nordwind GmbH', 'Harbor & Finch'] }, after: ['note-calls'] },
      ],
      answer:
        'It is 12:00 UTC. Nordwind GmbH in Paris (14:00 there) and Harbor & Finch in London (13:00) are within office hours, so you can call them now: Paris is cloudy at 22.3 °C and London cloudy at 17.9 °C. Both now carry the note "called on 2025-06-15". Sakura Logistics in Tokyo has closed (21:00), Mile High Outfitters in Denver is at 06:00 and Empire Textiles in New York at 08:00, so Empire Textiles opens next: 09:00 in New York is 15:00 in Berlin. I created the reminder "Call Empire Textiles" for 15:00 Berlin time and linked it to you with "plans".',
      facts: [
        { value: 'Nordwind GmbH', goal: 'callable' },
        { value: 'Harbor & Finch', anyOf: ['Harbor and Finch'], goal: 'callable' },
        { value: '14:00', anyOf: ['2:00 pm', '2:00pm', '2:00 p.m.', '2 pm', '2pm'], goal: 'callable' },
        { value: '13:00', anyOf: ['1:00 pm', '1:00pm', '1:00 p.m.', '1 pm', '1pm'], goal: 'callable' },
        { value: '22.3', goal: 'small talk' },
        { value: '17.9', goal: 'small talk' },
        { value: 'Empire Textiles', goal: 'next' },
        { value: '15:00', anyOf: ['3:00 pm', '3:00pm', '3:00 p.m.', '3 pm', '3pm'], goal: 'next' },
      ],
    },
  },
  async ({ run, expect }) => {
    await expect(run).toHaveServerState(
      'memory',
      { tool: 'read_graph' },
      expect.objectContaining({
        entities: expect.arrayContaining([
          expect.objectContaining({ name: 'Nordwind GmbH', observations: expect.arrayContaining([expect.stringMatching(/call/i)]) }),
          expect.objectContaining({ name: 'Harbor & Finch', observations: expect.arrayContaining([expect.stringMatching(/call/i)]) }),
        ]),
        relations: expect.arrayContaining([expect.objectContaining({ from: 'Me', relationType: 'plans' })]),
      }),
    )
  },
)

const readingQueue = {
  'reading/queue.md':
    '# Reading queue\nPriority 5 = read first, 1 = whenever.\n\n- Gravitational wave (priority 2)\n- Large language model (priority 5)\n- CRISPR (priority 4)\n- Black hole (priority 1)\n',
}

mcpTask(
  'hard/filesystem+wikipedia+paper-search/reading-queue-notes',
  {
    servers: ['filesystem', 'wikipedia', 'paper-search'],
    tier: 'hard',
    category: 'multi-server/sequential',
    files: readingQueue,
    prompt:
      'Read reading/queue.md and take the two topics with the highest priority. For each: get the Wikipedia summary of the topic, and find the most-cited preprint on it (arXiv search "large language models" for the language-model topic, bioRxiv search "CRISPR-Cas9 screening" for CRISPR, 5 and 10 results) and read it. Create the folder notes and write notes/large-language-model.md and notes/crispr.md, each with the topic summary and the paper\'s title, citations and main result. Then edit reading/queue.md so those two topics say "(done)" instead of their priority, and list notes/ to confirm. Report the two topics, the papers with their citations and results, and the files written.',
    fuzzy:
      'My reading queue is in reading/queue.md (a higher priority number means read it sooner). Work through the two topics with the highest priority. For each, give me a short Wikipedia summary and the most cited preprint among the top hits on it, with its citation count and what it found. Use these searches, whichever topics come out on top: arXiv "gravitational waves", arXiv "large language models", arXiv "black holes" (5 results each) and bioRxiv "CRISPR-Cas9 screening" (10 results). Save a note for each in a notes folder, named after the topic in lower case with hyphens (Black hole would be notes/black-hole.md), with the summary and the paper\'s title, citations and main result. Then mark both as done in the queue by replacing their "(priority N)" with "(done)".',
    reference: {
      calls: [
        { id: 'queue', tool: 'filesystem.read_text_file', args: { path: 'reading/queue.md' } },
        { id: 'llm', tool: 'wikipedia.get_summary', args: { title: 'Large language model' }, after: ['queue'] },
        { id: 'crispr', tool: 'wikipedia.get_summary', args: { title: 'CRISPR' }, after: ['queue'] },
        { id: 'llm-papers', tool: 'paper-search.search_arxiv', args: { query: 'large language models', max_results: 5 }, after: ['queue'] },
        {
          id: 'crispr-papers',
          tool: 'paper-search.search_biorxiv',
          args: { query: 'CRISPR-Cas9 screening', max_results: 10 },
          after: ['queue'],
        },
        { id: 'llm-read', tool: 'paper-search.read_arxiv_paper', args: { paper_id: '1705.04683' }, after: ['llm-papers'] },
        {
          id: 'crispr-read',
          tool: 'paper-search.read_biorxiv_paper',
          args: { paper_id: '10.1101/2025.02.20.147454' },
          after: ['crispr-papers'],
        },
        { id: 'folder', tool: 'filesystem.create_directory', args: { path: 'notes' }, after: ['queue'] },
        {
          id: 'llm-note',
          tool: 'filesystem.write_file',
          args: {
            path: 'notes/large-language-model.md',
            content:
              '# Large language model\n\nA large language model (LLM) is a language model trained with self-supervised learning on vast amounts of text; most modern LLMs are generative pretrained transformers with billions of parameters.\n\nMost-cited preprint: "Marsen: Transformer Language Models for Low-resource Languages" (arXiv 1705.04683, 3131 citations). Marsen interleaves retrieval with generation and improves BLEU by 9.6 points on MCP-Bench while using 32% less compute.\n',
          },
          after: ['llm', 'llm-read', 'folder'],
        },
        {
          id: 'crispr-note',
          tool: 'filesystem.write_file',
          args: {
            path: 'notes/crispr.md',
            content:
              '# CRISPR\n\nCRISPR is a family of DNA sequences in bacteria and archaea that forms part of an adaptive immune system; with Cas enzymes it has become a precise and inexpensive gene-editing tool.\n\nMost-cited preprint: "A CRISPR-Cas9 screening atlas of malaria parasite invasion" (bioRxiv 10.1101/2025.02.20.147454, 635 citations). It profiled more than 120,000 cells, identified 25 candidate regulators and released PhatorAtlas.\n',
          },
          after: ['crispr', 'crispr-read', 'folder'],
        },
        {
          id: 'mark-done',
          tool: 'filesystem.edit_file',
          args: {
            path: 'reading/queue.md',
            edits: [
              { oldText: 'Large language model (priority 5)', newText: 'Large language model (done)' },
              { oldText: 'CRISPR (priority 4)', newText: 'CRISPR (done)' },
            ],
          },
          after: ['llm-note', 'crispr-note'],
        },
        { id: 'confirm', tool: 'filesystem.list_directory', args: { path: 'notes' }, after: ['llm-note', 'crispr-note'] },
      ],
      answer:
        'The two highest priorities are Large language model (5) and CRISPR (4). A large language model is a language model trained with self-supervised learning on vast amounts of text, mostly generative pretrained transformers with billions of parameters; the most-cited arXiv preprint on it is "Marsen: Transformer Language Models for Low-resource Languages" (3131 citations), which improves BLEU by 9.6 points on MCP-Bench with 32% less compute. CRISPR is a bacterial immune system turned into a precise, inexpensive gene-editing tool; the most-cited bioRxiv preprint is "A CRISPR-Cas9 screening atlas of malaria parasite invasion" (635 citations), which found 25 candidate regulators and released PhatorAtlas. I wrote notes/large-language-model.md and notes/crispr.md and marked both topics (done) in reading/queue.md.',
      facts: [
        { value: 'Large language model', goal: 'priorities' },
        { value: 'CRISPR', goal: 'priorities' },
        { value: 'Marsen', goal: 'llm' },
        { value: '3131', goal: 'llm' },
        { value: '9.6', goal: 'llm' },
        { value: 'malaria parasite invasion', goal: 'crispr' },
        { value: '635', goal: 'crispr' },
        {
          value: '25 candidate regulators',
          anyOf: ['25 candidate', '25 regulators', '25 putative regulators', '25 new regulators'],
          goal: 'crispr',
        },
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toHaveFile('filesystem', 'notes/large-language-model.md', /3131/)
    expect(run).toHaveFile('filesystem', 'notes/crispr.md', /635/)
    expect(run).toHaveFile('filesystem', 'reading/queue.md', /Large language model \(done\)[\s\S]*CRISPR \(done\)/)
    // The two lower priorities stay as they were.
    expect(run).toHaveFile('filesystem', 'reading/queue.md', /Gravitational wave \(priority 2\)[\s\S]*Black hole \(priority 1\)/)
  },
)
