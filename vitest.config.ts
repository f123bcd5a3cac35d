import { defineConfig } from 'vitest/config'
import { mcpBench } from './src/plugin.ts'

// The package's own names, resolved to the sources: `vitest-mcp-bench/fixtures/<slug>` (the importer's --offline
// entries) to the fixture's server.ts, `vitest-mcp-bench` to src/index.ts.
const alias = [
  { find: /^vitest-mcp-bench\/fixtures\/([\w-]+)$/, replacement: new URL('./fixtures/servers/$1/server.ts', import.meta.url).pathname },
  { find: /^vitest-mcp-bench$/, replacement: new URL('./src/index.ts', import.meta.url).pathname },
]

const SUITE_SERVERS = [
  'math', 'time', 'weather', 'unit-converter', 'scientific-computing', 'medical-calculator', 'national-parks',
  'google-maps', 'paper-search', 'wikipedia', 'bibliomantic', 'nasa-data', 'huggingface',
]

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the unit project spends much of its time waiting on
    // child processes (servers, child Vitest runs), so a third worker keeps both cores busy.
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/*/**'], testTimeout: 30_000 },
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
