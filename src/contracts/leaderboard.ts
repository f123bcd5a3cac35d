import * as z from 'zod'
import { NOT_RUN_REASONS } from './budget.ts'
import { AgentIsolationSchema } from './isolation.ts'
import { ScoredJudgeResultSchema } from './judge-result.ts'
import { RegressionResultSchema } from './compare.ts'
import { TaskStatusSchema } from './task-status.ts'
import { FidelitySchema, PromptSourceSchema } from './fidelity.ts'
import { TaskToolsSchema, ToolDiagnosticsSchema } from './tool-diagnostics.ts'

/**
 * The leaderboard file (`leaderboard.json`): every score the project
 * reports, per task and per agent. This module is its single definition;
 * src/scoring/ computes the numbers (docs/scoring.md lists where), task-record.ts and
 * rows.ts fill it in, and the types everywhere come from here.
 * Bump LEADERBOARD_SCHEMA_VERSION on any breaking change.
 */
export const LEADERBOARD_SCHEMA_VERSION = 2

const Rate = z.number().min(0).max(1).nullable()

/** MCP-Bench's three rule metrics (§5.1). */
export const RuleMetricsSchema = z.object({
  validToolNameRate: Rate,
  schemaCompliance: Rate,
  executionSuccess: Rate,
})

/** The rule metrics of one task, plus dependency order and call counts. */
export const TaskMetricsSchema = RuleMetricsSchema.extend({
  /** Reference dependency edges the agent respected / edges whose two tools it called. */
  dependencyOrder: Rate,
  /** Agent calls that match a reference call / agent calls (src/scoring/call-match.ts); null without reference calls or agent calls. */
  callPrecision: Rate,
  /** Reference calls matched / reference calls; null without reference calls. */
  callRecall: Rate,
  callF1: Rate,
  toolCalls: z.number().int().nonnegative(),
  distractorCalls: z.number().int().nonnegative(),
})

/** The six MCP-Bench judge sub-dimensions, each normalised to 0–1 (the 1–10 score / 10). */
export const SubDimensionsSchema = z.object({
  taskFulfillment: Rate,
  informationGrounding: Rate,
  toolAppropriateness: Rate,
  parameterAccuracy: Rate,
  dependencyAwareness: Rate,
  parallelismEfficiency: Rate,
})

export const JudgeCategoriesSchema = z.object({
  taskCompletion: Rate,
  toolUsage: Rate,
  planningEffectiveness: Rate,
})

/** MCP-Bench's four domains: Schema Understanding (the rules) and the judge's three categories. */
export const DomainsSchema = JudgeCategoriesSchema.extend({ schemaUnderstanding: Rate })

export const CallShapeSchema = z.enum(['single', 'parallel', 'sequential'])
export const TierSchema = z.enum(['easy', 'hard'])

/**
 * How a task ended.
 * - passed / failed: the agent ran and the checks decided.
 * - errored: the agent started but the task stopped early (timeout, model error, a server crash, a judge error).
 *   It counts in every aggregate with what it earned (see docs/scoring.md).
 * - setup-error: the task could not start (bad spec, a server that never started, a duplicate id), or the record
 *   the harness made of it failed validation (errorPhase `harness`, a bug of this package). Not the
 *   agent's doing: it fails the run and is left out of the agent's scores.
 * - unscored: nothing could decide it (no facts, plan or checks, and no judge). Counted and shown, never in a pass rate.
 */

const TokensSchema = z.object({ prompt: z.number(), completion: z.number(), total: z.number() })

/** US dollars at list price (src/contracts/prices.ts); null when a price is unknown, never 0 for "unknown". */
const Usd = z.number().nonnegative().nullable()
const Ms = z.number().nonnegative()

/** What a task cost: the agent's model turns and, apart, its judging. */
const TaskCostSchema = z.object({
  agentUsd: Usd,
  judgeUsd: Usd,
  /** Why a cost is null: a model with no price, a turn that reported no usage or named no model. */
  unknown: z.array(z.string()),
})

