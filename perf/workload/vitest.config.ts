import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../src/plugin.ts'
import { workloadOptions, workloadTest } from './options.ts'

// Workload W with the plugin from src/ (see options.ts).
export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../src/index.ts', import.meta.url).pathname } },
  plugins: [mcpBench(workloadOptions())],
  test: workloadTest,
})
