import { randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { TaskRecord } from '../src/contracts/leaderboard.ts'
import { removeAtExit } from '../src/lib/remove-at-exit.ts'

/**
 * Each task's piece of a report (its row of report.html, its record in leaderboard.json) made while the run goes
 * on, as the task's result arrives, so the end of the run (the wait between the last task and the exit) only puts
 * them in order. A piece is kept by the record it was made from: a record rebuilt at the end (its result changed,
 * it became a duplicate) has none and is made then, as before.
 *
 * The pieces wait in a temporary file, not in memory: at 10,000 tasks they are tens of megabytes the main
 * process would otherwise hold through the run. The file is in the reports' own directory, where the reports
 * will be: its pieces name the facts a finished task missed, so it is out of an isolated agent's reach as the
 * reports are (agents/isolated/referee-paths.ts), not in the system's temporary directory, which an agent's
 * own directory may be. What goes in is already redacted, the file is readable by its owner only, and it is
 * removed when the run is done with it or the process exits.
 */
export class PreparedRows {
  /** `dir`: the reports' directory. */
  constructor(private readonly dir: string) {}

  private fd: number | null = null
  private file: string | null = null
  private size = 0
  private forget = () => {}
  private readonly rows = new WeakMap<TaskRecord, { at: number; length: number }>()

  /** Keeps `text` as the row of `record`; a row that cannot be written is simply made again at the end. */
  put(record: TaskRecord, text: string): void {
    try {
      const bytes = Buffer.from(text)
      const fd = this.open()
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, this.size + done)
      this.rows.set(record, { at: this.size, length: bytes.length })
      this.size += bytes.length
    } catch {
      this.rows.delete(record)
    }
  }

  /** The row made from this very record, or undefined. */
  get(record: TaskRecord): string | undefined {
    const row = this.rows.get(record)
    if (!row || this.fd === null) return undefined
    const bytes = Buffer.allocUnsafe(row.length)
    let done = 0
    while (done < row.length) {
      const n = readSync(this.fd, bytes, done, row.length - done, row.at + done)
      if (n === 0) return undefined
      done += n
    }
    return bytes.toString('utf8')
  }

  /** Removes the file; rows put afterwards start a new one. */
  close(): void {
    if (this.fd !== null) closeSync(this.fd)
    if (this.file) rmSync(this.file, { force: true })
    this.forget()
    this.fd = null
    this.file = null
    this.size = 0
  }

  private open(): number {
    if (this.fd !== null) return this.fd
    mkdirSync(this.dir, { recursive: true })
    const file = join(this.dir, `.vitest-mcp-bench-rows-${process.pid}-${randomBytes(4).toString('hex')}.tmp`)
    this.fd = openSync(file, 'w+', 0o600)
    this.file = file
    this.forget = removeAtExit(file)
    return this.fd
  }
}
