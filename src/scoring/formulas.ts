/**
 * Every scoring formula of the project, in one place (docs/scoring.md shows
 * them as maths). A missing value is `null` and is skipped by means, never
 * counted as 0.
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
import { quantileSorted } from '../stats/paired.ts'
import type { DomainsSchema, JudgeCategoriesSchema, RuleMetricsSchema, SubDimensionsSchema } from '../contracts/leaderboard.ts'

export type Maybe = number | null | undefined

/** Arithmetic mean of the non-null, finite values; null when there are none. */
export function mean(values: readonly Maybe[]): number | null {
  let sum = 0
  let n = 0
  for (const v of values) {
    if (v === null || v === undefined || !Number.isFinite(v)) continue
    sum += v
    n++
  }
  return n === 0 ? null : sum / n
}

/** Mean of all values, or null as soon as one is missing. */
export function strictMean(values: readonly Maybe[]): number | null {
  if (values.length === 0 || values.some((v) => v === null || v === undefined || !Number.isFinite(v))) return null
  return mean(values)
}

/** Σ wᵢ·xᵢ / Σ wᵢ over the pairs whose value is present and weight positive; null when none. */
export function weightedMean(pairs: ReadonlyArray<{ value: Maybe; weight: number }>): number | null {
  let sum = 0
  let w = 0
  for (const { value, weight } of pairs) {
    if (value === null || value === undefined || !Number.isFinite(value) || !(weight > 0)) continue
    sum += value * weight
    w += weight
  }
  return w === 0 ? null : sum / w
}

/** n / d, or null when d is 0. */
export function ratio(n: number, d: number): number | null {
  return d === 0 ? null : n / d
}

/**
 * Wilson score interval for a pass rate (95% by default): unlike the normal
 * approximation it stays inside [0, 1] and is honest for small task counts,
 * which is what lets two agents' pass rates be compared. Null with no tasks.
 */
export function wilsonInterval(passed: number, total: number, z = 1.959963984540054): [number, number] | null {
  if (total === 0) return null
  const p = passed / total
  const z2 = z * z
  const denominator = 1 + z2 / total
  const centre = (p + z2 / (2 * total)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator
  // At p = 0 the lower end is 0 exactly, at p = 1 the upper end is 1 (centre ∓ half cancel); rounding would
  // otherwise print 1.7e-18 or 0.9999999999999999.
  return [passed === 0 ? 0 : Math.max(0, centre - half), passed === total ? 1 : Math.min(1, centre + half)]
}

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
  return {
    taskCompletion: categoryScore([d.taskFulfillment, d.informationGrounding], scaleMax),
    toolUsage: categoryScore([d.toolAppropriateness, d.parameterAccuracy], scaleMax),
    planningEffectiveness: categoryScore([d.dependencyAwareness, d.parallelismEfficiency], scaleMax),
  }
}

// ---------------------------------------------------------------------------
// Overall (MCP-Bench Tables 3–5)

type Domains = z.infer<typeof DomainsSchema>

/** Overall = mean of the four domains; null when any domain is missing (a missing judge is not a 0). */
export function overallScore(d: Domains): number | null {
  return strictMean([d.schemaUnderstanding, d.taskCompletion, d.toolUsage, d.planningEffectiveness])
}

// ---------------------------------------------------------------------------
// Calibration (MCP-AgentBench appendix D, MCP-Bench §6.4); the data plumbing is in calibration.ts

/** Share of items where a[i] === b[i]. */
export function percentAgreement<T>(a: readonly T[], b: readonly T[]): number | null {
  if (a.length !== b.length) throw new Error(`percentAgreement: ${a.length} vs ${b.length} ratings`)
  return ratio(
    a.filter((x, i) => x === b[i]).length,
    a.length,
  )
}

/**
 * Cohen's kappa between two raters: κ = (pₒ − pₑ) / (1 − pₑ), with pₒ the
 * observed agreement and pₑ = Σₖ pₐ(k)·p_b(k) the chance agreement from each
 * rater's category proportions. When pₑ = 1 (both raters use one and the same
 * category throughout) κ is undefined: 1 if they agree on everything, else null.
 */
export function cohensKappa<T>(a: readonly T[], b: readonly T[]): number | null {
  if (a.length !== b.length) throw new Error(`cohensKappa: ${a.length} vs ${b.length} ratings`)
  const n = a.length
  if (n === 0) return null
  const po = percentAgreement(a, b)!
  const cats = new Set<T>([...a, ...b])
  let pe = 0
  for (const k of cats) pe += (a.filter((x) => x === k).length / n) * (b.filter((x) => x === k).length / n)
  if (1 - pe === 0) return po === 1 ? 1 : null
  return (po - pe) / (1 - pe)
}