/** Where a task's time went (src/scoring/task-costs.ts). */
const TaskTimingSchema = z.object({
  /** Time covered by the agent's model requests (overlapping ones count once); null without a trajectory. */
  modelMs: Ms.nullable(),
  /** Time covered by its tool calls (parallel calls count once); null without a trajectory. */
  toolMs: Ms.nullable(),
  /** modelMs / durationMs and toolMs / durationMs; null without a trajectory or a duration. */
  modelShare: Rate,
  toolShare: Rate,
  /** The judges' time, not part of durationMs. */
  judgeMs: Ms,
})

/** An agent's cost over its counted tasks. */
const CostSummarySchema = z.object({
  /** Sum of the tasks' agent costs; null when any task's cost is unknown. */
  agentUsd: Usd,
  /** Sum of the tasks' judge costs; null when any is unknown. */
  judgeUsd: Usd,
  /** agentUsd / tasks. */
  agentUsdPerTask: Usd,
  /** Every reason a cost is unknown, once each. */
  unknown: z.array(z.string()),
})

/** An agent's task durations and the split of its time. */
const LatencySummarySchema = z.object({
  /** Median and 95th percentile of the task durations (Hyndman & Fan type 7); null with no tasks. */
  medianMs: Ms.nullable(),
  p95Ms: Ms.nullable(),
  /** Σ model time / Σ duration over tasks with a trajectory: the share of the agent's wall time spent waiting for the model. */
  modelShare: Rate,
  /** Σ tool time / Σ duration, likewise. */
  toolShare: Rate,
  modelMs: Ms,
  toolMs: Ms,
  judgeMs: Ms,
})

export const TaskRecordSchema = z.object({
  id: z.string(),
  /** The row: the agent's name, or `<agent>@<variant>` for a run against a server variant. */
  agent: z.string(),
  /** The server variant (the `variants` option) the task ran against; absent: the servers as configured. */
  variant: z.string().optional(),
  /** 1-based run of the task for this agent. */
  trial: z.number().int().positive(),
  file: z.string(),
  servers: z.array(z.string()),
  /** single-server, multi-server-2, multi-server-3, … */
  setting: z.string(),
  category: z.string().nullable(),
  /** MCP-AgentBench's call shape of the reference plan. */
  shape: CallShapeSchema.nullable(),
  tier: TierSchema,
  tags: z.array(z.string()),
  status: TaskStatusSchema,
  /** Why the task did not pass, in full (no terminal escapes, secrets redacted); null when it passed. */
  error: z.string().nullable(),
  /** Where a task that stopped early stopped. */
  errorPhase: z.enum(['spec', 'servers', 'agent-setup', 'agent', 'judge', 'harness', 'collection']).nullable(),
  /** Where the agent's code ran (see AgentIsolationSchema); absent in records written before it existed. */
  isolation: AgentIsolationSchema.nullable().optional(),
  /** Every failed check's message, in full. */
  failures: z.array(z.string()),
  metrics: TaskMetricsSchema,
  /** Goals whose facts the answer states all of, of the task's goals (facts grouped by `goal`); null without facts. */
  goals: z.object({ met: z.number().int().nonnegative(), total: z.number().int().positive() }).nullable(),
  /** Reference facts the answer does not state. */
  missingFacts: z.array(z.string()),
  /** The task's own scores by the formulas of the agent rows. */
  scores: z.object({ dimensions: SubDimensionsSchema, domains: DomainsSchema, overall: Rate, ruleScore: Rate }),
  judge: ScoredJudgeResultSchema.nullable(),
  referenceJudge: ScoredJudgeResultSchema.nullable(),
  /** The run's MCP-Bench fidelity for this task (null: the project's own semantics). Absent in records made before it existed. */
  fidelity: FidelitySchema.nullable().optional(),
  /** Whose words the released-code planner sent the model (`mcp-bench-checkout` or `project`); absent or null: no such planner. */
  plannerPrompt: PromptSourceSchema.nullable().optional(),
  /** A judge was configured for the run (so a task that stopped early scores 0 on its dimensions). */
  judgeConfigured: z.boolean(),
  /** `seed`: the seed of the distractor draw, when the task drew them (`distractors: N`). */
  distractors: z.object({
    joined: z.array(z.string()),
    skipped: z.array(z.object({ server: z.string(), reason: z.string() })),
    seed: z.string().optional(),
  }),
  rounds: z.number().int().nonnegative(),
  /** The agent's tokens. */
  tokens: TokensSchema,
  /** The judges' tokens, apart from the agent's. */
  judgeTokens: TokensSchema,
  /** Judge tokens answered from the judge cache: not spent in this run, so neither in judgeTokens nor priced. */
  judgeCachedTokens: z.number().int().nonnegative().optional(),
  cost: TaskCostSchema,
  /** The agent's wall time (the trajectory's, else the test's). */
  durationMs: z.number().nonnegative(),
  timing: TaskTimingSchema,
  /**
   * Per-tool counts of this task (src/scoring/tool-diagnostics.ts), what `mcp-bench compare` pairs by tool; null
   * without a trajectory. Absent in records written before it existed.
   */
  tools: TaskToolsSchema.nullable().optional(),
})
export type TaskRecord = z.infer<typeof TaskRecordSchema>

