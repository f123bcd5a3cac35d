/**
 * Keeps SIGUSR1 from opening this process's inspector or ending it. Node opens a debugger on 127.0.0.1:9229
 * when it receives SIGUSR1 and no listener is installed; Bun and Deno end the process. A custom agent held
 * less than the sandbox can send it (to its parent, or to every pid it can list) and then run code in the
 * harness, or end the run. A listener turns both off; Node 22.14+ also has `--disable-sigusr1`, which the
 * listener makes unnecessary. Once per process; not on Windows, which has no such signal.
 */
let guarded = false

export function guardInspectorSignal(): void {
  if (guarded || process.platform === 'win32') return
  guarded = true
  try {
    process.on('SIGUSR1', () => {})
  } catch {
    // A runtime that cannot listen for it: the sandbox, where there is one, still keeps agents from sending it.
  }
}
