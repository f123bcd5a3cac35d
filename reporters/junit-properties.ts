import type { TestAnnotation } from 'vitest'
import type { TaskRecord } from '../src/scoring/schema.ts'

const round = (v: number) => String(Math.round(v * 10_000) / 10_000)

/**
 * A task record as JUnit `<property>` elements (Vitest's JUnit reporter
 * writes a test's annotations so): a view of the record, derived in the
 * main process. Values that were not measured are left out, not written as
 * "null".
 */
export function junitProperties(record: TaskRecord): TestAnnotation[] {
  const values: Array<[string, string | number | null]> = [
    ['status', record.status],
    ['tier', record.tier],
    ['agent', record.agent],
    ...Object.entries(record.metrics).map(([k, v]) => [k, v] as [string, number | null]),
    ['overall', record.scores.overall],
    ['ruleScore', record.scores.ruleScore],
    ...Object.entries(record.scores.domains).map(([k, v]) => [`domain.${k}`, v] as [string, number | null]),
    ...Object.entries(record.scores.dimensions).map(([k, v]) => [`judge.${k}`, v] as [string, number | null]),
    ['goalsMet', record.goals ? record.goals.met / record.goals.total : null],
    ['tokens', record.tokens.total],
    ['durationMs', record.durationMs],
  ]
  return values
    .filter((entry): entry is [string, string | number] => entry[1] !== null)
    .map(([key, value]) => ({ type: `mcp-bench.${key}`, message: typeof value === 'number' ? round(value) : value }))
}
