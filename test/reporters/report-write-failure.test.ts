import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import type { TestModule } from 'vitest/node'
import { LeaderboardReporter } from '../../reporters/leaderboard.ts'
import { createRedactor } from '../../src/lib/redact.ts'
import { priceTable } from '../../src/contracts/prices.ts'
import { outcome } from '../support/trajectories.ts'

const FILE = 'benchmarks/echo.test.ts'
const exitCode = process.exitCode
let out = ''
afterEach(() => {
  vi.restoreAllMocks()
  process.exitCode = exitCode
  if (out) rmSync(out, { recursive: true, force: true })
})

function passedTask(id: string): TestModule {
  const meta = {
    mcpBenchTask: { taskId: id, agent: 'reference', trial: 1 },
    mcpBenchOutcome: outcome({ taskId: id, agent: 'reference', file: FILE }),
  }
  const test = {
    id,
    fullName: id,
    options: { mode: 'run' },
    meta: () => meta,
    result: () => ({ errors: undefined, state: 'passed' }),
    diagnostic: () => undefined,
    task: { annotations: [] },
  }
  return {
    moduleId: join(process.cwd(), FILE),
    project: { name: '', config: { environment: 'mcp-bench' } },
    children: { allTests: () => [test] },
    errors: () => [],
  } as unknown as TestModule
}

it('a report that cannot be written fails the run, naming the report, and the other reports are still written', async () => {
  out = mkdtempSync(join(tmpdir(), 'report-write-failure-'))
  // report.html is taken by a directory with a file in it: the write (a rename over it) fails.
  mkdirSync(join(out, 'report.html'))
  writeFileSync(join(out, 'report.html', 'keep'), '')
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  const logs = vi.spyOn(console, 'log').mockImplementation(() => {})
  const reporter = new LeaderboardReporter({
    outputDir: out,
    gate: {},
    environment: 'mcp-bench',
    redactor: createRedactor([]),
    prices: priceTable(),
    historyDir: null,
  })
  await reporter.onTestRunEnd([passedTask('echo/w01')], [])
  expect(existsSync(join(out, 'leaderboard.json'))).toBe(true)
  expect(existsSync(join(out, 'summary.md'))).toBe(true)
  expect(errors.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/could not write report\.html/)
  expect(process.exitCode).toBe(1)
  expect(logs.mock.calls.map((c) => String(c[0])).join('\n')).toContain('exit 1: report.html could not be written')
})
