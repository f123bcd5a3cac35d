import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Writes a file atomically: into a temporary file beside it, then renamed
 * over it. A process killed mid-write (a second Ctrl-C, SIGKILL) leaves the
 * whole previous state or nothing, never half a report that a CI system
 * would parse as a short run. The temporary name carries the pid and a
 * random part, so neither two runs nor two writes in one process share one.
 *
 * `exclusive` never replaces a file: the temporary file is hard-linked to the name instead of renamed over
 * it, which appears whole or not at all and fails (EEXIST) when the name is taken.
 */
export function writeFileAtomic(file: string, text: string, options: { exclusive?: boolean } = {}): void {
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    writeFileSync(tmp, text)
    if (options.exclusive) linkSync(tmp, file)
    else renameSync(tmp, file)
  } finally {
    rmSync(tmp, { force: true })
  }
}
