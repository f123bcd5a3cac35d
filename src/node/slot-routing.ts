import type { TestProject, TestSpecification, Vitest } from 'vitest/node'

/** What the plugin provides a project's workers (src/runtime/limit/task-slot.ts reads it): where the run's slot server is. */
export interface SlotsProvided {
  /** The main process's slot server, `127.0.0.1:<port>`; empty: the worker keeps its own pools. */
  address: string
  /** Workers the run may start: how many files' tasks can wait for slots at once. */
  workers: number
}

const routed = new WeakMap<Vitest, Map<TestProject, SlotsProvided>>()

/**
 * Provides `slots` to the project's workers, and decides again at each run's start, once the files are known
 * and before any worker starts: the slot server holds the run's limits across worker processes, and a run
 * whose benchmark files are a single file has one worker process to hold. That worker then keeps its own
 * pools, the same limits, and no task or model request pays a round trip to the main process for its slot.
 */
export function routeSlots(vitest: Vitest, project: TestProject, slots: SlotsProvided): void {
  project.provide('mcpBenchSlots', slots)
  let projects = routed.get(vitest)
  if (!projects) {
    const all = (projects = new Map())
    routed.set(vitest, all)
    ;(vitest.config.reporters as unknown[]).push({
      onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
        const files = new Set(specifications.filter((s) => all.has(s.project)).map((s) => s.moduleId)).size
        for (const [p, provided] of all) p.provide('mcpBenchSlots', slotsForRun(provided, files))
      },
    })
  }
  projects.set(project, slots)
}

/** The slots a run's workers use: the server's, unless the run's benchmark files are one file (one worker). */
function slotsForRun(provided: SlotsProvided, benchmarkFiles: number): SlotsProvided {
  return benchmarkFiles <= 1 ? { address: '', workers: 1 } : provided
}
