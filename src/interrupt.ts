import type { Vitest } from 'vitest/node'

const SIGNALS = { SIGINT: 2, SIGTERM: 15 } as const
type Signal = keyof typeof SIGNALS

/** How long a cancelled run may take to wind down before the process exits anyway. */
const GRACE_MS = 10_000

const handled = new WeakSet<Vitest>()
let exitCode: number | undefined

/** The exit code an interrupted run ends with (128 + the signal's number), once a signal came. */
export function interruptExitCode(): number | undefined {
  return exitCode
}

/**
 * Ctrl-C or SIGTERM in Vitest's main process. Left alone, Vitest exits a
 * millisecond after the signal: no reporter runs, reports are lost or left
 * half-written, and workers with their MCP servers live on until their
 * calls time out. Instead the run is cancelled through Vitest itself: running
 * tests see their signal abort (agents, tool calls and judge requests stop),
 * tests not started are skipped, each worker tears its environment down
 * (closing its servers), and every reporter's onTestRunEnd runs with reason
 * "interrupted". Then the process exits with the signal's code, as Vitest
 * would have. A second signal, or a run that does not wind down within
 * GRACE_MS, exits at once.
 */
export function handleInterrupts(vitest: Vitest): void {
  if (handled.has(vitest)) return
  handled.add(vitest)
  for (const signal of Object.keys(SIGNALS) as Signal[]) {
    // Vitest's own handlers exit immediately; they run only once the run is wound down.
    const vitestHandlers = process.listeners(signal)
    for (const handler of vitestHandlers) process.removeListener(signal, handler)
    let interrupted = false
    const exit = () => {
      for (const handler of vitestHandlers) (handler as (s: Signal, n: number) => void)(signal, SIGNALS[signal])
      process.exit()
    }
    process.on(signal, () => {
      if (interrupted) return exit()
      interrupted = true
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
