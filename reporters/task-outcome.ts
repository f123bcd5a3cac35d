import { OUTCOME_VERSION, TaskOutcomeSchema, type TaskOutcome } from '../src/contracts/outcome.ts'
import type { Prices } from '../src/contracts/prices.ts'
import type { TaskRecord } from '../src/contracts/leaderboard.ts'
import { taskRecord, type TestResult } from '../src/scoring/task-record.ts'
import type * as z from 'zod'

/**
 * Outcomes already validated, by the object the result brought: a trajectory is worth checking only once.
 */
const validated = new WeakMap<object, TaskOutcome>()

/**
 * The outcome a test sent, validated here where it arrives. A missing one
 * (the worker died) becomes an errored outcome that says so. A malformed one
 * is the harness's own fault, never the agent's: it becomes a setup error
 * (phase `harness`) that names the fields that failed, and keeps every part
 * of the record that is valid, the trajectory too when dropping the turns or
 * calls that failed makes it valid, so its tokens are not lost.
 */
export function validOutcome(
  raw: unknown,
  identity: { taskId: string; agent: string; trial: number; variant?: string },
  file: string,
  errors: string[],
): TaskOutcome {
  const known = typeof raw === 'object' && raw !== null ? validated.get(raw) : undefined
  if (known) return known
  const parsed = TaskOutcomeSchema.safeParse(raw)
  if (parsed.success) {
    validated.set(raw as object, parsed.data)
    return parsed.data
  }
  const base: TaskOutcome = {
    version: OUTCOME_VERSION,
    taskId: identity.taskId,
    agent: identity.agent,
    trial: identity.trial,
    file,
    ...(identity.variant === undefined ? {} : { variant: identity.variant }),
    servers: [],
    category: null,
    tier: 'easy',
    tags: [],
    reference: null,
    callMatch: null,
    distractors: { joined: [], skipped: [] },
    stopped: null,
    trajectory: null,
    judge: null,
    referenceJudge: null,
    judgeConfigured: false,
    verdicts: [],
    unscored: null,
  }
  if (raw === undefined)
    return { ...base, stopped: { phase: 'agent', message: errors[0] ?? 'the task ended before it recorded an outcome' } }
  const { kept, dropped } = salvage(raw, parsed.error)
  const fields = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`)
    .join('; ')
  const more = parsed.error.issues.length > 3 ? ` and ${parsed.error.issues.length - 3} more` : ''
  const before = kept.stopped ? ` The task had stopped in its ${kept.stopped.phase} phase: ${kept.stopped.message}` : ''
  const message =
    `harness fault: the outcome record of this task failed validation (${fields}${more}); ${dropped.length ? `left out: ${dropped.join(', ')}; ` : ''}` +
    `every other part of it is kept. This is a bug in vitest-mcp-bench, not the agent's failure: please report it with this message.${before}`
  const outcome = {
    ...base,
    ...kept,
    taskId: identity.taskId,
    agent: identity.agent,
    trial: identity.trial,
    file,
    stopped: { phase: 'harness' as const, message },
  }
  validated.set(raw as object, outcome)
  return outcome
}

/** Every top-level field of the record that is valid on its own; a trajectory is kept without the turns and calls that are not. */
function salvage(raw: unknown, error: z.ZodError): { kept: Partial<TaskOutcome>; dropped: string[] } {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const kept: Record<string, unknown> = {}
  const dropped: string[] = []
  for (const [key, schema] of Object.entries(TaskOutcomeSchema.shape)) {
    const field = (schema as z.ZodType).safeParse(record[key])
    if (field.success) kept[key] = field.data
    else if (key === 'trajectory') {
      const trajectory = withoutBadEntries(record.trajectory, error)
      const retry = trajectory ? TaskOutcomeSchema.shape.trajectory.safeParse(trajectory.value) : undefined
      if (retry?.success) {
        kept.trajectory = retry.data
        dropped.push(...trajectory!.dropped)
      } else dropped.push('the trajectory')
    } else if (key in record) dropped.push(key)
  }
  return { kept: kept as Partial<TaskOutcome>, dropped }
}

function withoutBadEntries(trajectory: unknown, error: z.ZodError): { value: unknown; dropped: string[] } | undefined {
  if (typeof trajectory !== 'object' || trajectory === null) return undefined
  const t = trajectory as Record<string, unknown>
  const bad = { turns: new Set<number>(), calls: new Set<number>() }
  for (const issue of error.issues) {
    const [top, list, index] = issue.path
    if (top === 'trajectory' && (list === 'turns' || list === 'calls') && typeof index === 'number') bad[list].add(index)
  }
  if (!bad.turns.size && !bad.calls.size) return undefined
  const keep = (list: 'turns' | 'calls') => (Array.isArray(t[list]) ? (t[list] as unknown[]).filter((_, i) => !bad[list].has(i)) : t[list])
  const dropped = (['turns', 'calls'] as const).filter((l) => bad[l].size).map((l) => `trajectory.${l} ${[...bad[l]].join(', ')}`)
  return { value: { ...t, turns: keep('turns'), calls: keep('calls') }, dropped }
}

/**
 * Records already built, by outcome: the progress display builds each task's record as its result arrives, and
 * the leaderboard needs the same record at the end; the metrics (call matching, facts) are computed once. A
 * record is reused only for the same result (state, errors, duration) and prices.
 */
const records = new WeakMap<TaskOutcome, { result: TestResult; prices: Prices | undefined; record: TaskRecord }>()

export function recordOf(outcome: TaskOutcome, result: TestResult, prices?: Prices): TaskRecord {
  const known = records.get(outcome)
  if (known && known.prices === prices && sameResult(known.result, result)) return known.record
  const record = taskRecord(outcome, result, prices)
  records.set(outcome, { result, prices, record })
  return record
}

function sameResult(a: TestResult, b: TestResult): boolean {
  return (
    a.state === b.state &&
    a.durationMs === b.durationMs &&
    a.errors.length === b.errors.length &&
    a.errors.every((e, i) => e === b.errors[i])
  )
}
