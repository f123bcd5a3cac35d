import * as z from 'zod'

/**
 * The shapes of every score the leaderboard reports. The formulas compute
 * them; the leaderboard schema embeds them; the types come from here.
 */
const Score = z.number().min(0).max(1).nullable()

export const RuleMetricsSchema = z.object({
  validToolNameRate: Score,
  schemaCompliance: Score,
  executionSuccess: Score,
})

export const SubDimensionsSchema = z.object({
  taskFulfillment: z.number().nullable(),
  informationGrounding: z.number().nullable(),
  toolAppropriateness: z.number().nullable(),
  parameterAccuracy: z.number().nullable(),
  dependencyAwareness: z.number().nullable(),
  parallelismEfficiency: z.number().nullable(),
})

export const JudgeCategoriesSchema = z.object({
  taskCompletion: Score,
  toolUsage: Score,
  planningEffectiveness: Score,
})

export const DomainsSchema = JudgeCategoriesSchema.extend({ schemaUnderstanding: Score })

/** One column set of an MCP-Bench table. Rates and sub-dimensions are 0–1 (sub-dimension means / 10). */
export const SettingSummarySchema = z.object({
  tasks: z.number().int().nonnegative(),
  /** Tasks with an MCP-Bench rubric judgement. */
  judged: z.number().int().nonnegative(),
  metrics: RuleMetricsSchema,
  dimensions: SubDimensionsSchema,
  domains: DomainsSchema,
  overall: Score,
  ruleScore: Score,
})

export const CategorySummarySchema = z.object({
  tasks: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  errored: z.number().int().nonnegative(),
  /** passed / tasks (errored counts as not passed); null with no tasks. */
  passRate: Score,
  /** Tasks with a pass-fail judgement, and the share the judge passed. */
  judged: z.number().int().nonnegative(),
  judgePassRate: Score,
})

export const AGENTBENCH_CATEGORIES = [
  'single-server/single',
  'single-server/parallel',
  'single-server/sequential',
  'multi-server/single',
  'multi-server/parallel',
  'multi-server/sequential',
] as const

export const AgentScoresSchema = z.object({
  agent: z.string(),
  tasks: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  errored: z.number().int().nonnegative(),
  passRate: Score,
  /** 95% Wilson interval of the pass rate: two agents whose intervals overlap are not clearly apart. */
  passRateInterval: z.tuple([z.number(), z.number()]).nullable(),
  /** MCP-Bench Table 4 (one server), Table 5 (several), Table 3 (both, weighted by task count). */
  single: SettingSummarySchema,
  multi: SettingSummarySchema,
  overall: SettingSummarySchema,
  /** MCP-AgentBench's six categories; tasks without a call shape are counted in `uncategorized`. */
  categories: z.record(z.enum(AGENTBENCH_CATEGORIES), CategorySummarySchema),
  uncategorized: z.number().int().nonnegative(),
  judge: z.object({
    rubric: z.number().int(), passFail: z.number().int(), notJudged: z.number().int(), errors: z.number().int(), none: z.number().int(),
  }),
})
