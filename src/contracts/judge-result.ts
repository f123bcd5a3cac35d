import * as z from 'zod'
import { MCP_BENCH_CATEGORIES, MCP_BENCH_DIMENSIONS } from './rubric.ts'

/**
 * What the judge returns for one task. Plain JSON (it travels through
 * Vitest's task meta and into reports). A dimension the judge could not
 * score is `null`, never 0.
 */

const JudgeUsageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
})
export type JudgeUsage = z.infer<typeof JudgeUsageSchema>

const JudgeSamplesSchema = z.object({
  requested: z.number().int().nonnegative(),
  valid: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** One line per failed sample: `sample 3: <why>`. */
  failures: z.array(z.string()),
})
export type JudgeSamples = z.infer<typeof JudgeSamplesSchema>

/** Sub-dimension means, on the rubric's scale (1–10 for MCP-Bench), keyed by dimension id. */
const DimensionScoresSchema = z.record(z.string(), z.number().nullable())
/** Category scores normalised to 0–1, keyed by category id. */
const CategoryScoresSchema = z.record(z.string(), z.number().min(0).max(1).nullable())

const Common = {
  model: z.string(),
  /** Every request was answered from the cache. */
  cached: z.boolean(),
  /** How many of the sample requests were answered from the cache. */
  cacheHits: z.number().int().nonnegative(),
  /** Tokens of the requests the judge's server answered in this run: what was spent. */
  usage: JudgeUsageSchema,
  /** Tokens of the replies served from the cache (as first spent, in an earlier run): nothing spent now. */
  cachedUsage: JudgeUsageSchema.optional(),
  durationMs: z.number().nonnegative(),
  /**
   * The judge option `seed` (as text), mixed with the task id and the sample index into each sample's shuffle of the
   * prompt's orders; null when none was set (the orders are still seeded, by task id and sample index).
   */
  shuffleSeed: z.string().nullable().optional(),
}

/**
 * A rubric judgement as the worker records it: the raw inputs only, each valid sample's parsed scores
 * and the rule that averages them. Dimension means and category scores are derived from these once, in
 * the main process (scoreJudge, src/scoring/judge-scores.ts), and shown as ScoredRubricJudgeResult.
 */
const RubricJudgeResultSchema = z.object({
  kind: z.literal('rubric'),
  /** `mcp-bench` or a custom rubric's name. */
  rubric: z.string(),
  scale: z.object({ min: z.number(), max: z.number() }),
  /** The rubric's categories and the dimension ids each averages, in the rubric's order. */
  categoryDimensions: z.record(z.string(), z.array(z.string())),
  /** The judge option `sampleAveraging`: how the samples' scores are averaged into dimension means. */
  sampleAveraging: z.enum(['whole-sample', 'per-field', 'mcp-bench-evaluator']),
  samples: JudgeSamplesSchema.extend({
    /** The scores of each valid sample, in sample order, as parsed from the judge's reply. */
    scores: z.array(z.record(z.string(), z.number())),
  }),
  /** Per-dimension reasoning from the first valid sample. */
  reasoning: z.record(z.string(), z.string()),
  /**
   * Whose prompt the judge was sent: `mcp-bench-checkout`, MCP-Bench's released prompt and the evidence its
   * runner gives, from the templates imported from the user's checkout (judge option `templates`);
   * `project`, this project's wording with its richer evidence (dependency structure, per-call verdicts,
   * raw results). Absent in records made before it existed (they are `project`).
   */
  prompt: z.enum(['mcp-bench-checkout', 'project']).optional(),
  ...Common,
})
export type RubricJudgeResult = z.infer<typeof RubricJudgeResultSchema>

/** A rubric judgement with the numbers scoring derives from its samples: what the leaderboard shows. */
const ScoredRubricJudgeResultSchema = RubricJudgeResultSchema.extend({
  /** Means over valid samples. For MCP-Bench: taskFulfillment, informationGrounding, toolAppropriateness, parameterAccuracy, dependencyAwareness, parallelismEfficiency. */
  dimensions: DimensionScoresSchema,
  /** Mean of a category's dimensions, divided by the scale maximum. For MCP-Bench: taskCompletion, toolUsage, planningEffectiveness. */
  categories: CategoryScoresSchema,
})
export type ScoredRubricJudgeResult = z.infer<typeof ScoredRubricJudgeResultSchema>

