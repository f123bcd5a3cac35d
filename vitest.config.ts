import { defineConfig } from 'vitest/config'
import { mcpBench } from './src/plugin.ts'

// The package's own names, resolved to the sources: `vitest-mcp-bench/fixtures/<slug>` (the importer's --offline
// entries) to the fixture's server.ts, `vitest-mcp-bench` to src/index.ts.
const alias = [
  { find: /^vitest-mcp-bench\/fixtures\/([\w-]+)$/, replacement: new URL('./fixtures/servers/$1/server.ts', import.meta.url).pathname },
  { find: /^vitest-mcp-bench$/, replacement: new URL('./src/index.ts', import.meta.url).pathname },
  { find: /^vitest-mcp-bench\/baselines$/, replacement: new URL('./src/baselines.ts', import.meta.url).pathname },
]

const SUITE_SERVERS = [
  'math', 'time', 'weather', 'unit-converter', 'scientific-computing', 'medical-calculator', 'national-parks',
  'google-maps', 'paper-search', 'wikipedia', 'bibliomantic', 'nasa-data', 'huggingface',
]

// MCP_BENCH_PORTABLE=1 (.ci/run sets it under Bun and Deno) leaves out the tests that spawn a child Vitest (the
// packed package runs end to end under both runtimes in scripts/consumer-smoke.sh) and the one that runs tsc.
// An env var because Vitest's --exclude does not reach a project's own exclude list.
const PORTABLE_EXCLUDE = process.env.MCP_BENCH_PORTABLE === '1' ? ['test/e2e/**', 'test/typegen/typed-names.test.ts'] : []

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the unit project spends much of its time waiting on
    // child processes (servers, child Vitest runs), so a third worker keeps both cores busy.
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/*/**', ...PORTABLE_EXCLUDE], testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        plugins: [mcpBench({
          servers: './mcp.servers.json',
          gate: { minPassRate: 1 },
          // The bundled suite draws its distractors from the servers it is written for, so adding a fixture
          // (for MCP-Bench's own tasks) does not change what its tasks see.
          distractors: { pool: SUITE_SERVERS },
        })],
        test: { name: 'benchmarks', include: ['benchmarks/**/*.test.ts'] },
      },
    ],
  },
})
