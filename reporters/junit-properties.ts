import type { TestAnnotation } from 'vitest'
import type { TaskRecord } from '../src/contracts/leaderboard.ts'

const round = (v: number, places = 4) => String(Math.round(v * 10 ** places) / 10 ** places)

const PREFIX = 'mcp-bench.'
/** The property that carries the task's status (the JUnit reporter reads it to tell errors from failures). */
export const STATUS_PROPERTY = `${PREFIX}status`
/** The status property's value for a task not started because the run's budget was spent. */
export const NOT_RUN_STATUS = 'not-run'

/** Dollar amounts keep micro-dollars: a cheap model's task costs fractions of a cent. */
const USD_PLACES = 6

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
    ['isolation', record.isolation ?? null],
    ...Object.entries(record.metrics).map(([k, v]) => [k, v] as [string, number | null]),
    ['overall', record.scores.overall],
    ['ruleScore', record.scores.ruleScore],
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
      message: typeof value === 'number' ? round(value, key.endsWith('Usd') ? USD_PLACES : 4) : value,
    }))
}
