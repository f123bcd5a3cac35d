import { defineConfig } from 'vitest/config'
import { mcpBench } from '../src/plugin.ts'

// The baseline rows of docs/guide/bundled-suite.md: the reference agent and the two weak baselines on every bundled task, one
// leaderboard (per-tier pass rates in bench-results/baselines/summary.md).
// Run: npx vitest run --config scripts/baselines.config.ts
const alias = [{ find: /^vitest-mcp-bench$/, replacement: new URL('../src/index.ts', import.meta.url).pathname }]

// As in vitest.config.ts: the bundled suite draws its distractors from the servers it is written for.
const SUITE_SERVERS = [
  'math',
  'time',
  'weather',
  'unit-converter',
  'scientific-computing',
  'medical-calculator',
  'national-parks',
  'google-maps',
  'paper-search',
  'wikipedia',
  'bibliomantic',
  'nasa-data',
  'huggingface',
]

export default defineConfig({
  resolve: { alias },
  plugins: [
    mcpBench({
      servers: './mcp.servers.json',
      outputDir: 'bench-results/baselines',
      historyDir: false,
      agent: [
        'reference',
        { module: './src/runtime/agents/baselines/random.ts' },
        { module: './src/runtime/agents/baselines/greedy-one-step.ts' },
      ],
      distractors: { pool: SUITE_SERVERS },
      // The baselines are meant to fail most tasks: the exit code reports setup errors only.
      gate: { minPassRate: 0 },
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
