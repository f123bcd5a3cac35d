/**
 * Agreement between raters, for judge calibration (MCP-AgentBench appendix D,
 * MCP-Bench §6.4); the data plumbing is in src/cli/calibration.ts. Pure, no I/O.
 */
import { mean, ratio } from './means.ts'

/** Share of items where a[i] === b[i]. */
export function percentAgreement<T>(a: readonly T[], b: readonly T[]): number | null {
  if (a.length !== b.length) throw new Error(`percentAgreement: ${a.length} vs ${b.length} ratings`)
  return ratio(a.filter((x, i) => x === b[i]).length, a.length)
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
  return ratio(ratingsPerItem.filter((r) => r.length > 0 && r.every((x) => x === r[0])).length, ratingsPerItem.length)
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
