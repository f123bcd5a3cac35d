import { Module } from 'node:module'
import { createVitest } from 'vitest/node'
import { countPlannedTasks } from '../../../src/node/task-count.ts'

/**
 * Run by test/node/task-count.integration.test.ts in a child process (Vitest's own describe must throw outside
 * a test worker, as in a real run): the pre-count of this project's files, then Vitest's own collection of them,
 * per file as `{ agent: tests }`, or the reason a file is not counted. Argument: an optional `-t` pattern.
 */
const pattern = process.argv[2]
const vitest = await createVitest('test', { root: import.meta.dirname, watch: false, ...(pattern ? { testNamePattern: pattern } : {}) })
try {
  const specs = await vitest.globTestSpecifications()
  // A budget far above the run's 10 s: this compares what is counted, not how fast, and on a busy 2-core machine
  // (two busy loops beside the tests) the imports took longer than 10 s.
  // Module hooks the count registers: on Node 20 each is a loader thread (an isolate) kept for the whole run.
  let hooks = 0
  const register = Module.register
  Module.register = function (this: unknown, ...args: unknown[]) {
    hooks++
    return Reflect.apply(register, this, args)
  } as typeof register
  const counts = await countPlannedTasks(specs, { testNamePattern: vitest.config.testNamePattern }, 100_000)
  const name = (id: string) => id.slice(id.lastIndexOf('/') + 1)
  const counted = Object.fromEntries(
    [...counts].map(([s, c]) => [name(s.moduleId), 'unknown' in c ? { unknown: c.unknown } : Object.fromEntries(c.perAgent)]),
  )
  Module.register = register
  const saw = (globalThis as { taskCountSaw?: string }).taskCountSaw
  const { testModules } = await vitest.collect()
  const collected = Object.fromEntries(
    testModules.map((m) => {
      const perAgent: Record<string, number> = {}
      for (const t of m.children.allTests()) {
        const agent = t.meta().mcpBenchTask?.agent
        if (agent && t.options.mode !== 'skip' && t.options.mode !== 'todo') perAgent[agent] = (perAgent[agent] ?? 0) + 1
      }
      return [name(m.moduleId), perAgent]
    }),
  )
  process.stdout.write(`${JSON.stringify({ counted, collected, saw, hooks })}\n`)
} finally {
  await vitest.close()
}
