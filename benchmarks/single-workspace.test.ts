import { mcpTask } from 'vitest-mcp-bench'

// Single-server tasks on the npm reference servers: filesystem and memory
// (fresh, seeded workspace per task), everything and sequential-thinking.

const releaseFiles = {
  'todo.md': '# Release checklist\n- [x] bump version\n- [ ] update changelog\n- [ ] tag release\n',
  'notes/ideas.md': '# Ideas\n- dark mode\n',
}

const envFiles = {
  'config/staging.env': 'APP_ENV=staging\nDB_POOL_SIZE=10\nLOG_LEVEL=debug\nCACHE_TTL_SECONDS=60\nFEATURE_NEW_CHECKOUT=true\n',
  'config/production.env': 'APP_ENV=production\nDB_POOL_SIZE=50\nLOG_LEVEL=warn\nCACHE_TTL_SECONDS=60\nFEATURE_NEW_CHECKOUT=false\n',
}

const salesFiles = {
  'README.txt': 'Quarterly exports live under data/, one folder per quarter.\n',
  'data/q1/notes.txt': 'Q1 export was lost in the migration; see the finance wiki.\n',
  'data/q2/sales.csv': 'month,units\nApril,120\nMay,135\nJune,150\n',
}

/** A knowledge graph in server-memory's JSONL format, seeded into the task's memory.jsonl. */
const team = [
  {
    type: 'entity',
    name: 'Mia Chen',
    entityType: 'person',
    observations: ['allergic to peanuts', 'vegetarian', 'joins the offsite on Friday'],
  },
  { type: 'entity', name: 'Tom Reyes', entityType: 'person', observations: ['lactose intolerant', 'leads the data team'] },
  { type: 'entity', name: 'Priya Natarajan', entityType: 'person', observations: ['product manager', 'no dietary restrictions'] },
  { type: 'entity', name: 'Project Atlas', entityType: 'project', observations: ['deadline 2025-09-30', 'budget $48,000'] },
  { type: 'relation', from: 'Priya Natarajan', to: 'Project Atlas', relationType: 'owns' },
  { type: 'relation', from: 'Tom Reyes', to: 'Project Atlas', relationType: 'works_on' },
]
const teamMemory = { 'memory.jsonl': team.map((line) => JSON.stringify(line)).join('\n') + '\n' }

// ── filesystem ──────────────────────────────────────────────────────────────

mcpTask('filesystem/release-checklist', {
  servers: ['filesystem'],
  category: 'single-server/single',
  files: releaseFiles,
  prompt:
    'Read todo.md in the workspace with the filesystem tools and report which release checklist items are still open and how many there are.',
  fuzzy: "What's still left to do on the release checklist in todo.md?",
  reference: {
    calls: [{ id: 'read', tool: 'filesystem.read_text_file', args: { path: 'todo.md' } }],
    answer: '2 items are still open: update changelog and tag release. (Bump version is already done.)',
    facts: [
      { value: 'update changelog', anyOf: ['changelog'] },
      {
        value: 'tag release',
        anyOf: ['tag the release', 'tagging the release', 'release tag', 'tag a release', 'tag the new release', 'tagging release'],
      },
    ],
  },
})

mcpTask('filesystem/staging-vs-production-config', {
  servers: ['filesystem'],
  category: 'single-server/parallel',
  files: envFiles,
  prompt:
    'Read config/staging.env and config/production.env from the workspace with the filesystem tools and list every setting whose value differs between the two, with both values.',
  fuzzy:
    'Something behaves differently in production than in staging. Could you compare config/staging.env with config/production.env and tell me which settings differ and how?',
  reference: {
    calls: [
      { id: 'staging', tool: 'filesystem.read_text_file', args: { path: 'config/staging.env' } },
      { id: 'production', tool: 'filesystem.read_text_file', args: { path: 'config/production.env' } },
    ],
    answer:
      'Apart from APP_ENV (staging vs production), three settings differ: DB_POOL_SIZE is 10 in staging but 50 in production; LOG_LEVEL is debug vs warn; FEATURE_NEW_CHECKOUT is true in staging but false in production. CACHE_TTL_SECONDS is 60 in both.',
    facts: ['DB_POOL_SIZE', 'LOG_LEVEL', 'FEATURE_NEW_CHECKOUT', '50'],
  },
})

