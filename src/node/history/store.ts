import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HistoryRecordSchema, type HistoryRecord } from '../../contracts/history.ts'
import { writeFileAtomic } from '../../lib/atomic-file.ts'

/**
 * The history directory: one JSON file per run, named by its run id.
 * A file, once written, is never rewritten: runs only add files.
 */

/** Writes the record as `<runId>.json`, atomically and only if no such file exists. Returns the path. */
export function writeHistoryRecord(dir: string, record: HistoryRecord): string {
  const file = join(dir, `${record.runId}.json`)
  // Exclusive: no half-written and no overwritten entry.
  writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`, { exclusive: true })
  return file
}

export interface HistoryProblem {
  file: string
  message: string
}

export interface History {
  /** Oldest first. */
  records: HistoryRecord[]
  /** Files that are not history records, each with why. */
  problems: HistoryProblem[]
}

/** Every record in `dir`, oldest first; a missing directory is an empty history. */
export function readHistory(dir: string): History {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], problems: [] }
    throw error
  }
  const records: HistoryRecord[] = []
  const problems: HistoryProblem[] = []
  for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort()) {
    const file = join(dir, name)
    const parsed = parseHistoryRecord(readFileSync(file, 'utf8'))
    if (parsed.ok) records.push(parsed.record)
    else problems.push({ file, message: parsed.message })
  }
  records.sort((a, b) => a.generatedAt.localeCompare(b.generatedAt) || a.runId.localeCompare(b.runId))
  return { records, problems }
}

/** One record from its file's text, or why it is not one (naming the field). */
function parseHistoryRecord(text: string): { ok: true; record: HistoryRecord } | { ok: false; message: string } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { ok: false, message: `not JSON (${(error as Error).message})` }
  }
  const parsed = HistoryRecordSchema.safeParse(data)
  if (parsed.success) return { ok: true, record: parsed.data }
  const issue = parsed.error.issues[0]!
  const field = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '')
  return { ok: false, message: `${field || '(top level)'}: ${issue.message}` }
}