const PassFailJudgeResultSchema = z.object({
  kind: z.literal('pass-fail'),
  pass: z.boolean(),
  /** The judge's reasoning (from the first sample that voted with the majority). */
  reason: z.string(),
  /** Majority over valid samples; a tie fails. */
  votes: z.object({ pass: z.number().int().nonnegative(), fail: z.number().int().nonnegative() }),
  samples: JudgeSamplesSchema,
  ...Common,
})
export type PassFailJudgeResult = z.infer<typeof PassFailJudgeResultSchema>

const nullRecord = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.null()])) as Record<K, z.ZodNull>)

const NULL_DIMENSIONS = Object.fromEntries(MCP_BENCH_DIMENSIONS.map((d) => [d, null])) as Record<
  (typeof MCP_BENCH_DIMENSIONS)[number],
  null
>
const NULL_CATEGORIES = Object.fromEntries(Object.keys(MCP_BENCH_CATEGORIES).map((c) => [c, null])) as Record<
  keyof typeof MCP_BENCH_CATEGORIES,
  null
>

const NotJudgedResultSchema = z.object({
  kind: z.literal('not-judged'),
  reason: z.string(),
  dimensions: nullRecord(MCP_BENCH_DIMENSIONS),
  categories: nullRecord(Object.keys(MCP_BENCH_CATEGORIES) as Array<keyof typeof MCP_BENCH_CATEGORIES>),
})
export type NotJudgedResult = z.infer<typeof NotJudgedResultSchema>

const JudgeErrorResultSchema = z.object({
  kind: z.literal('error'),
  /** `mcp-bench`, `pass-fail` or a custom rubric's name. */
  rubric: z.string(),
  reason: z.string(),
  samples: JudgeSamplesSchema,
  /** All null: an error scores nothing (and never 0). */
  dimensions: DimensionScoresSchema,
  categories: CategoryScoresSchema,
  ...Common,
})
export type JudgeErrorResult = z.infer<typeof JudgeErrorResultSchema>

/** The kinds a recorded and a shown judge result share: only a rubric's differs (raw samples vs derived scores). */
const UNSCORED_KINDS = [PassFailJudgeResultSchema, NotJudgedResultSchema, JudgeErrorResultSchema] as const

export const JudgeResultSchema = z.discriminatedUnion('kind', [RubricJudgeResultSchema, ...UNSCORED_KINDS])
export type JudgeResult = z.infer<typeof JudgeResultSchema>

/** A judge result as the leaderboard shows it: a rubric's with its derived dimensions and categories. */
export const ScoredJudgeResultSchema = z.discriminatedUnion('kind', [ScoredRubricJudgeResultSchema, ...UNSCORED_KINDS])
export type ScoredJudgeResult = z.infer<typeof ScoredJudgeResultSchema>

export function notJudged(reason = 'no judge configured (set MCP_BENCH_JUDGE_MODEL or pass a judge config)'): NotJudgedResult {
  return { kind: 'not-judged', reason, dimensions: { ...NULL_DIMENSIONS }, categories: { ...NULL_CATEGORIES } }
}

/** The six MCP-Bench sub-dimension means (1–10) of any result; null where there is none. */
export function mcpBenchDimensions(
  result: ScoredJudgeResult | null | undefined,
): Record<(typeof MCP_BENCH_DIMENSIONS)[number], number | null> {
  const out = { ...NULL_DIMENSIONS } as Record<(typeof MCP_BENCH_DIMENSIONS)[number], number | null>
  if (result?.kind !== 'rubric' || result.rubric !== 'mcp-bench') return out
  for (const d of MCP_BENCH_DIMENSIONS) out[d] = result.dimensions[d] ?? null
  return out
}
