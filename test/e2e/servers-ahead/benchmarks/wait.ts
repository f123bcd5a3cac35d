import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * When AHEAD_WAIT names the server (a comma-separated list), the file's import in the test worker waits (up to 15 s) until its server has started: only a
 * server started ahead of the file, from the run's server plan, can start while the file is still being imported,
 * since nothing else starts it before the file's tasks run. (The main process's pre-count imports the file too,
 * outside any worker: it does not wait.)
 */
export async function waitForServerAtImport(server: string): Promise<void> {
  if (!(process.env.AHEAD_WAIT ?? '').split(',').includes(server) || !process.env.VITEST_WORKER_ID) return
  const file = join(process.env.AHEAD_DIR!, server)
  const deadline = Date.now() + 15_000
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`server "${server}" had not started when its file was imported`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