mcpTask(
  'filesystem/find-the-sales-export',
  {
    servers: ['filesystem'],
    category: 'single-server/sequential',
    files: salesFiles,
    prompt:
      'Search the workspace for CSV files (pattern **/*.csv) with the filesystem tools, read the one you find, and report its path, the total units sold and the best month.',
    fuzzy:
      "Somewhere in this folder there's a spreadsheet export of our quarterly sales. Can you find it and tell me where it is, how many units we sold in total and which month was best?",
    reference: {
      calls: [
        { id: 'search', tool: 'filesystem.search_files', args: { path: '.', pattern: '**/*.csv' } },
        { id: 'read', tool: 'filesystem.read_text_file', args: { path: 'data/q2/sales.csv' }, after: ['search'] },
      ],
      answer:
        'The export is data/q2/sales.csv. It lists April 120, May 135 and June 150 units: 405 units in total, with June the best month (150).',
      facts: [
        'data/q2/sales.csv',
        { value: '405', derived: 'the units of April, May and June in the CSV added up: 120 + 135 + 150' },
        'June',
      ],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('filesystem.read_text_file')
    expect(run).toFollowDependencies()
  },
)

// ── memory ──────────────────────────────────────────────────────────────────

mcpTask('memory/who-has-the-allergy', {
  servers: ['memory'],
  category: 'single-server/single',
  files: teamMemory,
  prompt:
    'Read the whole memory knowledge graph and report who has a peanut allergy, any other dietary notes about them, and how many people in the graph have a dietary restriction of any kind (as a number).',
  fuzzy:
    "I'm ordering lunch for the offsite. Which of my colleagues is allergic to peanuts, and is there anything else I should know about what they eat? And how many people in my notes need some kind of special meal? Just give me the number for that.",
  reference: {
    calls: [{ id: 'graph', tool: 'memory.read_graph', args: {} }],
    answer:
      'Mia Chen is allergic to peanuts. She is also vegetarian, and she joins the offsite on Friday. 2 people need a special meal: Mia Chen and Tom Reyes, who is lactose intolerant (Priya Natarajan has no dietary restrictions).',
    // Any call that reads the graph shows who is allergic; the count is what proves the agent read it.
    facts: [
      'Mia Chen',
      'vegetarian',
      {
        value: '2',
        derived: 'people whose observations name a dietary restriction: Mia Chen (peanuts, vegetarian) and Tom Reyes (lactose intolerant)',
      },
    ],
  },
})

mcpTask(
  'memory/atlas-deadline-moved',
  {
    servers: ['memory'],
    category: 'single-server/sequential',
    files: teamMemory,
    prompt:
      'Search the memory knowledge graph for "Atlas" to find the project and its owner. Then replace its deadline: first delete the observation "deadline 2025-09-30", then add the observation "deadline 2025-10-15" (one after the other: the graph is saved to one file). Report the owner and the new deadline.',
    fuzzy:
      'The Atlas project deadline has slipped from 2025-09-30 to 2025-10-15. Please update what you remember about it, and remind me who owns it so I can let them know.',
    reference: {
      calls: [
        { id: 'search', tool: 'memory.search_nodes', args: { query: 'Atlas' } },
        {
          id: 'forget',
          tool: 'memory.delete_observations',
          args: { deletions: [{ entityName: 'Project Atlas', observations: ['deadline 2025-09-30'] }] },
          after: ['search'],
        },
        {
          id: 'note',
          tool: 'memory.add_observations',
          args: { observations: [{ entityName: 'Project Atlas', contents: ['deadline 2025-10-15'] }] },
          after: ['forget'],
        },
      ],
      answer:
        'Updated: Project Atlas now has the deadline 2025-10-15 (the old 2025-09-30 entry is removed). It is owned by Priya Natarajan; Tom Reyes also works on it.',
      facts: [
        'Priya Natarajan',
        { value: '2025-10-15', anyOf: ['15 October', 'October 15', '15 Oct', 'Oct 15', '15th October', 'October 15th'] },
      ],
    },
  },
  async ({ run, expect }) => {
    expect(run).toFollowDependencies()
    await expect(run).toHaveServerState(
      'memory',
      { tool: 'open_nodes', args: { names: ['Project Atlas'] } },
      expect.objectContaining({
        // The new date in whatever words the agent records it; the old entry must be gone (below).
        entities: [
          expect.objectContaining({ name: 'Project Atlas', observations: expect.arrayContaining([expect.stringContaining('2025-10-15')]) }),
        ],
      }),
    )
    await expect(run).not.toHaveServerState(
      'memory',
      { tool: 'open_nodes', args: { names: ['Project Atlas'] } },
      expect.objectContaining({
        entities: [expect.objectContaining({ observations: expect.arrayContaining(['deadline 2025-09-30']) })],
      }),
    )
  },
)

// ── everything ──────────────────────────────────────────────────────────────

mcpTask('everything/invoice-total', {
  servers: ['everything'],
  category: 'single-server/single',
  prompt: 'Use the sum tool of the everything server to add the two invoices, $1,299 and $847, and report the total.',
  fuzzy: 'Two invoices came in this week, one for $1,299 and one for $847. What do they add up to?',
  reference: {
    calls: [{ id: 'sum', tool: 'everything.get-sum', args: { a: 1299, b: 847 } }],
    answer: 'The two invoices total $2,146.',
    facts: ['2,146'],
  },
})

mcpTask('everything/two-city-conditions', {
  servers: ['everything'],
  category: 'single-server/parallel',
  prompt:
    "Use the everything server's structured-content tool to get the conditions for New York and for Chicago, and report each city's temperature, conditions and humidity, and which is warmer.",
  fuzzy: 'What are the conditions in New York and in Chicago right now (temperature, sky and humidity), and which of the two is warmer?',
  reference: {
    calls: [
      { id: 'ny', tool: 'everything.get-structured-content', args: { location: 'New York' } },
      { id: 'chicago', tool: 'everything.get-structured-content', args: { location: 'Chicago' } },
    ],
    answer:
      'New York: 33 degrees, cloudy, 82% humidity. Chicago: 36 degrees, light rain / drizzle, 82% humidity. Chicago is the warmer of the two, by 3 degrees.',
    facts: ['33', '36', 'cloudy', { value: 'drizzle', anyOf: ['light rain'] }],
  },
})

// ── sequential-thinking ────────────────────────────────────────────────────

mcpTask(
  'sequential-thinking/conference-session-fit',
  {
    servers: ['sequential-thinking'],
    category: 'single-server/sequential',
    prompt:
      'Use the sequential-thinking tool for two thoughts. Thought 1: total the three talks (40, 25 and 50 minutes) plus a 5-minute changeover between consecutive talks. Thought 2 (the last): compare that with the 2-hour session and conclude. Report whether the talks fit and by how much they overrun or leave spare.',
    fuzzy:
      'I have a 2-hour conference session and three talks of 40, 25 and 50 minutes, with a 5-minute changeover between consecutive talks. Please think it through step by step: how many minutes does it all take, does everything fit, and if not, by how much am I over?',
    reference: {
      calls: [
        {
          id: 'total',
          tool: 'sequential-thinking.sequentialthinking',
          args: {
            thought:
              'The talks take 40 + 25 + 50 = 115 minutes; the two changeovers between three talks add 2 × 5 = 10 minutes, so 125 minutes in total.',
            nextThoughtNeeded: true,
            thoughtNumber: 1,
            totalThoughts: 2,
          },
        },
        {
          id: 'verdict',
          tool: 'sequential-thinking.sequentialthinking',
          args: {
            thought:
              'The session is 2 hours = 120 minutes, so 125 minutes overruns by 5 minutes; trimming the 50-minute talk to 45 minutes makes it fit exactly.',
            nextThoughtNeeded: false,
            thoughtNumber: 2,
            totalThoughts: 2,
          },
          after: ['total'],
        },
      ],
      answer:
        'It does not quite fit: the talks take 115 minutes and the two changeovers 10 more, 125 minutes in all, 5 minutes over the 120-minute session. Trimming the 50-minute talk to 45 minutes (or dropping a changeover) makes it fit.',
      // The total is what the reasoning produces; the 5-minute overrun is a number the prompt already has.
      facts: [{ value: '125', derived: 'the talks (115 minutes) plus two 5-minute changeovers' }],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)
