import * as z from 'zod'
import { AgentIsolationSchema } from './isolation.ts'
import { FidelitySchema, PromptSourceSchema } from './fidelity.ts'
import { JudgeResultSchema } from './judge-result.ts'
import { CallMatchSchema, ReferencePlanSchema } from './task-spec.ts'
import { TrajectorySchema } from './trajectory.ts'

/**
 * The task outcome: the one record a benchmark task sends from its test
 * worker to Vitest's main process, once, when the task ends. It holds what
 * happened (the trajectory, the judge's results, where the task stopped if
 * it stopped early) and the task context needed to score it, but no number
 * derived from them: every score is computed from this record in the main
 * process by src/scoring/, so the reporters, the gate, `--merge-reports`
 * and the tests all see the same figures. It is validated where it arrives.
 * Bump OUTCOME_VERSION on any breaking change.
 */
export const OUTCOME_VERSION = 2

/**
 * Where a task stopped. `spec`, `servers` and `agent-setup` are setup problems, not the agent's; `agent` and
 * `judge` are. `harness`: the record the harness made of the task failed validation where it arrived, a fault
 * of this package, never scored against the agent.
 */
const StopPhaseSchema = z.enum(['spec', 'servers', 'agent-setup', 'agent', 'judge', 'harness'])
export type StopPhase = z.infer<typeof StopPhaseSchema>

/** `agent-setup`: the agent module or export is missing, or it includes a file of the referee's. */
export const SETUP_PHASES: readonly StopPhase[] = ['spec', 'servers', 'agent-setup', 'harness']

const VerdictSchema = z.object({
  /** The check's name, e.g. `answer`, `facts`, `grounding`. */
  check: z.string(),
  pass: z.boolean(),
  message: z.string().optional(),
  /**
   * For a failure, the rule that decided it when the check has several: `answer-too-long`, `number-spray` or
   * `forbidden-value` for facts, `no-own-server-call` for toolUse and for a judge-decided task the judge passed.
   */
  rule: z.string().optional(),
})
export type Verdict = z.infer<typeof VerdictSchema>

export const TaskOutcomeSchema = z.object({
  version: z.literal(OUTCOME_VERSION),
  taskId: z.string(),
  /** The row: the agent's name, or `<agent>@<variant>` for a run against a server variant. */
  agent: z.string(),
  /** The server variant (the `variants` option) this run used; absent: the servers as configured. */
  variant: z.string().optional(),
  /** 1-based run of this task for this agent (see the `trials` option). */
  trial: z.number().int().positive(),
  /** The test file, relative to the project root. */
  file: z.string(),
  servers: z.array(z.string()),
  category: z.string().nullable(),
  tier: z.enum(['easy', 'hard']),
  tags: z.array(z.string()),
  /** The reference plan and facts, for the scores that compare against them. Null when the task has none or its spec is invalid. */
  reference: ReferencePlanSchema.nullable(),
  /** How agent calls match reference calls for precision and recall (the task's `callMatch`). */
  callMatch: CallMatchSchema.nullable(),
  distractors: z.object({
    /** Distraction servers whose tools joined the catalog. */
    joined: z.array(z.string()),
    /** Distraction servers left out, and why (not configured, failed to start, over the tool budget). */
    skipped: z.array(z.object({ server: z.string(), reason: z.string() })),
    /** The seed of the draw, when the distractors were drawn (`distractors: N`): the same task draws the same servers. */
    seed: z.string().optional(),
  }),
  /** Every tool the agent was offered, as `server.tool`, sorted (distractors' too). Absent in outcomes made before it existed. */
  offered: z.array(z.string()).optional(),
  /** Set when the task stopped before its checks. */
  stopped: z.object({ phase: StopPhaseSchema, message: z.string() }).nullable(),
  trajectory: TrajectorySchema.nullable(),
  /**
   * Set when the task stopped for a fault that was not the agent's: `endpoint`, its model endpoint failed (a
   * connection lost or timed out, a 429 or 5xx after the retries); `budget`, the run's budget turned its model
   * request away (`inFlight: 'cancel'`). A resumed run runs such a task again.
   */
  fault: z.enum(['endpoint', 'budget']).optional(),
  /** The configured judge's result (MCP-Bench rubric by default) as raw samples, scored in the main process (src/scoring/judge-scores.ts); null when the task never reached the judge. */
  judge: JudgeResultSchema.nullable(),
  /** The MCP-AgentBench pass/fail verdict, when a check asked for it. */
  referenceJudge: JudgeResultSchema.nullable(),
  /** A judge was configured for this run: a task that stops early then scores 0 on the judge's dimensions, not null. */
  judgeConfigured: z.boolean(),
  /** Checks the harness itself ran (the agent's own check failures travel as the test's errors). */
  verdicts: z.array(VerdictSchema),
  /** Why nothing could decide this task (no facts, no plan, no checks, no judge); null when it was decided. */
  unscored: z.string().nullable(),
  /** The task has a checks callback of its own, which runs after the harness's checks (its verdict says so). Absent: none. */
  ownChecks: z.literal(true).optional(),
  /** How far the agent's code was held from the referee (./isolation.ts). Null when the agent never loaded. */
  agentIsolation: AgentIsolationSchema.nullable().optional(),
  /**
   * The run's MCP-Bench fidelity and the round cap the agent had, which the scores that depend on them
   * (schema compliance with no valid call, reported rounds) read. Absent or null: the project's own semantics.
   */
  fidelity: z.object({ mode: FidelitySchema, maxRounds: z.number().int().positive() }).nullable().optional(),
  /** Whose words the released-code planner sent the model; absent or null: the agent is no such planner. */
  plannerPrompt: PromptSourceSchema.nullable().optional(),
})
export type TaskOutcome = z.infer<typeof TaskOutcomeSchema>

/** The identity a task's test carries from collection on, before it has an outcome. */
interface TaskIdentity {
  taskId: string
  agent: string
  trial: number
  variant?: string
}

declare module 'vitest' {
  interface TaskMeta {
    /** Set when the test is registered. */
    mcpBenchTask?: TaskIdentity
    /** Set once the agent has returned (never while agent code runs: it holds the reference), complete when the task ends. */
    mcpBenchOutcome?: import('./outcome.ts').TaskOutcome
    /** Resumed: this task's result is kept from the run being resumed, and the test was skipped without running. */
    mcpBenchKept?: boolean
    /** The task was not started, and why (`budget`: the run's budget was spent); it is listed as not run, not as a failure. */
    mcpBenchNotRun?: 'budget'
  }
}
