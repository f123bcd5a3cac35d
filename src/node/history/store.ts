import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync } from 'node:fs'
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
    const text = readEntry(file)
    if (typeof text !== 'string') {
      problems.push({ file, message: text.skipped })
      continue
    }
    const parsed = parseHistoryRecord(text)
    if (parsed.ok) records.push(parsed.record)
    else problems.push({ file, message: parsed.message })
  }
  records.sort((a, b) => a.generatedAt.localeCompare(b.generatedAt) || a.runId.localeCompare(b.runId))
  return { records, problems }
}

/**
 * One entry's text, when it is a regular file of the directory itself. A symbolic link is skipped, never
 * followed: `history/link.json` pointing at `/etc/shadow` would otherwise put what it points to into the
 * report (as a record, or quoted in a parse error). It is opened with O_NOFOLLOW where the system has it, so a
 * link swapped in after the check is refused too. A directory (`dir.json/`) is skipped, and the rest of the
 * history is read as usual.
 */
function readEntry(file: string): string | { skipped: string } {
  let kind: string
  try {
    const stat = lstatSync(file)
    kind = stat.isSymbolicLink() ? 'a symbolic link' : stat.isDirectory() ? 'a directory' : stat.isFile() ? 'file' : 'not a regular file'
  } catch (error) {
    return { skipped: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): skipped` }
  }
  if (kind !== 'file') return { skipped: `${kind}, not a file: skipped (history entries are read only as regular files, never followed)` }
  let fd: number
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  } catch (error) {
    return { skipped: `cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'}): skipped` }
  }
  try {
    if (!fstatSync(fd).isFile()) return { skipped: 'not a regular file: skipped' }
    return readFileSync(fd, 'utf8')
  } finally {
    closeSync(fd)
  }
}

/** One record from its file's text, or why it is not one (naming the field). */
function parseHistoryRecord(text: string): { ok: true; record: HistoryRecord } | { ok: false; message: string } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    // Not the parser's message: it quotes the file's first characters, and the reason goes into the reports.
    return { ok: false, message: 'not JSON' }
  }
  const parsed = HistoryRecordSchema.safeParse(data)
  if (parsed.success) return { ok: true, record: parsed.data }
  const issue = parsed.error.issues[0]!
  const field = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '')
  return { ok: false, message: `${field || '(top level)'}: ${issue.message}` }
}
