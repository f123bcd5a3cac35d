import { defineConfig } from 'vitest/config'
import { mcpBench } from './src/plugin.ts'

const alias = { 'vitest-mcp-bench': new URL('./src/index.ts', import.meta.url).pathname }

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
