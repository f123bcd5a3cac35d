import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runChildVitest } from '../support/child-vitest.ts'
import { isAlive } from '../support/process.ts'
import { journalPath, readJournal } from '../../src/node/run-journal.ts'

/**
 * Ctrl-C, SIGTERM and SIGHUP in the middle of a run: what finished is written
 * and marked interrupted, what did not is listed, JUnit is valid, the exit code
 * is the signal's, no temporary file is left, and no worker or server process
 * is left. No assertion is on time: the run ending with the long task listed
 * as unfinished is what shows it did not wait for it, and the processes are
 * polled until gone with a backstop sized for a loaded machine.
 */
describe('an interrupted run (child Vitest)', { timeout: 240_000 }, () => {
  const cases = [
    ['SIGINT', true, 130, 'the whole process group (Ctrl-C in a terminal)'],
    ['SIGTERM', false, 143, 'the Vitest process alone (a CI cancel)'],
    ['SIGHUP', true, 129, 'the whole process group (a terminal closed, a CI runner cancelling)'],
  ] as const
  for (const [signal, group, code, to] of cases) {
    it(`${signal} to ${to}`, async () => {
      const pidFile = (out: string) => join(out, 'pids.txt')
      const r = await runChildVitest({
        project: 'test/e2e/faults',
        args: ['benchmarks/slow.test.ts'],
        env: { E2E_SLOW: '1' },
        detached: group,
        onStart: async (child, out) => {
          // Wait until the two quick tasks are in the run journal (the main process writes each result as it
          // arrives) and the long task's server has started its sleep: then the run is halfway, whatever the
          // machine's load. Not the probe server's pid file: the run's server plan starts the server before any
          // task runs.
          await waitFor(() => child.exitCode === null && journalTasks(out) >= 2 && existsSync(`${pidFile(out)}.sleeping`), 60_000)
          if (group) process.kill(-child.pid!, signal)
          else child.kill(signal)
        },
      })
      expect(r.code, r.output.slice(-3_000)).toBe(code)
      // What finished is kept and scored; what did not is listed.
      expect(r.leaderboard).toMatchObject({ interrupted: true })
      expect(r.leaderboard.tasks.map((t) => [t.id, t.status])).toEqual([
        ['slow/quick-one', 'passed'],
        ['slow/quick-two', 'passed'],
      ])
      expect(r.leaderboard.unfinished.map((u) => u.name).sort()).toEqual(['slow/long-wait', 'slow/never-started'])
      expect(r.summary).toMatch(/^> \*\*Interrupted\*\*: 2 task\(s\) did not finish/m)
      expect(r.output).toContain(`interrupted: 2 finished tasks written, 2 unfinished listed in leaderboard.json; exit ${code}`)
      // JUnit is a whole document with every test in it, not the empty file Vitest leaves when killed.
      expect(r.junit).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites [^>]*tests="4"[\s\S]*<\/testsuites>\n$/)
      expect(r.junit.match(/<testcase /g)).toHaveLength(4)
      // No temporary file of the reports is left beside them.
      expect(readdirSync(r.out, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))).toEqual([])
      // Every server and the worker that ran them end.
      const parents = readFileSync(`${pidFile(r.out)}.parents`, 'utf8')
        .trim()
        .split('\n')
        .map(Number)
      const all = [...r.pids, ...new Set(parents)]
      expect(all.length).toBeGreaterThanOrEqual(2)
      await expect.poll(() => all.filter(isAlive), { timeout: 30_000, interval: 100 }).toEqual([])
    })
  }
})

/** Finished tasks in the child run's journal, as a resumed run would read it. */
function journalTasks(out: string): number {
  return readJournal(journalPath(out, null))?.entries.size ?? 0
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting for the run to get halfway (or it ended first)')
    await new Promise((r) => setTimeout(r, 100))
  }
}