/** One column set of an MCP-Bench table. */
const SettingSummarySchema = z.object({
  tasks: z.number().int().nonnegative(),
  /** Tasks with an MCP-Bench rubric judgement. */
  judged: z.number().int().nonnegative(),
  metrics: RuleMetricsSchema,
  dimensions: SubDimensionsSchema,
  domains: DomainsSchema,
  overall: Rate,
  ruleScore: Rate,
})
export type SettingSummary = z.infer<typeof SettingSummarySchema>

export const AGENTBENCH_CATEGORIES = [
  'single-server/single',
  'single-server/parallel',
  'single-server/sequential',
  'multi-server/single',
  'multi-server/parallel',
  'multi-server/sequential',
] as const
export type AgentBenchCategory = (typeof AGENTBENCH_CATEGORIES)[number]

const PassSummarySchema = z.object({
  /** Tasks counted (setup errors excluded). */
  tasks: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  errored: z.number().int().nonnegative(),
  unscored: z.number().int().nonnegative(),
  /** passed / (passed + failed + errored): an errored task counts as not passed, an unscored one not at all. */
  passRate: Rate,
  /** 95% Wilson interval of the pass rate. */
  passRateInterval: z.tuple([z.number(), z.number()]).nullable(),
  /** Tasks with a pass-fail judgement, and the share the judge passed. */
  judgePassed: z.number().int().nonnegative(),
  judgePassRate: Rate,
})
export type PassSummary = z.infer<typeof PassSummarySchema>

/** How an agent did across repeated runs of the same tasks (τ-bench's pass^k and the usual pass@k). */
const TrialSummarySchema = z.object({
  trials: z.number().int().positive(),
  tasks: z.number().int().nonnegative(),
  /** pass^k: share of tasks that passed in every trial. */
  passAll: z.number().min(0).max(1),
  /** pass@k: share of tasks that passed in at least one trial. */
  passAny: z.number().min(0).max(1),
})
export type TrialSummary = z.infer<typeof TrialSummarySchema>

