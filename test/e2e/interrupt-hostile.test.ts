import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runChildVitest, type ChildRun } from '../support/child-vitest.ts'
import { processesWith } from '../support/run-processes.ts'

/**
 * Hostile ends of a run (test/e2e/hostile-proc): the Vitest worker SIGKILLed
 * mid-run, Ctrl-C twice, Ctrl-C and then the main process killed, the main
 * process killed alone, and servers that ignore SIGTERM and start children.
 * However the run ends, 5 s later no process of it is left (counted by a
 * marker in their environment, whatever process group they are in) nor any
 * `${TASK_DIR}`; when the main process lives to write reports, every task of
 * every file is in leaderboard.json and, unless it passed, an error or
 * failure in junit.xml; the exit code is not 0.
 */

const ALL_TASKS = ['first/quick', 'first/holds', 'first/never-started', 'second/two', 'second/three']

interface Hostile {
  out: string
  /** The run's temporary directory (TMPDIR), where its workspaces are made. */
  tmp: string
  run: ChildRun
  /** When the run's main process ended. */
  endedAt: number
}

/** Runs the two files; once the long task holds its server's call, `strike` does its worst. */
async function hostileRun(strike: (child: ChildProcess, worker: number) => Promise<void> | void, detached = false): Promise<Hostile> {
  const out = mkdtempSync(join(tmpdir(), 'mcp-bench-hostile-'))
  const tmp = join(out, 'tmp')
  mkdirSync(tmp)
  const hold = join(out, 'hold')
  const run = await runChildVitest({
    project: 'test/e2e/hostile-proc',
    out,
    detached,
    env: { TMPDIR: tmp, HOLD_FILE: hold },
    onStart: async (child) => {
      await waitFor(() => existsSync(hold) && readFileSync(hold, 'utf8').length > 0, 60_000)
      const worker = Number(readFileSync(join(out, 'pids.txt.parents'), 'utf8').split('\n')[0])
      await strike(child, worker)
    },
  })
  return { out, tmp, run, endedAt: Date.now() }
}

/** No process of the run and no workspace, 5 s after it ended. */
async function expectNothingLeft({ out, tmp, endedAt }: Hostile): Promise<void> {
  const left = Math.max(100, 5_000 - (Date.now() - endedAt))
  await expect.poll(() => processesWith(out), { timeout: left, interval: 100 }).toEqual([])
  expect(readdirSync(tmp).filter((f) => f.startsWith('mcp-bench-'))).toEqual([])
}

/** Every task is a record, an unfinished entry, or in a file error; JUnit marks all but the passed ones. */
function expectEveryTaskAccountedFor({ run }: Hostile): void {
  const board = run.leaderboard
  expect(board).toBeDefined()
  const notRunFiles = new Set(board.fileErrors.map((f) => f.file))
  const accounted = [
    ...board.tasks.map((t) => t.id),
    ...board.unfinished.map((u) => u.name),
    ...ALL_TASKS.filter((id) => notRunFiles.has(id.startsWith('first/') ? 'benchmarks/a-first.test.ts' : 'benchmarks/b-second.test.ts')),
  ]
  expect(accounted.sort()).toEqual([...ALL_TASKS].sort())
  expect(board.interrupted).toBe(true)
  // A whole document, with every testcase that did not pass holding an <error> or <failure>.
  expect(run.junit).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites [\s\S]*<\/testsuites>\n$/)
  const cases = run.junit.split('<testcase ').slice(1)
  const passed = new Set(board.tasks.filter((t) => t.status === 'passed').map((t) => t.id))
  const quiet = cases.filter((c) => !/<(error|failure)[ >]/.test(c.split('</testcase>')[0]!)).map((c) => / name="([^"]*)"/.exec(c)![1])
  expect(quiet.sort()).toEqual([...passed].sort())
  const totals = /<testsuites [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)"/.exec(run.junit)!.slice(1).map(Number)
  expect(totals[1]! + totals[2]!).toBe(totals[0]! - passed.size)
  expect(run.junit).not.toContain('<skipped/>')
}

