import type { TaskRecord } from '../contracts/leaderboard.ts'

/**
 * A task's status when its id is registered in two files of a run: a
 * collection error naming both files, so neither counts in a pass rate (which
 * of the two was meant cannot be told). Decided here, with every other
 * status rule, not by the reporter that writes the board.
 */
export function markDuplicates(records: readonly TaskRecord[]): TaskRecord[] {
  const files = new Map<string, Set<string>>()
  for (const r of records) files.set(r.id, (files.get(r.id) ?? new Set()).add(r.file))
  return records.map((r) => {
    const where = files.get(r.id)!
    if (where.size < 2) return r
    const message = `Duplicate task id "${r.id}": it is registered in ${[...where].sort().join(' and ')}; give every task its own id`
    return { ...r, status: 'setup-error', errorPhase: 'collection', error: message, failures: [message] }
  })
}
