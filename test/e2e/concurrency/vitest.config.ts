import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

/**
 * A project for test/e2e/concurrency.test.ts: four files of eight small tasks each against a scripted model,
 * with the plugin's default concurrency settings (nothing about workers or Vitest's concurrency set here).
 */
const concurrency = process.env.E2E_AGENT_CONCURRENCY
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: { math: { module: '../../../fixtures/servers/math/server.ts' } },
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      taskTimeout: 120_000,
      agent: { model: 'scripted-model', baseURL: process.env.E2E_MODEL_URL, ...(concurrency ? { concurrency: Number(concurrency) } : {}) },
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
