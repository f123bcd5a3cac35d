/**
 * Means and ratios that skip what is missing: a missing value is `null` (or
 * undefined, or not finite) and is left out, never counted as 0. Pure, no I/O.
 */

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
