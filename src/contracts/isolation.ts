import * as z from 'zod'

/**
 * Where an agent's code ran relative to the referee, strongest first: `builtin` (this package's agents,
 * handed nothing the referee holds), `sandbox` (a custom agent in an operating-system sandbox: its own PID
 * and mount namespaces, only its bundle and packages in view), `process` (a custom agent in a child process
 * with the runtime's read limits only: signals and the network stay open), `process-unrestricted` (a child
 * process of a runtime with no read limits, Bun, and no sandbox), `none` (a custom agent in the Vitest
 * worker, beside the referee: `isolation: 'none'`, for debugging).
 */
export const AgentIsolationSchema = z.enum(['builtin', 'sandbox', 'process', 'process-unrestricted', 'none'])
export type AgentIsolation = z.infer<typeof AgentIsolationSchema>

/** The tiers from weakest to strongest: a row is held as far as its least-held task. */
export const ISOLATION_ORDER = [
  'none',
  'process-unrestricted',
  'process',
  'sandbox',
  'builtin',
] as const satisfies readonly AgentIsolation[]

/** True when `tier` holds at least as far as `required`. */
export function holdsAtLeast(tier: AgentIsolation, required: AgentIsolation): boolean {
  return ISOLATION_ORDER.indexOf(tier) >= ISOLATION_ORDER.indexOf(required)
}

/**
 * How a row's tier reads in a report: the tier itself, with a warning where agent code could reach the
 * referee's files or processes (every tier below `sandbox`). Unknown (no task ran): a dash.
 */
export function isolationLabel(tier: AgentIsolation | null | undefined): string {
  if (!tier) return '-'
  return holdsAtLeast(tier, 'sandbox') ? tier : `${tier} (!)`
}
