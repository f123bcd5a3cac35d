import type { TaskRecord } from '../contracts/leaderboard.ts'

/**
 * Task records in one order whatever the schedule: by file, task id, agent and trial. Every sum and every file
 * the run writes goes through this order, so a run at concurrency 1 or 16, in shards merged with
 * `--merge-reports`, or replayed from a cassette writes the same bytes and the same last bits of each mean
 * (floating-point sums depend on their order). Strings compare by code unit, not by locale, so the order is the
 * same on every machine.
 */
export function canonicalOrder<T extends Pick<TaskRecord, 'file' | 'id' | 'agent' | 'trial'>>(records: readonly T[]): T[] {
  return [...records].sort(byTaskKey)
}

function byTaskKey(a: Pick<TaskRecord, 'file' | 'id' | 'agent' | 'trial'>, b: Pick<TaskRecord, 'file' | 'id' | 'agent' | 'trial'>): number {
  return byText(a.file, b.file) || byText(a.id, b.id) || byText(a.agent, b.agent) || a.trial - b.trial
}

/** Two strings by code unit: the same order on every machine and in every locale. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
