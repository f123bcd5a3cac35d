import type { SerializedError } from 'vitest'
import type { TestModule, TestSpecification, Vitest } from 'vitest/node'

/**
 * What of the planned run never finished, as the main process sees it. When
 * a Vitest worker dies (SIGKILL, the OOM killer, a native crash), Vitest
 * reports one unhandled error and ends the run: the dead worker's file has
 * tests that never got a result, and the files it had yet to run are not
 * among the run's modules at all. The main process still knows every file
 * it planned (the specifications at the start of the run); these helpers
 * name what is missing, so the reports can account for it instead of losing
 * it silently.
 */

/** Vitest's words for a worker that went away: the pool's error, its cause, or a thread's memory limit. */
const WORKER_GONE = /\[vitest-pool\]: Worker \w+ emitted error|Worker exited unexpectedly|Worker terminated due to reaching memory limit/

/** A sentence on how a worker died, from the run's unhandled errors; null when none did. */
export function workerDeath(unhandledErrors: ReadonlyArray<SerializedError>): string | null {
  const died = unhandledErrors.some((error) => {
    const cause = (error as { cause?: { message?: unknown } }).cause
    return WORKER_GONE.test(String(error.message)) || WORKER_GONE.test(String(cause?.message ?? ''))
  })
  return died ? 'a Vitest worker exited unexpectedly (killed, out of memory or crashed)' : null
}

/**
 * The files this run will run, from the specifications its start reports. Vitest reports them before it
 * applies `--shard` (in its pool), so a shard's part is taken here the way Vitest takes it, with the
 * configured sequencer; otherwise every other shard's file would look like one that never ran.
 */
export async function plannedFiles(
  vitest: Vitest | undefined,
  specifications: ReadonlyArray<TestSpecification>,
): Promise<TestSpecification[]> {
  const config = vitest?.config
  if (!config?.shard || specifications.length === 0) return [...specifications]
  try {
    const Sequencer = config.sequence.sequencer as unknown as new (
      vitest: Vitest,
    ) => { shard(specs: TestSpecification[]): Promise<TestSpecification[]> | TestSpecification[] }
    return await new Sequencer(vitest!).shard([...specifications])
  } catch {
    // Unknown which files are this shard's: claim none as missing rather than another shard's.
    return []
  }
}

const key = (projectName: string, moduleId: string) => `${projectName}\u0000${moduleId}`

/**
 * The planned files that never ran: not among the run's modules, or there
 * with no test collected and no error (their worker died first). A file
 * that failed to load has its error and is reported as such elsewhere.
 * Asked only of a run cut short (a signal, a dead worker): a run that ended
 * normally ran what it planned.
 */
export function filesNotRun(planned: ReadonlyArray<TestSpecification>, modules: ReadonlyArray<TestModule>): TestSpecification[] {
  if (planned.length === 0) return []
  const ran = new Set<string>()
  for (const module of modules) {
    const neverStarted =
      (module.state() === 'pending' || module.state() === 'queued') && module.children.size === 0 && module.errors().length === 0
    if (!neverStarted) ran.add(key(module.project.name, module.moduleId))
  }
  const seen = new Set<string>()
  return planned.filter((spec) => {
    const k = key(spec.project.name, spec.moduleId)
    if (ran.has(k) || seen.has(k)) return false
    seen.add(k)
    return true
  })
}

/** Why a planned file has no result, for leaderboard.json's `fileErrors` and JUnit's `<error>`. */
export function notRunMessage(cause: string | null): string {
  return `not run: ${cause ?? 'the run ended'} before this file's tasks ran; none of them has a result`
}

/** Why a test that was to run has no result. */
export function unfinishedMessage(cause: string | null): string {
  return `unfinished: ${cause ?? 'the run was interrupted'} before this task finished; it has no result`
}
