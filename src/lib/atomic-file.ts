import { randomBytes } from 'node:crypto'
import { closeSync, linkSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { removeAtExit } from './remove-at-exit.ts'

/**
 * A file written atomically: into a temporary file beside it, then renamed
 * over it. A process killed mid-write (a second Ctrl-C, SIGKILL) leaves the
 * whole previous state or nothing, never half a report that a CI system
 * would parse as a short run. The temporary name carries the pid and a
 * random part, so neither two runs nor two writes in one process share one.
 *
 * Text goes in as it is made, in pieces: a report of 10,000 tasks is never one string of tens of megabytes (and
 * its copies) in memory. Pieces are gathered into writes of about BATCH characters.
 *
 * `exclusive` never replaces a file: the temporary file is hard-linked to the name instead of renamed over
 * it, which appears whole or not at all and fails (EEXIST) when the name is taken.
 */
export interface AtomicFile {
  write(text: string): void
  /** Puts the file in place; the temporary file is gone either way. */
  commit(): void
  /** Leaves the file as it was and removes the temporary file (after a failure while writing). */
  discard(): void
}

const BATCH = 1 << 18

export function openAtomicFile(file: string, options: { exclusive?: boolean } = {}): AtomicFile {
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  // 'wx': never through something already at the temporary name (its name is random, but a link there is refused).
  let fd: number | null = openSync(tmp, 'wx')
  // A process that exits between two pieces (a second Ctrl-C while a report is written) leaves no half-written *.tmp.
  const forget = removeAtExit(tmp)
  let pending: string[] = []
  let size = 0
  const flush = () => {
    if (pending.length === 0) return
    const bytes = Buffer.from(pending.join(''))
    pending = []
    // A write to a regular file may take only part of the buffer (a full disk says so on the next one).
    for (let done = 0; done < bytes.length; ) done += writeSync(fd!, bytes, done)
    size = 0
  }
  const close = () => {
    if (fd === null) return
    const open = fd
    fd = null
    closeSync(open)
  }
  const discard = () => {
    pending = []
    close()
    rmSync(tmp, { force: true })
    forget()
  }
  return {
    write(text) {
      if (fd === null) throw new Error(`${file}: written after it was committed or discarded`)
      pending.push(text)
      size += text.length
      if (size < BATCH) return
      try {
        flush()
      } catch (error) {
        // A full disk, a closed descriptor: the file stays as it was, and no temporary file is left behind.
        discard()
        throw error
      }
    },
    commit() {
      try {
        flush()
        close()
        if (options.exclusive) linkSync(tmp, file)
        else renameSync(tmp, file)
      } finally {
        discard()
      }
    },
    discard,
  }
}

/** Writes every piece into `file` atomically; the file is left as it was when a piece cannot be made or written. */
export async function writeChunksAtomic(
  file: string,
  chunks: Iterable<string> | AsyncIterable<string>,
  options: { exclusive?: boolean } = {},
): Promise<void> {
  const out = openAtomicFile(file, options)
  try {
    for await (const chunk of chunks) out.write(chunk)
  } catch (error) {
    out.discard()
    throw error
  }
  out.commit()
}

export function writeFileAtomic(file: string, text: string, options: { exclusive?: boolean } = {}): void {
  const out = openAtomicFile(file, options)
  out.write(text)
  out.commit()
}
