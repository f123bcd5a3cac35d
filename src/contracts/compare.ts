import * as z from 'zod'
import { AgentIsolationSchema } from './isolation.ts'
import { TaskStatusSchema } from './task-status.ts'

/**
 * The JSON that `mcp-bench compare --json` writes and the baseline gate
 * returns. Every difference is head − base (negative: the head run did worse).
 */

export const COMPARISON_SCHEMA_VERSION = 1

/** The metrics compared per agent, in report order. */
export const COMPARED_METRICS = [
  'passRate',
  'overall',
  'ruleScore',
  'schemaUnderstanding',
  'taskCompletion',
  'toolUsage',
  'planningEffectiveness',
] as const
export type ComparedMetric = (typeof COMPARED_METRICS)[number]
export type ScoreMetric = Exclude<ComparedMetric, 'passRate'>
export const SCORE_METRICS = COMPARED_METRICS.filter((m): m is ScoreMetric => m !== 'passRate')

export const METRIC_LABELS: Record<ComparedMetric, string> = {
  passRate: 'pass rate',
  overall: 'overall',
  ruleScore: 'rule score',
  schemaUnderstanding: 'schema understanding',
  taskCompletion: 'task completion',
  toolUsage: 'tool usage',
  planningEffectiveness: 'planning effectiveness',
}

/**
 * The metrics compared per tool and per server (`mcp-bench compare` by tool), each a per-task value from the task
 * records' per-tool counts (src/contracts/tool-diagnostics.ts), paired task by task:
 * - recall: the share of the task's reference calls to the tool (or the server's tools) that an agent call took;
 *   tasks whose plan does not call it have none;
 * - successRate: the share of the task's calls to it that ran without an error and fit its schema; tasks that do
 *   not call it have none.
 */
export const TOOL_METRICS = ['recall', 'successRate'] as const
export type ToolMetric = (typeof TOOL_METRICS)[number]
export const TOOL_METRIC_LABELS: Record<ToolMetric, string> = { recall: 'recall', successRate: 'success rate' }

const Interval = z.tuple([z.number(), z.number()])
const Count = z.number().int().nonnegative()

const MetricComparisonSchema = z.object({
  /** Pairs that entered the comparison, and pairs left out because either side had no value for this metric. */
  pairs: Count,
  leftOut: Count,
  /** Means over the pairs that entered, so difference = head − base exactly; null with no pairs. */
  base: z.number().nullable(),
  head: z.number().nullable(),
  difference: z.number().nullable(),
  /** 'too-few': fewer pairs than `minPairs`; then interval, upperBound and p are null. */
  verdict: z.enum(['measured', 'too-few']),
  /** Two-sided interval of head − base at the comparison's confidence. */
  interval: Interval.nullable(),
  /** One-sided upper bound of head − base at the same confidence (what the baseline gate reads). */
  upperBound: z.number().nullable(),
  /** Two-sided p-value for "no change": exact McNemar for the pass rate, bootstrap for scores. */
  p: z.number().min(0).max(1).nullable(),
  /** Pass rate only: discordant pairs that got worse (passed → not passed) and better. */
  discordant: z.object({ worse: Count, better: Count }).nullable(),
})
export type MetricComparison = z.infer<typeof MetricComparisonSchema>

const FlipSchema = z.object({
  id: z.string(),
  trial: z.number().int().positive(),
  base: TaskStatusSchema,
  head: TaskStatusSchema,
})
export type Flip = z.infer<typeof FlipSchema>

const DropSchema = z.object({
  id: z.string(),
  trial: z.number().int().positive(),
  base: z.number(),
  head: z.number(),
  difference: z.number(),
})
export type Drop = z.infer<typeof DropSchema>

const perMetric = <T extends z.ZodType>(schema: T) =>
  z.object({
    passRate: schema,
    overall: schema,
    ruleScore: schema,
    schemaUnderstanding: schema,
    taskCompletion: schema,
    toolUsage: schema,
    planningEffectiveness: schema,
  })
const perScore = <T extends z.ZodType>(schema: T) => perMetric(schema).omit({ passRate: true })

/**
 * One tool's (or one server's) change between two runs of an agent. `regressed`: some metric's interval lies
 * wholly below 0 (at the comparison's confidence); `improved`: some lies wholly above 0 and none below;
 * `unchanged`: measured, and neither; `too-few`: no metric had enough pairs to tell.
 */
