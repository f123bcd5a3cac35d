import { createRng } from '../lib/random.ts'
import { wilsonInterval } from './wilson.ts'
import { quantileSorted } from './quantile.ts'

/**
 * Paired comparison statistics for "did this change make the agent worse?":
 * two runs of the same tasks are paired task by task, so what differs between
 * the runs is the change, not the task mix. Pure functions, no I/O; the
 * verdicts built on them are in src/compare/metric.ts.
 *
 * Every difference is head − base: negative means the head run did worse.
 *
 *  - Pass rates: the exact McNemar test on the discordant pairs, and
 *    Newcombe's hybrid score interval (his method 10) for the difference.
 *  - Scores (overall, rule score, domains): a paired bootstrap of the mean
 *    difference with the project's seeded PRNG, percentile intervals.
 */

// ---------------------------------------------------------------------------
// Binomial tail and the exact McNemar test

/** P(X ≤ k) for X ~ Binomial(n, p), summed in log space so large n neither overflows nor underflows early. */
export function binomialCdf(k: number, n: number, p: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`binomialCdf: n must be a non-negative integer, got ${n}`)
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomialCdf: p must be in [0, 1], got ${p}`)
  const top = Math.floor(k)
  if (top < 0) return 0
  if (top >= n) return 1
  if (p === 0) return 1
  if (p === 1) return 0
  const logP = Math.log(p)
  const logQ = Math.log1p(-p)
  // log pmf(j) from log pmf(j − 1): × (n − j + 1) / j × p / q.
  const logs: number[] = [n * logQ]
  for (let j = 1; j <= top; j++) logs.push(logs[j - 1]! + Math.log(n - j + 1) - Math.log(j) + logP - logQ)
  const max = Math.max(...logs)
  const sum = logs.reduce((s, l) => s + Math.exp(l - max), 0)
  return Math.min(1, Math.exp(max + Math.log(sum)))
}

export interface McNemarResult {
  /** Discordant pairs that got worse (base passed, head did not) and better. */
  worse: number
  better: number
  /** Two-sided exact p-value: 2·P(X ≤ min(worse, better)), X ~ Bin(worse + better, ½), capped at 1. */
  p: number
  /** One-sided p-value for "head is worse": P(X ≥ worse). */
  pWorse: number
}

/**
 * The exact McNemar test: under "no change" each discordant pair is equally
 * likely to have gone either way, so `worse` is Binomial(worse + better, ½).
 * Concordant pairs carry no information about the change and are ignored.
 * With no discordant pairs both p-values are 1.
 */
export function exactMcNemar(worse: number, better: number): McNemarResult {
  for (const [name, v] of [
    ['worse', worse],
    ['better', better],
  ] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`exactMcNemar: ${name} must be a non-negative integer, got ${v}`)
  }
  const n = worse + better
  return {
    worse,
    better,
    p: Math.min(1, 2 * binomialCdf(Math.min(worse, better), n, 0.5)),
    // P(X ≥ worse) = P(X ≤ better) by the symmetry of Bin(n, ½).
    pWorse: binomialCdf(better, n, 0.5),
  }
}

// ---------------------------------------------------------------------------
// Newcombe's interval for the difference of paired proportions

/** The 2×2 table of paired pass/fail outcomes. */
export interface PairedTable {
  bothPassed: number
  /** Passed in base, not in head. */
  worse: number
  /** Not passed in base, passed in head. */
  better: number
  bothFailed: number
}

/** The standard normal quantile Φ⁻¹(q) (Acklam's rational approximation refined by one Halley step; error < 1e-15). */
export function normalQuantile(q: number): number {
  if (!(q > 0 && q < 1)) throw new RangeError(`normalQuantile: q must be in (0, 1), got ${q}`)
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239]
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1]
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783]
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416]
  const tail = (r: number) =>
    (((((c[0]! * r + c[1]!) * r + c[2]!) * r + c[3]!) * r + c[4]!) * r + c[5]!) / ((((d[0]! * r + d[1]!) * r + d[2]!) * r + d[3]!) * r + 1)
  let x: number
  if (q < 0.02425) x = tail(Math.sqrt(-2 * Math.log(q)))
  else if (q > 1 - 0.02425) x = -tail(Math.sqrt(-2 * Math.log(1 - q)))
  else {
    const s = q - 0.5
    const r = s * s
    x =
      ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * s) /
      (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  }
  // One Halley step against Φ(x) = erfc(−x/√2)/2.
  const e = 0.5 * erfc(-x / Math.SQRT2) - q
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2)
  return x - u / (1 + (x * u) / 2)
}

/**
 * Complementary error function to near double precision, for the Halley step
 * above: the Taylor series of erf below |x| = 2, the continued fraction of
 * erfc (evaluated by the modified Lentz method) from there on.
 */
function erfc(x: number): number {
  const ax = Math.abs(x)
  let r: number
  if (ax < 2) {
    // erf series: erf(x) = 2/√π Σ (−1)ⁿ x^(2n+1) / (n! (2n+1))
    let term = ax
    let sum = ax
    for (let n = 1; n < 60; n++) {
      term *= (-ax * ax) / n
      const add = term / (2 * n + 1)
      sum += add
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break
    }
    r = 1 - (2 / Math.sqrt(Math.PI)) * sum
  } else {
    // Lentz's continued fraction for erfc(x) = exp(−x²)/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + …))))
    let f = ax
    let C = ax
    let D = 0
    for (let n = 1; n < 200; n++) {
      const an = n / 2
      D = ax + an * D
      D = D === 0 ? 1e-300 : 1 / D
      C = ax + an / C
      if (C === 0) C = 1e-300
      const delta = C * D
      f *= delta
      if (Math.abs(delta - 1) < 1e-16) break
    }
    r = Math.exp(-ax * ax) / Math.sqrt(Math.PI) / f
  }
  return x >= 0 ? r : 2 - r
}

/**
 * Newcombe's hybrid score interval (his 1998 method 10) for the difference of
 * paired pass rates, head − base, at a two-sided confidence level.
 *
 * Why this one: it is built from the Wilson interval of each run's pass rate
 * (the interval the leaderboard already reports) joined through the pairs'
 * correlation φ, so it stays inside [−1, 1], behaves at 0 and 100% and at
 * small n, where the Wald interval collapses to a point (no discordant pairs)
 * or overshoots; Newcombe's own evaluation found its coverage close to
 * nominal, it has a closed form (no root finding), and a reference
 * implementation ships in Debian (R's epiR, `epi.conf(ctype = "prop.paired")`),
 * which the tests check it against.
 *
 * With p₁, p₂ the base and head pass rates and (l₁, u₁), (l₂, u₂) their Wilson intervals:
 *   δ = √((p₂ − l₂)² − 2φ(p₂ − l₂)(u₁ − p₁) + (u₁ − p₁)²)
 *   ε = √((u₂ − p₂)² − 2φ(u₂ − p₂)(p₁ − l₁) + (p₁ − l₁)²)
 *   interval = [p₂ − p₁ − δ, p₂ − p₁ + ε]
 * where φ is the correlation of the 2×2 table with Newcombe's adjustment of
 * its numerator (AD − BC, less n/2 when it exceeds n/2, and 0 in between),
 * and 0 when any margin is empty.
 */
export function newcombeInterval(table: PairedTable, confidence: number): [number, number] {
  assertConfidence(confidence, 'newcombeInterval')
  const { bothPassed: a, worse: b, better: c, bothFailed: d } = table
  const n = a + b + c + d
  if (n === 0) throw new RangeError('newcombeInterval: the table is empty')
  const z = normalQuantile(1 - (1 - confidence) / 2)
  const basePassed = a + b
  const headPassed = a + c
  const p1 = basePassed / n
  const p2 = headPassed / n
  const [l1, u1] = wilsonInterval(basePassed, n, z)!
  const [l2, u2] = wilsonInterval(headPassed, n, z)!
  const margins = [a + b, c + d, a + c, b + d]
  const cross = a * d - b * c
  const adjusted = cross > n / 2 ? cross - n / 2 : cross >= 0 ? 0 : cross
  const phi = margins.some((m) => m === 0) ? 0 : adjusted / Math.sqrt(margins.reduce((s, m) => s * m, 1))
  const root = (x: number, y: number) => Math.sqrt(Math.max(0, x * x - 2 * phi * x * y + y * y))
  const diff = p2 - p1
  return [diff - root(p2 - l2, u1 - p1), diff + root(u2 - p2, p1 - l1)]
}

/**
 * One-sided upper confidence bound of head − base at `confidence` (for the
 * gate: the change is below it with that confidence). It is the upper end of
 * the two-sided interval at 2·confidence − 1.
 */
export function newcombeUpperBound(table: PairedTable, confidence: number): number {
  return newcombeInterval(table, twoSidedFor(confidence))[1]
}

// ---------------------------------------------------------------------------
// Paired bootstrap of a mean difference

export const DEFAULT_BOOTSTRAP_SEED = 1
/**
 * Resamples per bootstrap. At 10 000 the Monte Carlo error of a 2.5%
 * percentile is about 3% of the bootstrap standard error
 * (√(0.025·0.975/10 000) / φ(1.96) ≈ 0.027 of it), below the rounding of the
 * reports.
 */
export const DEFAULT_RESAMPLES = 10_000

export interface BootstrapOptions {
  /** Seed of the resampling stream (a number, or a string hashed by src/lib/random.ts). */
  seed: string | number
  resamples: number
}

/**
 * The bootstrap distribution of the mean of the differences, sorted: each
 * resample draws n differences with replacement (the pairs stay together,
 * which is what makes it a paired bootstrap) and takes their mean.
 */
export function bootstrapMeans(differences: readonly number[], { seed, resamples }: BootstrapOptions): Float64Array {
  const n = differences.length
  if (n === 0) throw new RangeError('bootstrapMeans: no differences to resample')
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError(`bootstrapMeans: resamples must be a positive integer, got ${resamples}`)
  const rng = createRng(seed)
  const means = new Float64Array(resamples)
  for (let r = 0; r < resamples; r++) {
    let sum = 0
    for (let i = 0; i < n; i++) sum += differences[Math.floor(rng() * n)]!
    means[r] = sum / n
  }
  return means.sort()
}

/** Two-sided percentile interval of a sorted bootstrap distribution: its (1 − c)/2 and (1 + c)/2 quantiles. */
export function percentileInterval(sorted: ArrayLike<number>, confidence: number): [number, number] {
  assertConfidence(confidence, 'percentileInterval')
  return [quantileSorted(sorted, (1 - confidence) / 2), quantileSorted(sorted, (1 + confidence) / 2)]
}

/** One-sided upper percentile bound at `confidence`: the change lies below it with that confidence. */
export function percentileUpperBound(sorted: ArrayLike<number>, confidence: number): number {
  assertConfidence(confidence, 'percentileUpperBound')
  return quantileSorted(sorted, confidence)
}

/**
 * Two-sided bootstrap p-value for "no change", by inverting the percentile
 * interval: twice the smaller share of resampled means on either side of 0
 * (ties at 0 count on both sides), so p < 1 − c exactly when the c percentile
 * interval leaves 0 out. The +1 in numerator and denominator keeps a finite
 * number of resamples from ever claiming p = 0 (Davison & Hinkley 1997, §4.2).
 */
export function bootstrapP(sorted: ArrayLike<number>): number {
  let below = 0
  let above = 0
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i]! <= 0) below++
    if (sorted[i]! >= 0) above++
  }
  return Math.min(1, (2 * (Math.min(below, above) + 1)) / (sorted.length + 1))
}

// ---------------------------------------------------------------------------

/** The two-sided level whose upper end is the one-sided bound at `confidence`. */
export function twoSidedFor(confidence: number): number {
  assertConfidence(confidence, 'one-sided bound')
  if (confidence <= 0.5) throw new RangeError(`one-sided bound: confidence must be above 0.5, got ${confidence}`)
  return 2 * confidence - 1
}

function assertConfidence(confidence: number, where: string): void {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`${where}: confidence must be in (0, 1), got ${confidence}`)
}
