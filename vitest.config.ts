import { defineConfig } from 'vitest/config'
import { mcpBench } from './src/plugin.ts'

// The package's own names, resolved to the sources: `vitest-mcp-bench/fixtures/<slug>` (the importer's --offline
// entries) to the fixture's server.ts, `vitest-mcp-bench` to src/index.ts.
const alias = [
  { find: /^vitest-mcp-bench\/fixtures\/([\w-]+)$/, replacement: new URL('./fixtures/servers/$1/server.ts', import.meta.url).pathname },
  { find: /^vitest-mcp-bench$/, replacement: new URL('./src/index.ts', import.meta.url).pathname },
]

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/*/**'], testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        plugins: [mcpBench({ servers: './mcp.servers.json', gate: { minPassRate: 1 } })],
        test: { name: 'benchmarks', include: ['benchmarks/**/*.test.ts'] },
      },
    ],
  },
})
