import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runChildVitest } from '../support/child-vitest.ts'
import { isAlive } from '../support/process.ts'

/**
 * Ctrl-C and SIGTERM in the middle of a run: what finished is written and
 * marked interrupted, what did not is listed, JUnit is valid, the exit code is
 * the signal's, and within 5 s no worker or server process is left.
 */
describe('an interrupted run (child Vitest)', { timeout: 120_000 }, () => {
  for (const [signal, group, code] of [['SIGINT', true, 130], ['SIGTERM', false, 143]] as const) {
    it(`${signal} to ${group ? 'the whole process group (Ctrl-C in a terminal)' : 'the Vitest process alone (a CI cancel)'}`, async () => {
      let signalledAt = 0
      const pidFile = (out: string) => join(out, 'pids.txt')
      const r = await runChildVitest({
        project: 'test/e2e/faults',
        args: ['benchmarks/slow.test.ts'],
        env: { E2E_SLOW: '1' },
        detached: group,
        onStart: async (child, out) => {
          // Wait until the long task's sleep is under way: the quick tasks are done by then.
          await waitFor(() => existsSync(pidFile(out)) && (child.exitCode === null) && readFileSync(join(out, 'pids.txt'), 'utf8').length > 0, 30_000)
          await new Promise((r) => setTimeout(r, 2_500))
          signalledAt = Date.now()
          if (group) process.kill(-child.pid!, signal)
          else child.kill(signal)
        },
      })
      const exitedAfter = Date.now() - signalledAt
      expect(r.code).toBe(code)
      expect(exitedAfter).toBeLessThan(10_000)
      // What finished is kept and scored; what did not is listed.
      expect(r.leaderboard).toMatchObject({ interrupted: true })
      expect(r.leaderboard.tasks.map((t) => [t.id, t.status])).toEqual([['slow/quick-one', 'passed'], ['slow/quick-two', 'passed']])
      expect(r.leaderboard.unfinished.map((u) => u.name).sort()).toEqual(['slow/long-wait', 'slow/never-started'])
      expect(r.summary).toMatch(/^> \*\*Interrupted\*\*: 2 task\(s\) did not finish/m)
      expect(r.output).toContain(`interrupted: 2 finished tasks written, 2 unfinished listed in leaderboard.json; exit ${code}`)
      // JUnit is a whole document with every test in it, not the empty file Vitest leaves when killed.
      expect(r.junit).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites [^>]*tests="4"[\s\S]*<\/testsuites>\n$/)
      expect(r.junit.match(/<testcase /g)).toHaveLength(4)
      // Every server and the worker that ran them are gone within 5 s of the signal.
      const parents = readFileSync(`${pidFile(r.out)}.parents`, 'utf8').trim().split('\n').map(Number)
      const all = [...r.pids, ...new Set(parents)]
      expect(all.length).toBeGreaterThanOrEqual(2)
      await expect.poll(() => all.filter(isAlive), { timeout: Math.max(100, 5_000 - (Date.now() - signalledAt)) }).toEqual([])
    })
  }
})

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting for the run to get under way')
    await new Promise((r) => setTimeout(r, 100))
  }
}
