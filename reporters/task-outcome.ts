import { OUTCOME_VERSION, TaskOutcomeSchema, type TaskOutcome } from '../src/outcome/schema.ts'

/**
 * Outcomes already validated, by the object the test's result brought: the progress display reads each
 * one as it arrives and the leaderboard again at the end, and a trajectory is worth checking only once.
 */
const validated = new WeakMap<object, TaskOutcome>()

/**
 * The outcome a test sent, validated here where it arrives. A missing or
 * malformed one (the worker died, or wrote something else into the meta)
 * becomes an errored outcome that says so.
 */
export function validOutcome(raw: unknown, identity: { taskId: string; agent: string; trial: number }, file: string, errors: string[]): TaskOutcome {
  const known = typeof raw === 'object' && raw !== null ? validated.get(raw) : undefined
  if (known) return known
  const parsed = TaskOutcomeSchema.safeParse(raw)
  if (parsed.success) {
    validated.set(raw as object, parsed.data)
    return parsed.data
  }
  const why = raw === undefined
    ? errors[0] ?? 'the task ended before it recorded an outcome'
    : `its outcome record is malformed (${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`
  return {
    version: OUTCOME_VERSION, taskId: identity.taskId, agent: identity.agent, trial: identity.trial, file,
    servers: [], category: null, tier: 'easy', tags: [], reference: null, callMatch: null, distractors: { joined: [], skipped: [] },
    stopped: { phase: 'agent', message: why }, trajectory: null, judge: null, referenceJudge: null,
    judgeConfigured: false, verdicts: [], unscored: null,
  }
}

