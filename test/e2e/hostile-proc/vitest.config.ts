import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

/**
 * Hostile process conditions, run by test/e2e/interrupt-hostile.test.ts:
 * servers that ignore SIGTERM and start children, a worker killed mid-run,
 * Ctrl-C twice. One worker runs both files in turn, so a dead worker leaves
 * a file that never started.
 */
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: './mcp.servers.json',
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      taskTimeout: 60_000,
      concurrency: 1,
    }),
  ],
  // Ordered scenarios: one task at a time, so the strike comes with one task finished, one held, one not started.
  // c-tree.test.ts runs only with E2E_TREE set.
  test: {
    include: ['benchmarks/**/*.test.ts'],
    exclude: process.env.E2E_TREE ? [] : ['benchmarks/c-tree.test.ts'],
    maxWorkers: 1,
    fileParallelism: false,
  },
})