/**
 * Fleiss' kappa from an items × categories count matrix (nᵢⱼ = raters who put
 * item i in category j; every row sums to the same n ≥ 2):
 *   Pᵢ = (Σⱼ nᵢⱼ² − n) / (n(n − 1)),  P̄ = mean Pᵢ,
 *   pⱼ = Σᵢ nᵢⱼ / (N·n),  P̄ₑ = Σⱼ pⱼ²,  κ = (P̄ − P̄ₑ) / (1 − P̄ₑ).
 * Undefined when P̄ₑ = 1: 1 if every rater agrees on every item, else null.
 */
export function fleissKappa(counts: readonly (readonly number[])[]): number | null {
  const N = counts.length
  if (N === 0) return null
  const n = counts[0]!.reduce((s, x) => s + x, 0)
  const k = counts[0]!.length
  if (n < 2) throw new Error('fleissKappa: need at least 2 raters per item')
  for (const [i, row] of counts.entries()) {
    if (row.length !== k) throw new Error(`fleissKappa: row ${i + 1} has ${row.length} categories, expected ${k}`)
    const total = row.reduce((s, x) => s + x, 0)
    if (total !== n) throw new Error(`fleissKappa: item ${i + 1} has ${total} ratings, expected ${n}`)
  }
  const Pi = counts.map((row) => (row.reduce((s, x) => s + x * x, 0) - n) / (n * (n - 1)))
  const Pbar = Pi.reduce((s, x) => s + x, 0) / N
  const pj = Array.from({ length: k }, (_, j) => counts.reduce((s, row) => s + row[j]!, 0) / (N * n))
  const Pe = pj.reduce((s, x) => s + x * x, 0)
  if (1 - Pe === 0) return Pbar === 1 ? 1 : null
  return (Pbar - Pe) / (1 - Pe)
}

/** Share of items on which every rater gave the same label (MCP-AgentBench D.4: three-way agreement). */
export function fullAgreement<T>(ratingsPerItem: readonly (readonly T[])[]): number | null {
  return ratio(
    ratingsPerItem.filter((r) => r.length > 0 && r.every((x) => x === r[0])).length,
    ratingsPerItem.length,
  )
}

/** The label most raters gave; null on a tie for first place. */
export function majorityLabel<T>(ratings: readonly T[]): T | null {
  const counts = new Map<T, number>()
  for (const r of ratings) counts.set(r, (counts.get(r) ?? 0) + 1)
  let best: T | null = null
  let bestN = 0
  let tie = false
  for (const [label, n] of counts) {
    if (n > bestN) {
      best = label
      bestN = n
      tie = false
    } else if (n === bestN) tie = true
  }
  return tie ? null : best
}

/** Population coefficient of variation σ/μ (σ with 1/k); null when μ = 0 or there are no scores. */
export function coefficientOfVariation(scores: readonly number[]): number | null {
  const mu = mean(scores)
  if (mu === null || mu === 0) return null
  const variance = scores.reduce((s, x) => s + (x - mu) ** 2, 0) / scores.length
  return Math.sqrt(variance) / mu
}

/** Mean over tasks of each task's CV across judge models (MCP-Bench §6.4); tasks with an undefined CV are skipped. */
export function meanCoefficientOfVariation(scoresPerTask: readonly (readonly number[])[]): number | null {
  return mean(scoresPerTask.map(coefficientOfVariation))
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
 * The q-quantile (0 ≤ q ≤ 1) by linear interpolation between order
 * statistics, Hyndman & Fan's type 7 (the default of R's `quantile` and
 * NumPy's `percentile`): with the values sorted x₁ ≤ … ≤ xₙ,
 *   h = (n − 1)·q + 1,  Q(q) = x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋).
 * Null with no values.
 */
export function quantile(values: readonly number[], q: number): number | null {
  return sortedQuantile(sortedFinite(values), q)
}

/** The finite values, sorted ascending: what quantile() reads, for taking several quantiles with one sort. */
export function sortedFinite(values: readonly number[]): number[] {
  return values.filter(Number.isFinite).sort((a, b) => a - b)
}

/** quantile() of values already passed through sortedFinite(): the bootstrap's type-7 quantileSorted (paired.ts), null with no values. */
export function sortedQuantile(xs: readonly number[], q: number): number | null {
  if (!(q >= 0 && q <= 1)) throw new Error(`quantile: q must be in [0, 1], not ${q}`)
  return xs.length === 0 ? null : quantileSorted(xs, q)
}

export function median(values: readonly number[]): number | null {
  return quantile(values, 0.5)
}

/**
 * Total length of the union of intervals [start, start + duration): time
 * covered by at least one of them, so calls that run in parallel count once.
 */
export function coveredTime(intervals: ReadonlyArray<{ start: number; duration: number }>): number {
  const sorted = intervals.filter((i) => i.duration > 0).map((i) => [i.start, i.start + i.duration] as const).sort((a, b) => a[0] - b[0])
  let total = 0
  let end = -Infinity
  for (const [s, e] of sorted) {
    if (e <= end) continue
    total += e - Math.max(s, end)
    end = e
  }
  return total
}
