import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Writes a file atomically: into a temporary file beside it, then renamed
 * over it. A process killed mid-write (a second Ctrl-C, SIGKILL) leaves the
 * whole previous state or nothing, never half a report that a CI system
 * would parse as a short run. The temporary name carries the pid and a
 * random part, so neither two runs nor two writes in one process share one.
 */
export function writeFileAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    writeFileSync(tmp, text)
    renameSync(tmp, file)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}
