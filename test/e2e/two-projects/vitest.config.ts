import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

/**
 * Two Vitest projects, each with its own mcpBench() options, run as a child process by
 * test/e2e/two-projects.test.ts. E2E_SHARED_DIR=1 points both at one output directory (with different gates).
 */
const out = process.env.E2E_OUTPUT_DIR ?? 'bench-results'
const shared = process.env.E2E_SHARED_DIR === '1'
const alias = { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname }
const servers = { math: { module: '../../../fixtures/servers/math/server.ts' } }

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        plugins: [mcpBench({ servers, outputDir: shared ? out : join(out, 'alpha'), gate: { minPassRate: 1 } })],
        test: { name: 'alpha', include: ['alpha/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        plugins: [mcpBench({ servers, outputDir: shared ? out : join(out, 'beta'), gate: { minPassRate: 0.5 }, historyDir: false })],
        test: { name: 'beta', include: ['beta/**/*.test.ts'] },
      },
    ],
  },
})
