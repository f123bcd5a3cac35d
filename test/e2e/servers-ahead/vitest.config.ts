import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

// Two files, each with a stdio server of its own that writes its pid to AHEAD_DIR/<name> once it runs; run by
// test/e2e/servers-ahead.test.ts to see when a file's shared servers start (src/runtime/servers/hub.ts, `plan`).
const probe = (name: string) => ({
  command: process.execPath,
  args: ['--import', 'tsx', new URL('../../support/probe-stdio.ts', import.meta.url).pathname],
  env: { PROBE_PID_FILE: join(process.env.AHEAD_DIR!, name) },
})

export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [mcpBench({ servers: { alpha: probe('alpha'), beta: probe('beta') }, reporters: false, progress: false })],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
