import type { RuntimeSettings } from '../contracts/settings.ts'
import type { Redactor } from '../lib/redact.ts'
import type { ServerHub } from './servers/hub.ts'

/** What a benchmark worker holds while a file runs: its validated settings, its servers and its redactor. */
export interface Runtime {
  settings: RuntimeSettings
  /** The file's servers as configured. */
  hub: ServerHub
  /** The file's servers in one variant (the `variants` option), started on first use; null: as configured (`hub`). */
  hubFor(variant: string | null): ServerHub
  redactor: Redactor
}

// The environment and the test file are loaded by different module runners,
// so they meet on globalThis rather than through a shared module instance.
const KEY = Symbol.for('vitest-mcp-bench.runtime')

export function setRuntime(target: object, runtime: Runtime | undefined): void {
  ;(target as Record<symbol, unknown>)[KEY] = runtime
}

export function getRuntime(): Runtime | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as Runtime | undefined
}
