import { existsSync, readFileSync } from 'node:fs'
import { inject } from 'vitest'

// The plan is written by the main process's pre-count while the worker starts, and a worker that reads it first
// starts nothing early (by design: the run is the same, only slower). So that the test sees the plan used, each
// file waits here, before the plugin's setup file reads the plan, until the plan names the files in AHEAD_PLANNED.
const planned = (process.env.AHEAD_PLANNED ?? '').split(',').filter(Boolean)
const path = inject('mcpBenchServerPlan')
const deadline = Date.now() + 15_000
const named = () => {
  if (!path || !existsSync(path)) return false
  const keys = Object.keys(JSON.parse(readFileSync(path, 'utf8')) as object)
  return planned.every((name) => keys.some((k) => k.endsWith(`/benchmarks/${name}.test.ts`)))
}
while (planned.length && !named()) {
  if (Date.now() > deadline) throw new Error(`the server plan did not name ${planned.join(', ')} within 15 s`)
  await new Promise((r) => setTimeout(r, 20))
}
