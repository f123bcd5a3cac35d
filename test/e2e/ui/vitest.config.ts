import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

// Run by test/e2e/ui.test.ts under `vitest --ui`: a stand-in model (OPENAI_BASE_URL) and its judge, on the math fixture.
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [
    mcpBench({
      servers: { math: { module: '../../../fixtures/servers/math/server.ts' } },
      outputDir: process.env.E2E_OUTPUT_DIR ?? 'bench-results',
      agent: { model: 'stand-in' },
      judge: { model: 'stand-in-judge', samples: 1 },
    }),
  ],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