const ToolComparisonSchema = z.object({
  scope: z.enum(['tool', 'server']),
  /** `server.tool`, or the server's name. */
  name: z.string(),
  metrics: z.object({ recall: MetricComparisonSchema, successRate: MetricComparisonSchema }),
  verdict: z.enum(['regressed', 'improved', 'unchanged', 'too-few']),
})
export type ToolComparison = z.infer<typeof ToolComparisonSchema>

const AgentComparisonSchema = z.object({
  agent: z.string(),
  /** Records present in both runs, and records with no counterpart. */
  pairs: Count,
  onlyInBase: Count,
  onlyInHead: Count,
  metrics: perMetric(MetricComparisonSchema),
  /**
   * How far each run held the agent's code (its least-held task; null: not recorded). When they differ the
   * numbers are not comparable: agent code held less may have read the answers. `compare` says so on top.
   */
  isolation: z.object({ base: AgentIsolationSchema.nullable(), head: AgentIsolationSchema.nullable() }).optional(),
  /** Pairs whose verdict changed: passed → failed or errored, and failed or errored → passed. */
  flips: z.object({ worse: z.array(FlipSchema), better: z.array(FlipSchema) }),
  /** Per score, the pairs that fell most (largest first), at most `listLimit`. */
  drops: perScore(z.array(DropSchema)),
  /**
   * Per tool, then per server, by name: every tool either run's records count (tasks with per-tool counts only).
   * Absent in comparisons made before it existed.
   */
  tools: z.array(ToolComparisonSchema).optional(),
})
export type AgentComparison = z.infer<typeof AgentComparisonSchema>

const ComparisonSettingsSchema = z.object({
  confidence: z.number().gt(0).lt(1),
  seed: z.union([z.number().int(), z.string()]),
  resamples: z.number().int().positive(),
  minPairs: z.number().int().positive(),
  listLimit: z.number().int().positive(),
})

export const ComparisonSchema = z.object({
  schemaVersion: z.literal(COMPARISON_SCHEMA_VERSION),
  /** Where each run came from (a file name, as given). */
  base: z.string(),
  head: z.string(),
  settings: ComparisonSettingsSchema,
  /** The most trials any task ran (task lists then name the trial as `id #2`). */
  trials: z.number().int().nonnegative(),
  agents: z.array(AgentComparisonSchema),
})
export type Comparison = z.infer<typeof ComparisonSchema>

const RegressionCheckSchema = z.object({
  agent: z.string(),
  /** A row metric, or (with `scope`) a tool's or a server's. */
  metric: z.enum([...COMPARED_METRICS, ...TOOL_METRICS]),
  /** The tool (`server.tool`) or server the check is about; absent: the agent's row. */
  scope: z.object({ kind: z.enum(['tool', 'server']), name: z.string() }).optional(),
  maxDrop: z.number(),
  /** 'regression': the drop exceeds maxDrop with the gate's confidence; 'within': not shown to; 'too-few': cannot tell. */
  verdict: z.enum(['regression', 'within', 'too-few']),
  pairs: Count,
  /** base − head, the point estimate of the drop. */
  drop: z.number().nullable(),
  /** One-sided lower confidence bound of the drop: with the gate's confidence the drop is at least this. */
  dropAtLeast: z.number().nullable(),
  /** The two-sided interval of head − base at 2·confidence − 1, whose upper end is that bound. */
  interval: Interval.nullable(),
  /** The tasks that went worst for this metric (passed → not passed, or the largest drops). */
  worst: z.array(z.string()),
  message: z.string(),
})
export type RegressionCheck = z.infer<typeof RegressionCheckSchema>

export const RegressionResultSchema = z.object({
  passed: z.boolean(),
  confidence: z.number(),
  checks: z.array(RegressionCheckSchema),
  /** The messages of the checks that failed the gate. */
  failures: z.array(z.string()),
})
export type RegressionResult = z.infer<typeof RegressionResultSchema>

const Allowed = z.number().min(0).max(1)

/** The largest drop (base − head, on the 0–1 scale: 0.05 is 5 points) each metric may show before the gate fails. */
export const MaxDropSchema = z
  .object({
    passRate: Allowed,
    overall: Allowed,
    ruleScore: Allowed,
    schemaUnderstanding: Allowed,
    taskCompletion: Allowed,
    toolUsage: Allowed,
    planningEffectiveness: Allowed,
  })
  .partial()
  .strict()

/** The largest drop each tool metric (or server metric) may show before the gate fails, on the 0–1 scale. */
export const ToolMaxDropSchema = z.object({ recall: Allowed, successRate: Allowed }).partial().strict()