/** One leaderboard row. */
/**
 * A row's fidelity block (docs/explanation/mcp-bench-fidelity.md).
 * - `mode`: the `fidelity` its tasks ran under; `mixed` when they differ; null: the project's own.
 * - `headline`: how `overallScore` and `ruleScore` average the tasks. `completed-plain-mean` under `released-code`,
 *   as MCP-Bench's results_aggregator.py does (the tasks that ran to completion, each column a plain mean, the
 *   same numbers as `completedOnly.metrics`/`.dimensions`); otherwise `setting-weighted`, Table 3's task-count
 *   weighting of the single- and multi-server settings over every attempted task.
 * - `judgePrompt`: whose prompt the rubric judge was sent: `mcp-bench-checkout` (MCP-Bench's released prompt and
 *   evidence, from templates imported from the user's checkout), `project` (this project's wording and richer
 *   evidence), `mixed`, or null when nothing was judged with a rubric.
 * - `plannerPrompt`: whose words the planner under `executor: 'released-code'` sent the model: `mcp-bench-checkout`
 *   (MCP-Bench's executor's prompts, from the templates imported from the user's checkout), `project` (this
 *   project's wording for the same control flow), `mixed`, or null when no task ran that planner. Absent in
 *   boards made before it existed.
 */
const RowFidelitySchema = z.object({
  mode: z.union([FidelitySchema, z.literal('mixed')]).nullable(),
  headline: z.enum(['completed-plain-mean', 'setting-weighted']),
  judgePrompt: z.enum(['mcp-bench-checkout', 'project', 'mixed']).nullable(),
  plannerPrompt: z.enum(['mcp-bench-checkout', 'project', 'mixed']).nullable().optional(),
})

const AgentRowSchema = PassSummarySchema.extend({
  agent: z.string(),
  /** The server variant of the row (the `variants` option); absent: the servers as configured. */
  variant: z.string().optional(),
  /** The least isolated way any of the row's tasks ran (see AgentIsolationSchema); null when no agent loaded. */
  isolation: AgentIsolationSchema.nullable().optional(),
  /** Tasks that could not start (not counted anywhere else in the row). */
  setupErrors: z.number().int().nonnegative(),
  /** MCP-Bench Table 4 (one server), Table 5 (several), Table 3 (both, weighted by task count), over every counted task. */
  single: SettingSummarySchema,
  multi: SettingSummarySchema,
  overall: SettingSummarySchema,
  /** The headline: averaged as `fidelity.headline` says. */
  overallScore: Rate,
  ruleScore: Rate,
  /** Which MCP-Bench the row's numbers follow: averaging of the headline, and whose prompt the judge was sent. */
  fidelity: z.lazy(() => RowFidelitySchema).optional(),
  /** Means over every counted task, dependency order included. */
  metrics: TaskMetricsSchema.omit({ toolCalls: true, distractorCalls: true }),
  /**
   * MCP-Bench's own averaging, for comparison with its published numbers: only tasks that ran to completion
   * (passed, failed or unscored). `domains`, `ruleScore` and `overallScore` combine the two settings
   * task-count-weighted as Table 3 does; `metrics` and `dimensions` are results_aggregator.py's plain
   * per-task means over those tasks (missing values left out).
   */
  completedOnly: z.object({
    tasks: z.number().int().nonnegative(),
    ruleScore: Rate,
    overallScore: Rate,
    domains: DomainsSchema,
    metrics: RuleMetricsSchema,
    dimensions: SubDimensionsSchema,
  }),
  categories: z.record(z.enum(AGENTBENCH_CATEGORIES), PassSummarySchema),
  uncategorized: z.number().int().nonnegative(),
  tiers: z.record(TierSchema, PassSummarySchema.extend({ overallScore: Rate, ruleScore: Rate, goalsMet: Rate })),
  judge: z.object({
    configured: z.boolean(),
    /** Tasks with a rubric or pass-fail result. */
    judged: z.number().int().nonnegative(),
    /** Tasks whose judging failed; each is errored. */
    errors: z.number().int().nonnegative(),
  }),
  /** Share of goals met over tasks with facts (partial credit). */
  goalsMet: Rate,
  trials: TrialSummarySchema.nullable(),
  avgRounds: z.number(),
  avgToolCalls: z.number(),
  avgTokens: z.number(),
  avgDurationMs: z.number(),
  /** Token sums over the counted tasks: the agent's, and the judges' apart. */
  /** `judge`: spent in this run; `judgeCached`: total tokens of the judge replies served from the cache ($0). */
  tokens: z.object({ agent: TokensSchema, judge: TokensSchema, judgeCached: z.number().int().nonnegative() }),
  cost: CostSummarySchema,
  latency: LatencySummarySchema,
})
export type AgentRow = z.infer<typeof AgentRowSchema>

