/**
 * The per-task scoring formulas (docs/scoring.md shows them as maths). A
 * missing value is `null` and is skipped by means, never counted as 0. The
 * generic numerics they use (means, Wilson, quantiles) are in src/stats/.
 *
 * MCP-Bench (§5, Tables 3–5):
 *  - rule metrics per task over its tool calls E:
 *      validToolNameRate = |{e: valid(e)}| / |E|
 *      schemaCompliance  = |{e: valid(e) ∧ schemaValid(e)}| / |{e: valid(e)}|
 *      executionSuccess  = |{e: success(e)}| / |E|
 *  - Schema Understanding = mean(validToolNameRate, schemaCompliance, executionSuccess)
 *  - category (Task Completion, Tool Usage, Planning Effectiveness) = mean(two sub-dimensions) / 10
 *  - Overall = mean(Schema Understanding, Task Completion, Tool Usage, Planning Effectiveness)
 */
import type * as z from 'zod'
import { mean, strictMean, ratio, type Maybe } from '../stats/means.ts'
import { MCP_BENCH_CATEGORIES, type McpBenchCategory, type McpBenchDimension } from '../contracts/rubric.ts'
import type { DomainsSchema, JudgeCategoriesSchema, RuleMetricsSchema, SubDimensionsSchema } from '../contracts/leaderboard.ts'

// ---------------------------------------------------------------------------
// Rule-based metrics (MCP-Bench §5.1)

export type RuleMetrics = z.infer<typeof RuleMetricsSchema>

/** The three rule metrics from a trajectory's calls; null where the denominator is 0 (no calls, no valid calls). */
export function callRates(calls: ReadonlyArray<{ valid: boolean; schemaValid: boolean | null; isError: boolean }>): RuleMetrics {
  const valid = calls.filter((c) => c.valid)
  return {
    validToolNameRate: ratio(valid.length, calls.length),
    schemaCompliance: ratio(valid.filter((c) => c.schemaValid === true).length, valid.length),
    executionSuccess: ratio(calls.filter((c) => !c.isError).length, calls.length),
  }
}

/** Schema Understanding = mean of the three rule metrics, skipping nulls; null when all are null. */
export function schemaUnderstanding(m: RuleMetrics): number | null {
  return mean([m.validToolNameRate, m.schemaCompliance, m.executionSuccess])
}

/** The rules alone (no judge): the Schema Understanding domain. */
export function ruleScore(m: RuleMetrics): number | null {
  return schemaUnderstanding(m)
}

// ---------------------------------------------------------------------------
// Judge categories (MCP-Bench §5.2)

/** Category score = mean of its sub-dimensions (on a 1..scaleMax scale) / scaleMax; null when any is missing. */
export function categoryScore(subDimensions: readonly Maybe[], scaleMax = 10): number | null {
  const m = strictMean(subDimensions)
  return m === null ? null : m / scaleMax
}

export type McpBenchSubDimensions = z.infer<typeof SubDimensionsSchema>
export type JudgeCategories = z.infer<typeof JudgeCategoriesSchema>

/** The three MCP-Bench categories (0–1) from the six sub-dimensions (on a 1..scaleMax scale; 1 when already normalised). */
export function judgeCategories(d: McpBenchSubDimensions, scaleMax = 10): JudgeCategories {
  const entries = Object.entries(MCP_BENCH_CATEGORIES) as Array<[McpBenchCategory, readonly McpBenchDimension[]]>
  return Object.fromEntries(
    entries.map(([category, dims]) => [
      category,
      categoryScore(
        dims.map((k) => d[k]),
        scaleMax,
      ),
    ]),
  ) as JudgeCategories
}

// ---------------------------------------------------------------------------
// Overall (MCP-Bench Tables 3–5)

type Domains = z.infer<typeof DomainsSchema>

/** Overall = mean of the four domains; null when any domain is missing (a missing judge is not a 0). */
export function overallScore(d: Domains): number | null {
  return strictMean([d.schemaUnderstanding, d.taskCompletion, d.toolUsage, d.planningEffectiveness])
}

// ---------------------------------------------------------------------------
// Cost and latency (ours: neither paper reports them)

/**
 * Cost in USD of one model exchange at list price:
 *   cost = (promptTokens · input + completionTokens · output) / 10⁶
 * with `input` and `output` in USD per million tokens.
 */
export function tokenCost(usage: { promptTokens: number; completionTokens: number }, price: { input: number; output: number }): number {
  return (usage.promptTokens * price.input + usage.completionTokens * price.output) / 1_000_000
}

/**
 * Total length of the union of intervals [start, start + duration): time
 * covered by at least one of them, so calls that run in parallel count once.
 */
export function coveredTime(intervals: ReadonlyArray<{ start: number; duration: number }>): number {
  const sorted = intervals
    .filter((i) => i.duration > 0)
    .map((i) => [i.start, i.start + i.duration] as const)
    .sort((a, b) => a[0] - b[0])
  let total = 0
  let end = -Infinity
  for (const [s, e] of sorted) {
    if (e <= end) continue
    total += e - Math.max(s, end)
    end = e
  }
  return total
}
