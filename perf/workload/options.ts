import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchOptions } from '../../src/contracts/options.ts'

// Workload W as this project runs it, for perf/bar.ts: mcpTask files under the plugin with
// its default reporters, the OpenAI-compatible agent against the stand-in model (PERF_MODEL_URL) and one
// stdio server shared by the file's tasks (PERF_SERVER: the command as a JSON array). Two configs load
// the plugin two ways: vitest.config.ts from src/ (as this repository's own config does: Vite bundles
// it into the config and transforms it for the worker), vitest.dist.config.ts from the compiled package
// (as a user's project does, natively).

export function workloadOptions(): BenchOptions {
  const [command, ...args] = JSON.parse(
    process.env.PERF_SERVER ?? '["node","--import","tsx","../../fixtures/servers/math/main.ts"]',
  ) as string[]
  return {
    servers: { math: { command: command!, args } },
    agent: { model: 'stand-in', baseURL: process.env.PERF_MODEL_URL ?? 'http://127.0.0.1:9/v1' },
    outputDir: process.env.PERF_OUTPUT_DIR ?? join(tmpdir(), 'mcp-bench-perf-results'),
    historyDir: false,
    // For experiments: options merged over these, e.g. PERF_OPTIONS='{"progress":false}'.
    ...(JSON.parse(process.env.PERF_OPTIONS ?? '{}') as BenchOptions),
  }
}

export const workloadTest = {
  // .js: perf/bar.ts runs this config transpiled, in a scratch project.
  include: ['benchmarks/**/*.test.{ts,js}'],
  // For profiling the test worker: PERF_WORKER_EXEC_ARGV='["--cpu-prof","--cpu-prof-dir=/tmp/prof"]'.
  execArgv: JSON.parse(process.env.PERF_WORKER_EXEC_ARGV ?? '[]') as string[],
}