const GateResultSchema = z.object({
  /** False when this run does not decide (a shard of a run that is merged later). */
  applied: z.boolean(),
  passed: z.boolean(),
  failures: z.array(z.string()),
  note: z.string().nullable(),
  /** The baseline gate's checks, when a baseline was given. */
  baseline: RegressionResultSchema.nullable(),
  /**
   * The gate's checks between server variants (each variant's rows against its agents' rows on the servers as
   * configured), when the run has variants and the gate bounds a drop. Absent otherwise.
   */
  variants: RegressionResultSchema.optional(),
})
export type GateResult = z.infer<typeof GateResultSchema>

/** The run's task files, hashed as it started and again at its end (src/node/task-file-integrity.ts). */
const TaskFileIntegritySchema = z.object({
  taskFiles: z.number().int().nonnegative(),
  /** Task files whose bytes changed while the run went on: the run fails. */
  changed: z.array(z.string()),
  /** Task files with a second name on disk (a hard link), which no read limit by path can see: the run fails. */
  hardLinked: z.array(z.string()),
})
export type TaskFileIntegrity = z.infer<typeof TaskFileIntegritySchema>

export const LeaderboardSchema = z.object({
  schemaVersion: z.literal(LEADERBOARD_SCHEMA_VERSION),
  generatedAt: z.string(),
  /** The run was stopped (Ctrl-C, SIGTERM) before it finished: `unfinished` lists what did not run to the end. */
  interrupted: z.boolean(),
  /** Why the run stopped early ("interrupted" for a signal, or a worker that died); null when it did not. */
  interruption: z.string().nullable(),
  unfinished: z.array(z.object({ file: z.string(), name: z.string() })),
  /**
   * Tasks the run did not start, and why (`budget`: the run's budget was spent): neither failures nor counted; a
   * resumed run (MCP_BENCH_RESUME=1) runs them. Present when there are any.
   */
  notRun: z.array(z.object({ file: z.string(), name: z.string(), reason: z.enum(NOT_RUN_REASONS) })).optional(),
  /** The run's budget (the `budget` option), when it had one, and why it stopped the run (null: it did not). */
  budget: z
    .object({
      usd: z.number().nullable(),
      tokens: z.number().nullable(),
      inFlight: z.enum(['finish', 'cancel']),
      reached: z.string().nullable(),
    })
    .optional(),
  agents: z.array(AgentRowSchema),
  tasks: z.array(TaskRecordSchema),
  /** Test files that failed before any task could run (syntax errors, failing imports). */
  fileErrors: z.array(z.object({ file: z.string(), error: z.string() })),
  gate: GateResultSchema,
  /** The task files' integrity; absent in boards written before it existed, and in merged shards that lacked it. */
  integrity: TaskFileIntegritySchema.optional(),
  /** What the whole run cost, every agent and judge together. */
  cost: CostSummarySchema.omit({ agentUsdPerTask: true }).extend({
    /** agentUsd + judgeUsd; null when either is unknown. */
    totalUsd: Usd,
    /** The date of the bundled price table (entries from the `prices` option are the user's own). */
    pricesAsOf: z.string(),
  }),
  /** Per-tool diagnostics for server authors: a row per agent, server and tool, and the confusion pairs. Absent in boards written before it existed. */
  tools: ToolDiagnosticsSchema.optional(),
})
export type Leaderboard = z.infer<typeof LeaderboardSchema>
