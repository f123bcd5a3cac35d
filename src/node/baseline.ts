import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Gate } from '../contracts/options.ts'
import type { TaskRecord } from '../contracts/leaderboard.ts'
import { baselineVerdict, type BaselineVerdict } from '../compare/baseline.ts'

/**
 * The baseline gate's I/O: reads the baseline leaderboard (a file relative to
 * the project root, or an http(s) URL such as a CI artifact's) and hands its
 * text, or why it could not be read, to baselineVerdict (src/compare/baseline.ts).
 * Null when no baseline gate is configured.
 */
export async function baselineComparison(gate: Gate, run: { tasks: readonly TaskRecord[] }, root: string): Promise<BaselineVerdict | null> {
  if (!gate.baseline) return null
  const where = /^https?:\/\//.test(gate.baseline) ? gate.baseline : resolve(root, gate.baseline)
  let read: { text: string } | { error: string }
  try {
    read = { text: where.startsWith('http') ? await download(where) : await readFile(where, 'utf8') }
  } catch (error) {
    read = { error: (error as Error).message }
  }
  return baselineVerdict({ ...gate, baseline: gate.baseline }, read, run)
}

async function download(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`)
  return response.text()
}
