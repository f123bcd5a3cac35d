import { rmSync } from 'node:fs'

/** Temporary files this process made and has not yet removed itself. */
const files = new Set<string>()
let installed = false

/**
 * Removes `file` when the process exits, whatever ends it short of a signal that kills it outright (a second
 * Ctrl-C while a report is written, watch mode quit), so no temporary file of ours is left behind. Returns the
 * function to call once the file is gone or kept by other means.
 */
export function removeAtExit(file: string): () => void {
  files.add(file)
  if (!installed) {
    installed = true
    process.once('exit', () => {
      for (const f of files) rmSync(f, { force: true })
    })
  }
  return () => void files.delete(file)
}
