import * as z from 'zod'

/** How an agent did across repeated runs of the same tasks (τ-bench's pass^k and the usual pass@k). */
export const TrialSummarySchema = z.object({
  /** Runs per task (the largest trial number seen). */
  trials: z.number().int().positive(),
  /** Distinct tasks. */
  tasks: z.number().int().nonnegative(),
  /** pass^k: share of tasks that passed in every trial, the reliability a user sees. */
  passAll: z.number().min(0).max(1),
  /** pass@k: share of tasks that passed in at least one trial. */
  passAny: z.number().min(0).max(1),
})
export type TrialSummary = z.infer<typeof TrialSummarySchema>

/** Null for a single run: there is nothing to say about consistency. */
export function summariseTrials(records: ReadonlyArray<{ id: string; trial: number; status: string }>): TrialSummary | null {
  const trials = Math.max(0, ...records.map((r) => r.trial))
  if (trials < 2) return null
  const byTask = new Map<string, boolean[]>()
  for (const r of records) byTask.set(r.id, [...(byTask.get(r.id) ?? []), r.status === 'passed'])
  const outcomes = [...byTask.values()]
  return {
    trials,
    tasks: outcomes.length,
    passAll: outcomes.filter((o) => o.length === trials && o.every(Boolean)).length / outcomes.length,
    passAny: outcomes.filter((o) => o.some(Boolean)).length / outcomes.length,
  }
}
