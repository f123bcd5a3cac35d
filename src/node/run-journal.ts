import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../lib/atomic-file.ts'
import { JournalEntrySchema, JournalHeaderSchema, type JournalEntry, type JournalHeader } from '../contracts/run-journal.ts'

/**
 * The run journal on disk (the format is src/contracts/run-journal.ts): one file per output directory and shard,
 * in `<outputDir>/journal/`. A fresh run starts it with its header, atomically (a temporary file renamed into
 * place); each finished task is then appended as one line, by one write, the moment its result reaches the main
 * process. A process killed at any point (SIGKILL included) leaves every line it had written whole, and at most
 * one torn last line, which the reader drops: that task is run again. Only the main process writes it.
 */
export function journalPath(outputDir: string, shard: { index: number; count: number } | null | undefined): string {
  return join(outputDir, 'journal', shard ? `run.shard-${shard.index}-of-${shard.count}.jsonl` : 'run.jsonl')
}

export interface Journal {
  header: JournalHeader
  /** Each task's latest entry, by project, file, task, agent and trial (a task run again replaces its entry). */
  entries: Map<string, JournalEntry>
  /** Lines that were not a valid entry (a torn last line after a kill), dropped. */
  dropped: number
}

/** The key of an entry among a journal's: one per test of one project. */
export function entryKey(entry: Pick<JournalEntry, 'project' | 'file' | 'identity'>): string {
  const { taskId, agent, trial } = entry.identity
  return `${entry.project}\u0000${entry.file}\u0000${taskId}\u0000${agent}\u0000${trial}`
}

/** The journal at `path`; null when there is none. A journal whose header is unreadable is an error that names it. */
export function readJournal(path: string): Journal | null {
  if (!existsSync(path)) return null
  const lines = readFileSync(path, 'utf8').split('\n')
  const header = JournalHeaderSchema.safeParse(parseLine(lines[0] ?? ''))
  if (!header.success)
    throw new Error(
      `the run journal ${path} has no valid header (written by another version, or not a journal): delete it, or run without resume`,
    )
  const entries = new Map<string, JournalEntry>()
  let dropped = 0
  for (const line of lines.slice(1)) {
    if (!line) continue
    const entry = JournalEntrySchema.safeParse(parseLine(line))
    if (entry.success) entries.set(entryKey(entry.data), entry.data)
    else dropped++
  }
  return { header: header.data, entries, dropped }
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}

/** Appends entries to a journal, one line and one write each. `redact` is applied to each line before it is written. */
export class JournalWriter {
  private fd: number | null

  private constructor(
    readonly path: string,
    private readonly redact: (text: string) => string,
  ) {
    this.fd = openSync(path, 'a')
  }

  /** A new journal at `path` (any earlier one is replaced whole), with `header` as its first line. */
  static start(path: string, header: JournalHeader, redact: (text: string) => string): JournalWriter {
    writeFileAtomic(path, `${redact(JSON.stringify(header))}\n`)
    return new JournalWriter(path, redact)
  }

  /** The journal at `path`, continued: a resumed run adds its tasks after the kept ones. */
  static continue(path: string, redact: (text: string) => string): JournalWriter {
    const writer = new JournalWriter(path, redact)
    // A torn last line from a kill would swallow the next entry's start: begin on a line of our own.
    const text = readFileSync(path, 'utf8')
    if (text && !text.endsWith('\n')) writer.write('\n')
    return writer
  }

  append(entry: JournalEntry): void {
    this.write(`${this.redact(JSON.stringify(entry))}\n`)
  }

  private write(text: string): void {
    if (this.fd === null) return
    const bytes = Buffer.from(text)
    for (let done = 0; done < bytes.length; ) done += writeSync(this.fd, bytes, done)
  }

  close(): void {
    if (this.fd === null) return
    closeSync(this.fd)
    this.fd = null
  }
}
