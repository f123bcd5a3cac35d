import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

/**
 * A project made to fail: servers that crash, hang, print garbage or leak a
 * secret in their arguments; a model that answers 401, 429, 500, HTML or
 * nothing; a judge that refuses or babbles. Run by test/e2e/faults.test.ts.
 */
const model = process.env.E2E_MODEL_URL
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: './mcp.servers.json',
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      taskTimeout: 8_000,
      judgeTimeout: 20_000,
      // One task at a time: these files are scenarios in order (a task crashes the shared probe server and the
      // next one finds it dead; the interrupt tests need two quick tasks done, one under way, one not started).
      // Concurrently, a crash of a shared server also fails the calls other tasks have in flight on it.
      concurrency: 1,
      ...(model
        ? { agent: { model: 'scripted-model', baseURL: model, maxRetries: 2, requestTimeoutMs: 1_500, apiKeyEnv: 'E2E_AGENT_KEY' } }
        : {}),
      ...(process.env.E2E_JUDGE_URL
        ? {
            judge: {
              model: 'scripted-judge',
              baseURL: process.env.E2E_JUDGE_URL,
              samples: 2,
              maxRetries: 1,
              cache: false,
              apiKey: process.env.E2E_JUDGE_INLINE_KEY,
              headers: { 'x-judge-token': process.env.E2E_JUDGE_INLINE_HEADER ?? 'unset' },
            },
            gate: { minOverall: 0.1 },
          }
        : {}),
    }),
  ],
  // slow.test.ts runs only when named, by the interrupt tests.
  test: { include: ['benchmarks/**/*.test.ts'], exclude: process.env.E2E_SLOW ? [] : ['benchmarks/slow.test.ts'] },
})
