import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

/**
 * A project whose agent gets worse, run as a child process by test/e2e/regression.test.ts: twenty tasks on the
 * in-process probe server. E2E_AGENT=worse runs agents/worse.ts under the row name "reference", so that compare
 * and the baseline gate, which pair task runs by (task id, agent, trial), pair it with the reference agent's run,
 * as they would a pull request that changed one agent. E2E_BASELINE gates the run on a baseline leaderboard.
 */
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: './mcp.servers.json',
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      taskTimeout: 8_000,
      ...(process.env.E2E_AGENT === 'worse' ? { agent: { module: './agents/worse.ts', name: 'reference' } } : {}),
      ...(process.env.E2E_BASELINE ? { gate: { baseline: process.env.E2E_BASELINE, maxDrop: { passRate: 0.05 } } } : {}),
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
