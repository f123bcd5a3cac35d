import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TestModule } from 'vitest/node'
import { LeaderboardReporter } from '../../reporters/leaderboard.ts'
import { createRedactor } from '../../src/lib/redact.ts'
import { priceTable } from '../../src/contracts/prices.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'
import { outcome } from '../support/trajectories.ts'

const FILE = 'benchmarks/echo.test.ts'
const ABORTED = 'The test run was aborted by the user.'

/**
 * A benchmark test as Vitest reports it at the end of a run. `mode` is fixed when the file is collected: 'skip'
 * for a test a `-t` filter left out. An interrupt marks every test without a result skipped with the same note,
 * those the filter left out included (as Vitest 4.1 does; seen in a child run of test/e2e/faults).
 */
function test(id: string, mode: 'run' | 'skip', result: { state: 'passed' | 'skipped'; note?: string }, ran: boolean) {
  const meta = {
    mcpBenchTask: { taskId: id, agent: 'reference', trial: 1 },
    ...(ran ? { mcpBenchOutcome: outcome({ taskId: id, agent: 'reference', file: FILE }) } : {}),
  }
  return {
    id,
    fullName: id,
    options: { mode },
    meta: () => meta,
    result: () => ({ errors: undefined, ...result }),
    diagnostic: () => undefined,
    task: { annotations: [] },
  }
}

function module(tests: Array<ReturnType<typeof test>>): TestModule {
  return {
    moduleId: join(process.cwd(), FILE),
    project: { name: '', config: { environment: 'mcp-bench' } },
    children: { allTests: () => tests },
    errors: () => [],
  } as unknown as TestModule
}

describe('the leaderboard reporter: tests a -t filter left out', () => {
  let out = ''
  const exitCode = process.exitCode
  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'leaderboard-reporter-'))
    vi.spyOn(console, 'log').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.restoreAllMocks()
    process.exitCode = exitCode
    rmSync(out, { recursive: true, force: true })
  })

  async function run(tests: Array<ReturnType<typeof test>>, reason?: 'interrupted') {
    const reporter = new LeaderboardReporter({
      outputDir: out,
      gate: {},
      environment: 'mcp-bench',
      redactor: createRedactor([]),
      prices: priceTable(),
      historyDir: null,
    })
    await reporter.onTestRunEnd([module(tests)], [], reason)
    const read = (f: string) => readFileSync(join(out, f), 'utf8')
    return { board: JSON.parse(read('leaderboard.json')) as Leaderboard, summary: read('summary.md'), html: read('report.html') }
  }

  it('are neither counted nor unfinished in a run that was not interrupted', async () => {
    const { board, summary, html } = await run([
      test('echo/w01', 'run', { state: 'passed' }, true),
      test('echo/w02', 'skip', { state: 'skipped' }, false),
      test('echo/w03', 'skip', { state: 'skipped' }, false),
    ])
    expect(board).toMatchObject({ interrupted: false, unfinished: [] })
    expect(board.tasks.map((t) => t.id)).toEqual(['echo/w01'])
    expect(board.agents.map((a) => [a.agent, a.tasks, a.passRate])).toEqual([['reference', 1, 1]])
    expect(summary).not.toContain('Unfinished')
    expect(summary).not.toContain('echo/w02')
    expect(html).not.toContain('echo/w02')
    expect(process.exitCode).toBe(0)
  })

  it('are not listed as unfinished in an interrupted run either; the tests the interrupt cancelled are', async () => {
    const { board, summary } = await run(
      [
        test('echo/w01', 'run', { state: 'passed' }, true),
        test('echo/w02', 'skip', { state: 'skipped', note: ABORTED }, false), // left out by -t
        test('echo/w03', 'run', { state: 'skipped', note: ABORTED }, true), // cancelled while it ran
        test('echo/w04', 'run', { state: 'skipped', note: ABORTED }, false), // cancelled before it started
      ],
      'interrupted',
    )
    expect(board.interrupted).toBe(true)
    expect(board.tasks.map((t) => t.id)).toEqual(['echo/w01'])
    expect(board.unfinished).toEqual([
      { file: FILE, name: 'echo/w03' },
      { file: FILE, name: 'echo/w04' },
    ])
    expect(summary).toMatch(/^> \*\*Interrupted\*\*: 2 task\(s\) did not finish; the figures cover the 1 that did\.$/m)
    expect(summary).toContain(`## Unfinished (interrupted)\n\n- ${FILE}: echo/w03\n- ${FILE}: echo/w04\n`)
    expect(summary).not.toContain('echo/w02')
  })
})
