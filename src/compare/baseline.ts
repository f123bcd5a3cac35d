import type { Gate } from '../contracts/options.ts'
import { parseComparableRun, readComparableRun } from './compare-input.ts'
import type { Comparison, RegressionResult } from '../contracts/compare.ts'
import { compareRuns, regression, type RegressionOptions } from './compare.ts'
import type { TaskRecord } from '../contracts/leaderboard.ts'

export type BaselineVerdict = { regression: RegressionResult; comparison: Comparison | null }

/**
 * The baseline gate for this run, given the baseline leaderboard's text (read
 * by src/node/baseline.ts from a file or a URL) or why it could not be read:
 * the baseline compared task by task with this run's records. A baseline that
 * cannot be read or parsed fails the gate, saying why: a gate that silently
 * passed without its baseline would gate nothing. With the verdict comes, for
 * the reports, the full comparison of the baseline with this run (95%
 * two-sided intervals, flipped tasks, largest drops); the comparison is null
 * when the baseline could not be used. Pure: no I/O.
 */
export function baselineVerdict(
  gate: Gate & { baseline: string },
  baseline: { text: string } | { error: string },
  run: { tasks: readonly TaskRecord[] },
): BaselineVerdict {
  try {
    if ('error' in baseline) throw new Error(baseline.error)
    const base = parseComparableRun(baseline.text, gate.baseline)
    const head = readComparableRun(run, 'this run')
    return {
      regression: regression(base, head, regressionOptions(gate)),
      comparison: compareRuns(base, head),
    }
  } catch (error) {
    const message = `baseline ${gate.baseline} could not be used: ${(error as Error).message}`
    return { regression: { passed: false, confidence: gate.confidence ?? 0.95, checks: [], failures: [message] }, comparison: null }
  }
}

/** What the gate bounds and how sure it must be, as `regression` takes it: the baseline's and the variants' alike. */
export function regressionOptions(gate: Gate): RegressionOptions {
  return {
    maxDrop: gate.maxDrop ?? {},
    ...(gate.maxDropPerTool ? { maxDropPerTool: gate.maxDropPerTool } : {}),
    ...(gate.maxDropPerServer ? { maxDropPerServer: gate.maxDropPerServer } : {}),
    ...(gate.confidence ? { confidence: gate.confidence } : {}),
    ...(gate.tooFew ? { tooFew: gate.tooFew } : {}),
  }
}
