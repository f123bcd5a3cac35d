import * as z from 'zod'
import { AgentIsolationSchema } from './isolation.ts'
import { TaskStatusSchema } from './task-status.ts'

/**
 * The JSON that `mcp-bench compare --json` writes and the baseline gate
 * returns. Every difference is head − base (negative: the head run did worse).
 */

export const COMPARISON_SCHEMA_VERSION = 1

/** The metrics compared per agent, in report order. */
export const COMPARED_METRICS = ['passRate', 'overall', 'ruleScore', 'schemaUnderstanding', 'taskCompletion', 'toolUsage', 'planningEffectiveness'] as const
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
  metric: z.enum(COMPARED_METRICS),
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
