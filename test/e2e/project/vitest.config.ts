import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

// A user's project in miniature, run as a child process by test/e2e/*.test.ts.
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: process.env.E2E_SERVERS_FILE ?? './mcp.servers.json',
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      // One history for runs that write their reports apart (shards run side by side); default <outputDir>/history.
      ...(process.env.E2E_HISTORY_DIR ? { historyDir: process.env.E2E_HISTORY_DIR } : {}),
      taskTimeout: 8_000,
      gate: {
        ...(process.env.E2E_MIN_RULE_SCORE ? { minRuleScore: Number(process.env.E2E_MIN_RULE_SCORE) } : {}),
        ...(process.env.E2E_MIN_PASS_RATE ? { minPassRate: Number(process.env.E2E_MIN_PASS_RATE) } : {}),
        ...(process.env.E2E_BASELINE ? { baseline: process.env.E2E_BASELINE, maxDrop: { passRate: 0.05 } } : {}),
      },
      ...(process.env.E2E_AGENT_MODULE ? { agent: { module: process.env.E2E_AGENT_MODULE } } : {}),
      // Several agents: `reference` or agent modules, comma-separated.
      ...(process.env.E2E_AGENTS ? { agent: process.env.E2E_AGENTS.split(',').map((a) => (a === 'reference' ? a : { module: a })) } : {}),
      ...(process.env.E2E_PRICES ? { prices: JSON.parse(process.env.E2E_PRICES) } : {}),
      // The judge cache in a directory of the test's own (the model comes from MCP_BENCH_JUDGE_MODEL).
      ...(process.env.E2E_JUDGE_CACHE ? { judge: { cache: process.env.E2E_JUDGE_CACHE } } : {}),
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
