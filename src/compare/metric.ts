import type { MetricComparison } from '../contracts/compare.ts'
import {
  DEFAULT_BOOTSTRAP_SEED,
  DEFAULT_RESAMPLES,
  bootstrapMeans,
  bootstrapP,
  exactMcNemar,
  newcombeInterval,
  newcombeUpperBound,
  percentileInterval,
  percentileUpperBound,
  type PairedTable,
} from '../stats/paired.ts'

/**
 * One metric of two paired runs compared: pass rates by the exact McNemar
 * test and Newcombe's interval, scores by a paired bootstrap (the numerics
 * are in src/stats/paired.ts); below MIN_PAIRS_TO_TELL pairs, no verdict.
 */

/**
 * Fewer paired tasks than this and a metric's verdict is "too few paired
 * tasks to tell". Why 10: with n pairs one flipped task moves a pass rate by
 * 1/n, so below 10 a single task is a swing of more than 10 points, coarser
 * than any drop a gate would allow; and the percentile bootstrap is too
 * narrow for small n (it uses the plug-in variance, (n−1)/n of the unbiased
 * one, and normal rather than t tails). For normally distributed differences
 * its nominal 95% interval covers about 0.904 at n = 10 but 0.846 at n = 5
 * (R 4.2.2: `n <- c(5, 10); 2 * pt(qnorm(0.975) * sqrt((n - 1) / n), n - 1) - 1`
 * gives 0.8455, 0.9041): at 10 it is still roughly what it says, below it is not.
 */
export const MIN_PAIRS_TO_TELL = 10

export const TOO_FEW_MESSAGE = 'too few paired tasks to tell'

/** How metrics are compared; see compare.ts for the options users set. */
export interface ComparisonSettings {
  /** Two-sided confidence of the intervals, e.g. 0.95. */
  confidence: number
  seed: string | number
  resamples: number
  minPairs: number
}

export const DEFAULT_COMPARISON_SETTINGS: ComparisonSettings = {
  confidence: 0.95,
  seed: DEFAULT_BOOTSTRAP_SEED,
  resamples: DEFAULT_RESAMPLES,
  minPairs: MIN_PAIRS_TO_TELL,
}

/**
 * Compares pass/fail outcomes pair by pair: `null` on either side (a task
 * with no verdict) leaves the pair out. Exact McNemar p, Newcombe interval.
 */
export function comparePassRates(
  pairs: ReadonlyArray<{ base: boolean | null; head: boolean | null }>,
  settings: ComparisonSettings = DEFAULT_COMPARISON_SETTINGS,
): MetricComparison {
  const used = pairs.filter((p): p is { base: boolean; head: boolean } => p.base !== null && p.head !== null)
  const table: PairedTable = { bothPassed: 0, worse: 0, better: 0, bothFailed: 0 }
  for (const { base, head } of used) {
    if (base && head) table.bothPassed++
    else if (base) table.worse++
    else if (head) table.better++
    else table.bothFailed++
  }
  const n = used.length
  const base = n === 0 ? null : (table.bothPassed + table.worse) / n
  const head = n === 0 ? null : (table.bothPassed + table.better) / n
  const measured = n > 0 && n >= settings.minPairs
  return {
    pairs: n,
    leftOut: pairs.length - n,
    base,
    head,
    difference: n === 0 ? null : (table.better - table.worse) / n,
    verdict: measured ? 'measured' : 'too-few',
    interval: measured ? newcombeInterval(table, settings.confidence) : null,
    upperBound: measured ? newcombeUpperBound(table, settings.confidence) : null,
    p: measured ? exactMcNemar(table.worse, table.better).p : null,
    discordant: { worse: table.worse, better: table.better },
  }
}

/**
 * Compares a score pair by pair: `null` on either side leaves the pair out.
 * Paired bootstrap of the mean difference, percentile interval and p.
 */
export function compareScores(
  pairs: ReadonlyArray<{ base: number | null; head: number | null }>,
  settings: ComparisonSettings = DEFAULT_COMPARISON_SETTINGS,
): MetricComparison {
  const used = pairs.filter((p): p is { base: number; head: number } => p.base !== null && p.head !== null)
  const n = used.length
  const meanOf = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
  const base = n === 0 ? null : meanOf(used.map((p) => p.base))
  const head = n === 0 ? null : meanOf(used.map((p) => p.head))
  const measured = n > 0 && n >= settings.minPairs
  const means = measured
    ? bootstrapMeans(
        used.map((p) => p.head - p.base),
        settings,
      )
    : null
  return {
    pairs: n,
    leftOut: pairs.length - n,
    base,
    head,
    difference: n === 0 ? null : meanOf(used.map((p) => p.head - p.base)),
    verdict: measured ? 'measured' : 'too-few',
    interval: means ? percentileInterval(means, settings.confidence) : null,
    upperBound: means ? percentileUpperBound(means, settings.confidence) : null,
    p: means ? bootstrapP(means) : null,
    discordant: null,
  }
}
