import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

// Task files of every shape the pre-count meets (src/node/task-count.ts), run by test/node/task-count.integration.test.ts.
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: { math: { module: '../../../fixtures/servers/math/server.ts' } },
      // Never called: the pre-count and Vitest's collection only name the agents.
      agent: ['reference', { model: 'other', baseURL: 'http://127.0.0.1:9/v1' }],
      trials: 2,
      reporters: false,
      progress: false,
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