describe.skipIf(process.platform !== 'linux')('hostile ends of a run (child Vitest)', { timeout: 150_000 }, () => {
  it('the worker SIGKILLed mid-run: its unfinished tasks and the file it never ran are reported, its servers and workspace are gone', async () => {
    const h = await hostileRun((_child, worker) => void process.kill(worker, 'SIGKILL'))
    expect(h.run.code).toBe(1)
    expectEveryTaskAccountedFor(h)
    expect(h.run.leaderboard.tasks.map((t) => [t.id, t.status])).toEqual([['first/quick', 'passed']])
    expect(h.run.leaderboard.unfinished.map((u) => u.name).sort()).toEqual(['first/holds', 'first/never-started'])
    expect(h.run.leaderboard.fileErrors).toEqual([
      { file: 'benchmarks/b-second.test.ts', error: expect.stringMatching(/^not run: a Vitest worker exited unexpectedly/) },
    ])
    expect(h.run.leaderboard.interruption).toMatch(/worker exited unexpectedly/)
    expect(h.run.summary).toMatch(/^> \*\*Interrupted\*\* \(a Vitest worker exited unexpectedly .*\): 2 task\(s\) did not finish/m)
    expect(h.run.junit).toMatch(/<testcase [^>]*name="benchmarks\/b-second\.test\.ts \(not run\)"[^>]*>\s*<error message="not run: /)
    expect(h.run.output).toContain(
      'interrupted (a Vitest worker exited unexpectedly): 1 finished task written, 2 unfinished and 1 file that did not run or load listed in leaderboard.json; exit 1',
    )
    await expectNothingLeft(h)
  })

  it('Ctrl-C twice, 150 ms apart: the reports are written whole, and nothing is left', async () => {
    const h = await hostileRun(async (child) => {
      process.kill(-child.pid!, 'SIGINT')
      await new Promise((r) => setTimeout(r, 150))
      process.kill(-child.pid!, 'SIGINT')
    }, true)
    expect(h.run.code).toBe(130)
    expectEveryTaskAccountedFor(h)
    await expectNothingLeft(h)
  })

  it('Ctrl-C, then the main process is killed: the worker does not live on, nor do its servers', async () => {
    const h = await hostileRun(async (child) => {
      process.kill(-child.pid!, 'SIGINT')
      await new Promise((r) => setTimeout(r, 150))
      child.kill('SIGKILL')
    }, true)
    expect(h.run.signal).toBe('SIGKILL')
    // Whatever was being written is whole or absent, never cut.
    if (h.run.junit) expect(h.run.junit).toMatch(/<\/testsuites>\n$/)
    await expectNothingLeft(h)
  })

  it('the main process killed alone: servers that ignore SIGTERM, and their children, still end', async () => {
    const h = await hostileRun((child) => void child.kill('SIGKILL'))
    expect(h.run.signal).toBe('SIGKILL')
    await expectNothingLeft(h)
  })

  it("a run that ends normally: a crashed server's child and a SIGTERM-ignoring server's tree end with it", async () => {
    const out = mkdtempSync(join(tmpdir(), 'mcp-bench-hostile-'))
    const tmp = join(out, 'tmp')
    mkdirSync(tmp)
    const run = await runChildVitest({
      project: 'test/e2e/hostile-proc',
      out,
      args: ['benchmarks/c-tree.test.ts'],
      env: { TMPDIR: tmp, E2E_TREE: '1', HOLD_FILE: join(out, 'hold') },
    })
    const h = { out, tmp, run, endedAt: Date.now() }
    expect(run.leaderboard.tasks.map((t) => [t.id, t.status]).sort()).toEqual([
      ['tree/crash', 'passed'],
      ['tree/stays', 'passed'],
    ])
    // Two servers, each with a child, and the restarted one: all were running during the run.
    expect(run.pids.length).toBeGreaterThanOrEqual(4)
    await expectNothingLeft(h)
  })
})

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting for the run to get under way')
    await new Promise((r) => setTimeout(r, 50))
  }
}
