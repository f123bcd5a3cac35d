import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * With AHEAD_WAIT=1, the file's collection waits (up to 20 s) until its server has started: only a server started
 * as its task was collected can start while collection still runs. Without that start, nothing starts it before
 * the tests, and the file fails to collect.
 */
export async function waitForServerAtCollection(server: string): Promise<void> {
  if (process.env.AHEAD_WAIT !== '1') return
  const file = join(process.env.AHEAD_DIR!, server)
  const deadline = Date.now() + 20_000
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`server "${server}" had not started when its file's tasks were collected`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
