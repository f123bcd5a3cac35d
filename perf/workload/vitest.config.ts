import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { mcpBench } from '../../src/plugin.ts'

// Workload W run by this project, for perf/harness-overhead.ts: mcpTask files under the plugin with
// its default reporters, the OpenAI-compatible agent against the stand-in model (PERF_MODEL_URL) and
// one stdio server shared by the file's tasks (PERF_SERVER: the command as a JSON array).
const [command, ...args] = JSON.parse(process.env.PERF_SERVER ?? '["node","--import","tsx","../../fixtures/servers/math/main.ts"]') as string[]

export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': new URL('../../src/index.ts', import.meta.url).pathname } },
  plugins: [mcpBench({
    servers: { math: { command: command!, args } },
    agent: { model: 'stand-in', baseURL: process.env.PERF_MODEL_URL ?? 'http://127.0.0.1:9/v1' },
    outputDir: process.env.PERF_OUTPUT_DIR ?? join(tmpdir(), 'mcp-bench-perf-results'),
    historyDir: false,
  })],
  test: { include: ['benchmarks/**/*.test.ts'] },
})
