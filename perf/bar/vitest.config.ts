import { defineConfig } from 'vitest/config'

// The plain-Vitest contenders of perf/bar.ts (the floor, the floor with JUnit, vitest-evals), run in its scratch
// project: PERF_BAR_FILE picks the test file; `--maxConcurrency` comes on the command line. PERF_WORKER_EXEC_ARGV
// profiles the test worker, as it does this project's (perf/workload/options.ts; `--parts profile --profile-of floor`).
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: [process.env.PERF_BAR_FILE ?? 'floor.test.js'],
    execArgv: JSON.parse(process.env.PERF_WORKER_EXEC_ARGV ?? '[]') as string[],
  },
})
