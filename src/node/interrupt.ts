import type { Reporter, TestModule, Vitest } from 'vitest/node'

/**
 * The signals that end a run with its reports. SIGHUP is a hangup: a closed terminal, or a CI runner that
 * cancels a job by its session. Left to its default it ends the process at once with every result lost, so it
 * takes the same path as Ctrl-C and SIGTERM.
 */
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const
type Signal = keyof typeof SIGNALS

/** How long a cancelled run may take to wind down before the process exits anyway. */
const GRACE_MS = 10_000
/** How long a forced exit (a second signal, or the grace period over) waits for the reports to be written. */
const FLUSH_MS = 3_000

const handled = new WeakSet<Vitest>()
let exitCode: number | undefined
/** Work a forced exit waits for (bounded by FLUSH_MS): the reports of what finished so far. */
const beforeExit = new WeakMap<Vitest, () => Promise<unknown>>()

/** The exit code an interrupted run ends with (128 + the signal's number), once a signal came. */
export function interruptExitCode(): number | undefined {
  return exitCode
}

/**
 * Ctrl-C, SIGTERM or SIGHUP in Vitest's main process. Left alone, Vitest exits a
 * millisecond after the signal: no reporter runs, reports are lost or left
 * half-written, and workers with their MCP servers live on until their
 * calls time out. Instead the run is cancelled through Vitest itself: running
 * tests see their signal abort (agents, tool calls and judge requests stop),
 * tests not started are skipped, each worker tears its environment down
 * (closing its servers), and every reporter's onTestRunEnd runs with reason
 * "interrupted". Then the process exits with the signal's code, as Vitest
 * would have. A second signal, or a run that does not wind down within
 * GRACE_MS, exits without waiting for the run: only for the reports of what
 * finished so far (finishReportsOnExit), at most FLUSH_MS. Workers see the
 * main process go and end themselves and their servers (environment.ts).
 */
export function handleInterrupts(vitest: Vitest): void {
  if (handled.has(vitest)) return
  handled.add(vitest)
  for (const signal of Object.keys(SIGNALS) as Signal[]) {
    // Vitest's own handlers exit immediately; they run only once the run is wound down.
    const vitestHandlers = process.listeners(signal)
    for (const handler of vitestHandlers) process.removeListener(signal, handler)
    let interrupted = false
    let exiting = false
    const exit = () => {
      if (exiting) return
      exiting = true
      const flush = beforeExit
        .get(vitest)?.()
        .catch(() => {})
      const timer = new Promise((done) => setTimeout(done, FLUSH_MS).unref())
      void Promise.race([flush, timer]).finally(() => {
        for (const handler of vitestHandlers) (handler as (s: Signal, n: number) => void)(signal, SIGNALS[signal])
        process.exit()
      })
    }
    process.on(signal, () => {
      if (interrupted) return exit()
      interrupted = true
      // After a hangup the terminal may be gone: a write to it fails (EIO), and that failure must not end the
      // process before the reports are written.
      if (signal === 'SIGHUP') for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {})
      exitCode = 128 + SIGNALS[signal]
      process.exitCode = exitCode
      vitest.logger.log(`\n${signal}: cancelling the run; finished tasks are kept and reported (${signal} again to exit at once)`)
      setTimeout(exit, GRACE_MS).unref()
      vitest.cancelCurrentRun('keyboard-input').then(
        () => setTimeout(exit, 500).unref(),
        () => exit(),
      )
    })
  }
}

/**
 * A forced exit still writes the reports: the reporters' run end is called
 * with what Vitest knows at that moment (finished tasks, the rest
 * unfinished, files not started), reason "interrupted", unless Vitest has
 * already called it; a later call from Vitest gets that same run end, so no
 * report is written twice. Reporters are called in the given order (the
 * leaderboard's properties go onto the tests before JUnit writes them).
 */
export function finishReportsOnExit(vitest: Vitest, reporters: Reporter[]): void {
  const ends = new Map<Reporter, Promise<unknown>>()
  for (const reporter of reporters) {
    const start = reporter.onTestRunStart?.bind(reporter)
    const end = reporter.onTestRunEnd?.bind(reporter)
    if (!end) continue
    // A watch-mode rerun is a new run with its own end.
    reporter.onTestRunStart = (specifications) => {
      ends.delete(reporter)
      return start?.(specifications)
    }
    reporter.onTestRunEnd = (...args) => {
      let running = ends.get(reporter)
      if (!running) {
        try {
          running = Promise.resolve(end(...args))
        } catch (error) {
          running = Promise.reject(error)
        }
        ends.set(reporter, running)
      }
      return running as Promise<void>
    }
  }
  beforeExit.set(vitest, () => {
    const modules: TestModule[] = vitest.state.getTestModules()
    return Promise.allSettled(reporters.map((r) => r.onTestRunEnd?.(modules, [], 'interrupted')))
  })
}
