import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Writes a report file atomically: into a temporary file beside it, then
 * renamed over it. A process killed mid-write (a second Ctrl-C, SIGKILL)
 * leaves the whole previous state, never half a report that a CI system
 * would parse as a short run. The temporary name carries the pid, so two
 * runs writing to one directory do not share one.
 */
export function writeReportFile(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  try {
    writeFileSync(tmp, text)
    renameSync(tmp, file)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}
