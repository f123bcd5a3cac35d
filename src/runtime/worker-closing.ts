/**
 * The test worker is closing: its main process is gone (the IPC channel closed: Ctrl-C twice, a SIGKILL) or it was
 * told to stop (SIGTERM). From then on nothing new starts in it:
 * - no server: one started now could outlive the worker unguarded (servers/group-stdio.ts);
 * - no model or judge request: an orphaned worker would go on spending the run's money on results nobody will
 *   read, and a resumed run would meet requests it never made (limit/endpoint-gate.ts).
 * Set once, by the environment (environment.ts), and never unset: the worker exits soon after.
 */
let closing = false

export function closeWorker(): void {
  closing = true
}

export function workerClosing(): boolean {
  return closing
}

/** What a request or a server start gets once the worker is closing. */
export class WorkerClosingError extends Error {
  override name = 'WorkerClosingError'
  constructor(what: string) {
    super(`the test worker is shutting down (its run ended or its main process is gone); ${what}`)
  }
}
