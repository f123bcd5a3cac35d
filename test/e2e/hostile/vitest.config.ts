import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

/**
 * A project of hostile servers and agents: catastrophic regexes in schemas,
 * huge output in fields that are not text, symlinks planted in a workspace,
 * an agent that sends huge names, arguments and answers. Run by
 * test/e2e/hostile-input.test.ts.
 */
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: './mcp.servers.json',
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      taskTimeout: 10_000,
      ...(process.env.E2E_AGENTS ? { agent: process.env.E2E_AGENTS.split(',').map((a) => (a === 'reference' ? a : { module: a })) } : {}),
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
