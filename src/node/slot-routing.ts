import type { TestProject, TestSpecification, Vitest } from 'vitest/node'

/** What the plugin provides a project's workers (src/runtime/limit/task-slot.ts reads it): where the run's slot server is. */
export interface SlotsProvided {
  /** The main process's slot server's socket; empty: the worker keeps its own pools. */
  address: string
  /** Workers the run may start: how many files' tasks can wait for slots at once. */
  workers: number
}

const routed = new WeakMap<Vitest, Map<TestProject, string>>()
/** Runs whose workers always use the slot server, whatever their file count (a budget is set). */
const sharedRuns = new WeakSet<Vitest>()

/**
 * Tells each plugin project's workers where the slot server is (`address`) and how many workers the run has
 * (their queue allowance). A later project may raise the run's workers, so every project set up so far is
 * told again with the count as it stands; and again at each run's start, once the files are known and before
 * any worker starts: the slot server holds the run's limits across worker processes, and a run whose benchmark
 * files are a single file has one worker process to hold. That worker then keeps its own pools, the same
 * limits, and no task or model request pays a round trip to the main process for its slot.
 */
export function routeSlots(vitest: Vitest, project: TestProject, address: string, options: { shared?: boolean } = {}): void {
  if (options.shared) sharedRuns.add(vitest)
  let projects = routed.get(vitest)
  if (!projects) {
    const all = (projects = new Map())
    routed.set(vitest, all)
    ;(vitest.config.reporters as unknown[]).push({
      onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
        const files = new Set(specifications.filter((s) => all.has(s.project)).map((s) => s.moduleId)).size
        // A budget is counted in the main process alone: then even one worker asks the server for its slots.
        for (const [p, a] of all)
          p.provide('mcpBenchSlots', sharedRuns.has(vitest) ? slotsOf(vitest, p, a) : slotsForRun(slotsOf(vitest, p, a), files))
      },
    })
  }
  projects.set(project, address)
  for (const [p, a] of projects) p.provide('mcpBenchSlots', slotsOf(vitest, p, a))
}

/** The slot server's address and the workers the project's files may run in: its own maxWorkers, else the run's. */
function slotsOf(vitest: Vitest, project: TestProject, address: string): SlotsProvided {
  const own = project.config !== vitest.config ? project.config.maxWorkers : undefined
  return { address, workers: own || vitest.config.maxWorkers || 1 }
}

/** The slots a run's workers use: the server's, unless the run's benchmark files are one file (one worker). */
function slotsForRun(provided: SlotsProvided, benchmarkFiles: number): SlotsProvided {
  return benchmarkFiles <= 1 ? { address: '', workers: 1 } : provided
}
