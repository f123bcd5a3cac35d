import { inject, type TaskMeta } from 'vitest'
import { BudgetRefusal } from '../../contracts/budget.ts'
import { TASKS_POOL } from '../../contracts/slot-protocol.ts'
import { slots, useSlotServer } from './slots.ts'

/** What the plugin provides to the workers of a project (Vitest's `provide` / `inject`). */
interface ProvidedSlots {
  /** The main process's slot server's socket (a path; a named pipe on Windows). */
  address: string
  /** Workers the run may start: how many files' tasks can wait for slots at once. */
  workers: number
}

declare module 'vitest' {
  interface ProvidedContext {
    mcpBenchSlots: ProvidedSlots | undefined
  }
}

function provided(): ProvidedSlots | undefined {
  try {
    return inject('mcpBenchSlots')
  } catch {
    // Outside a Vitest worker (a script calling the task code directly): no slot server.
    return undefined
  }
}

/**
 * Runs a task in a slot of the run's tasks pool, so at most `concurrency` tasks are in flight across all
 * workers whatever the file layout. Without a slot server (plugin not set up by Vitest, or unreachable) the
 * worker limits its own tasks to the same number.
 */
export async function withTaskSlot<T>(
  concurrency: number,
  context: { signal?: AbortSignal; skip: (note: string) => never; task: { meta: TaskMeta } },
  run: () => Promise<T>,
): Promise<T> {
  useSlotServer(provided()?.address)
  let slot
  try {
    slot = await slots().acquire(TASKS_POOL, concurrency, context.signal)
  } catch (error) {
    // The run's budget is spent: the task is not started, and is listed as not run, never as a failure.
    if (error instanceof BudgetRefusal) {
      context.task.meta.mcpBenchNotRun = 'budget'
      context.skip(error.message)
    }
    // Cancelled (Ctrl-C, a CI cancel) while still waiting for a slot: the task never started, so it is listed
    // as unfinished (a skipped test without an outcome), not recorded as an error of its own.
    if (context.signal?.aborted) context.skip('not started: the run was cancelled while this task waited for a slot')
    throw error
  }
  try {
    return await run()
  } finally {
    slot.release()
  }
}

/**
 * How many task budgets a test may spend waiting for its slot, on top of its own: Vitest's clock starts when
 * the test does, and the test may wait in the queue first. The queue is first come first served and every
 * worker has at most `concurrency` tests started, so at most (workers − 1) × concurrency tasks are ahead of
 * it, served `concurrency` at a time: (workers − 1) budgets. Vitest's timeout is only the backstop; the
 * agent's, the servers' and the judge's own budgets start once the task has its slot.
 */
export function queueAllowance(): number {
  return Math.max(0, (provided()?.workers ?? 1) - 1)
}
