import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Gate } from '../contracts/options.ts'
import { parseComparableRun, readComparableRun } from './compare-input.ts'
import type { Comparison, RegressionResult } from '../contracts/compare.ts'
import { compareRuns, regression } from './compare.ts'
import type { TaskRecord } from '../contracts/leaderboard.ts'

/**
 * The baseline gate for this run: the baseline leaderboard (a file, or a URL
 * such as a CI artifact's) compared task by task with this run's records.
 * A baseline that cannot be read fails the gate, saying why: a gate that
 * silently passed without its baseline would gate nothing. With the verdict
 * comes, for the reports, the full comparison of the baseline with this run
 * (95% two-sided intervals, flipped tasks, largest drops); the comparison is
 * null when the baseline could not be read.
 */
export async function baselineComparison(
  gate: Gate,
  run: { tasks: readonly TaskRecord[] },
  root: string,
): Promise<{ regression: RegressionResult; comparison: Comparison | null } | null> {
  if (!gate.baseline || !gate.maxDrop) return null
  const where = /^https?:\/\//.test(gate.baseline) ? gate.baseline : resolve(root, gate.baseline)
  try {
    const text = where.startsWith('http') ? await download(where) : await readFile(where, 'utf8')
    const base = parseComparableRun(text, gate.baseline)
    const head = readComparableRun(run, 'this run')
    return {
      regression: regression(base, head, { maxDrop: gate.maxDrop, ...(gate.confidence ? { confidence: gate.confidence } : {}) }),
      comparison: compareRuns(base, head),
    }
  } catch (error) {
    const message = `baseline ${gate.baseline} could not be used: ${(error as Error).message}`
    return { regression: { passed: false, confidence: gate.confidence ?? 0.95, checks: [], failures: [message] }, comparison: null }
  }
}

async function download(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`)
  return response.text()
}
