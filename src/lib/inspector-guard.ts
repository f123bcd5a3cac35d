/**
 * Keeps SIGUSR1 from opening this process's inspector. Node opens a debugger on 127.0.0.1:9229 when it
 * receives SIGUSR1 and no listener is installed; a custom agent outside the sandbox can send it (to its
 * parent, or to every pid it guesses) and then run code in the harness. A listener turns that off; Node
 * 22.14+ also has `--disable-sigusr1`, which a listener makes unnecessary. Once per process, Node only
 * (Bun and Deno open no inspector on a signal).
 */
let guarded = false

export function guardInspectorSignal(): void {
  if (guarded || process.versions.bun || (globalThis as { Deno?: unknown }).Deno || process.platform === 'win32') return
  guarded = true
  process.on('SIGUSR1', () => {})
}
