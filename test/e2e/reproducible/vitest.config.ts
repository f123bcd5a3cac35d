import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

// Run by test/e2e/reproducible.test.ts: the reference row and a stand-in model (OPENAI_BASE_URL), judged by a
// stand-in judge (MCP_BENCH_JUDGE_MODEL), five ways; every leaderboard must be the same apart from timings.
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: './mcp.servers.json',
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      taskTimeout: 60_000,
      agent: ['reference', { model: 'stand-in', loop: 'tools' }, { model: 'stand-in', loop: 'planner' }],
      judge: { samples: 3 },
      // Priced, so a budget in dollars can be tried on it (test/e2e/resume.test.ts).
      prices: { 'stand-in': { input: 2, output: 8 }, 'stand-in-judge': { input: 1, output: 4 } },
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
