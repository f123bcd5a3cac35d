/**
 * The one quantile rule of the project (Hyndman & Fan's type 7), for the
 * latency percentiles of the reports and the bootstrap's percentile intervals.
 */

/** The q-quantile of sorted values, interpolating between order statistics (Hyndman & Fan type 7, R's and numpy's default). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) throw new RangeError('quantileSorted: no values')
  const h = (sorted.length - 1) * q
  const lo = Math.floor(h)
  const hi = Math.min(sorted.length - 1, lo + 1)
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!)
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

/** quantile() of values already passed through sortedFinite(): quantileSorted() with a checked q, null with no values. */
export function sortedQuantile(xs: readonly number[], q: number): number | null {
  if (!(q >= 0 && q <= 1)) throw new Error(`quantile: q must be in [0, 1], not ${q}`)
  return xs.length === 0 ? null : quantileSorted(xs, q)
}

export function median(values: readonly number[]): number | null {
  return quantile(values, 0.5)
}
