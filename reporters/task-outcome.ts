import { OUTCOME_VERSION, TaskOutcomeSchema, type TaskOutcome } from '../src/outcome/schema.ts'

/**
 * The outcome a test sent, validated here where it arrives. A missing or
 * malformed one (the worker died, or wrote something else into the meta)
 * becomes an errored outcome that says so.
 */
export function validOutcome(raw: unknown, identity: { taskId: string; agent: string; trial: number }, file: string, errors: string[]): TaskOutcome {
  const parsed = TaskOutcomeSchema.safeParse(raw)
  if (parsed.success) return parsed.data
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

