import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../../src/plugin.ts'

// Two files, each with a stdio server of its own that writes its pid to AHEAD_DIR/<name> once it runs; run by
// test/e2e/servers-ahead.test.ts to see when a file's shared servers start (the run's server plan,
// src/runtime/servers/start-ahead.ts). The probe is the one the e2e global setup compiles.
const probe = (name: string) => ({
  command: process.execPath,
  args: [new URL('../../../node_modules/.cache/mcp-bench-test-servers/probe-stdio.mjs', import.meta.url).pathname],
  env: { PROBE_PID_FILE: join(process.env.AHEAD_DIR!, name) },
})

export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../../src/index.ts', import.meta.url).pathname } },
  plugins: [mcpBench({ servers: { alpha: probe('alpha'), beta: probe('beta') }, outputDir: join(process.env.AHEAD_DIR!, 'out') })],
  // Runs before the plugin's own setup files (Vite puts a plugin's config after the project's).
  test: { include: ['benchmarks/**/*.test.ts'], setupFiles: ['./wait-for-plan.ts'] },
})
