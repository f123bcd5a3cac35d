import type { TestAnnotation } from 'vitest'
import type { TaskRecord } from '../src/contracts/leaderboard.ts'
import { PREFIX, propertyNumber } from '../src/scoring/task-annotations.ts'

/** The property that carries the task's status (the JUnit reporter reads it to tell errors from failures). */
export const STATUS_PROPERTY = `${PREFIX}status`
/** The status property's value for a task not started because the run's budget was spent. */
export const NOT_RUN_STATUS = 'not-run'

/**
 * A task record as JUnit `<property>` elements (Vitest's JUnit reporter
 * writes a test's annotations so): a view of the record, derived in the
 * main process. Values that were not measured are left out, not written as
 * "null".
 *
 * The scores (`overall`, `ruleScore`), the verdict, the failed checks and the link to the trajectory are not
 * here: they are the task's annotations (src/scoring/task-annotations.ts), which the referee makes from the same
 * record and junit.xml writes first, whether or not the worker annotated the test with them.
 */
export function junitProperties(record: TaskRecord): TestAnnotation[] {
  const values: Array<[string, string | number | null]> = [
    ['status', record.status],
    ['tier', record.tier],
    ['agent', record.agent],
    ['isolation', record.isolation ?? null],
    ...Object.entries(record.metrics).map(([k, v]) => [k, v] as [string, number | null]),
    ...Object.entries(record.scores.domains).map(([k, v]) => [`domain.${k}`, v] as [string, number | null]),
    ...Object.entries(record.scores.dimensions).map(([k, v]) => [`judge.${k}`, v] as [string, number | null]),
    ['goalsMet', record.goals ? record.goals.met / record.goals.total : null],
    ['tokens', record.tokens.total],
    ['tokens.prompt', record.tokens.prompt],
    ['tokens.completion', record.tokens.completion],
    ['costUsd', record.cost.agentUsd],
    ['durationMs', record.durationMs],
    ['modelMs', record.timing.modelMs],
    ['toolMs', record.timing.toolMs],
    ['modelShare', record.timing.modelShare],
    // The judge's spend, apart from the agent's (zero tokens: no judge ran, nothing to say).
    ['judgeTokens', record.judgeTokens.total || null],
    ['judgeCostUsd', record.judgeTokens.total ? record.cost.judgeUsd : null],
    ['judgeMs', record.timing.judgeMs || null],
  ]
  return values
    .filter((entry): entry is [string, string | number] => entry[1] !== null)
    .map(([key, value]) => ({
      type: `${PREFIX}${key}`,
      message: typeof value === 'number' ? propertyNumber(key, value) : value,
    }))
}
