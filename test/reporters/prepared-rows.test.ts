import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TestCase, TestModule } from 'vitest/node'
import { LeaderboardReporter } from '../../reporters/leaderboard.ts'
import { PreparedRows } from '../../reporters/prepared-rows.ts'
import { createRedactor } from '../../src/lib/redact.ts'
import { priceTable } from '../../src/contracts/prices.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'
import { outcome, record, trajectory, call } from '../support/trajectories.ts'

const FILE = 'benchmarks/echo.test.ts'
/** The stores' files in a reports directory. */
const rowFiles = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(`.vitest-mcp-bench-rows-${process.pid}-`)) : []
const SECRET = 'hunter2-very-secret'

function benchTest(id: string, answer: string, state: 'passed' | 'failed' = 'passed') {
  const meta = {
    mcpBenchTask: { taskId: id, agent: 'reference', trial: 1 },
    mcpBenchOutcome: outcome({ taskId: id, agent: 'reference', file: FILE, trajectory: { ...trajectory([call()]), answer } }),
  }
  const errors = state === 'failed' ? [{ message: `expected ${SECRET} to be stated` }] : undefined
  return {
    id,
    fullName: id,
    options: { mode: 'run' },
    project: { name: '' },
    module: { moduleId: join(process.cwd(), FILE) },
    meta: () => meta,
    result: () => ({ state, errors }),
    diagnostic: () => ({ duration: 12 }),
    task: { annotations: [] },
  }
}

function module(tests: Array<ReturnType<typeof benchTest>>): TestModule {
  return {
    moduleId: join(process.cwd(), FILE),
    project: { name: '', config: { environment: 'mcp-bench' } },
    children: { allTests: () => tests },
    errors: () => [],
  } as unknown as TestModule
}

describe('report rows made as results arrive', () => {
  let out: string
  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'prepared-rows-'))
    vi.spyOn(console, 'log').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.restoreAllMocks()
    process.exitCode = undefined
    rmSync(out, { recursive: true, force: true })
  })

  async function report(dir: string, tests: Array<ReturnType<typeof benchTest>>, { live }: { live: boolean }, beforeEnd = () => {}) {
    const reporter = new LeaderboardReporter({
      outputDir: dir,
      gate: {},
      environment: 'mcp-bench',
      redactor: createRedactor([{ value: SECRET, label: 'KEY' }]),
      prices: priceTable(),
      historyDir: null,
    })
    if (live) {
      for (const t of tests) reporter.onTestCaseResult(t as unknown as TestCase)
      // The rows are made once the module that makes them has loaded (a loaded machine may take a while).
      await vi.waitFor(() => expect(rowFiles(dir).some((f) => statSync(join(dir, f)).size > 0)).toBe(true), { timeout: 30_000 })
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve))
    }
    beforeEnd()
    await reporter.onTestRunEnd([module(tests)], [])
    return { html: readFileSync(join(dir, 'report.html'), 'utf8'), json: readFileSync(join(dir, 'leaderboard.json'), 'utf8') }
  }

  const tests = () => [
    benchTest('echo/w01', 'the answer is 42'),
    benchTest('echo/w02', `I used ${SECRET}`, 'failed'),
    benchTest('echo/w03', 'seven'),
  ]

  it('gives the same report.html and leaderboard.json, byte for byte, as rows made at the end, secrets redacted either way', async () => {
    const live = await report(join(out, 'live'), tests(), { live: true })
    const atEnd = await report(join(out, 'end'), tests(), { live: false })
    // What differs between two reports of the same run: the time they were made, and the ids ECharts numbers its drawings by.
    const withoutTime = (text: string) => text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME').replace(/zr\d+-cls-\d+/g, 'ZR')
    expect(withoutTime(live.html)).toBe(withoutTime(atEnd.html))
    expect(withoutTime(live.json)).toBe(withoutTime(atEnd.json))
    expect(live.html).toContain('the answer is 42')
    for (const text of [live.html, live.json]) {
      expect(text).not.toContain(SECRET)
      expect(text).toContain('[redacted:KEY]')
    }
  })

  it('writes the rows made when the results arrived, not rows made again at the end', async () => {
    const dir = join(out, 'live')
    // Between the results and the end, the rows are changed where they wait (keeping their lengths): the reports show the change.
    const tamper = () => {
      const files = rowFiles(dir)
      expect(files).toHaveLength(2)
      for (const file of files) {
        const path = join(dir, file)
        writeFileSync(
          path,
          readFileSync(path, 'utf8').replace('the answer is 42', 'the answer is 43').replace('"id": "echo/w03"', '"id": "echo/w0X"'),
        )
      }
    }
    const { html, json } = await report(dir, tests(), { live: true }, tamper)
    expect(html).toContain('the answer is 43')
    expect(html).not.toContain('the answer is 42')
    expect((JSON.parse(json) as Leaderboard).tasks.map((t) => t.id)).toEqual(['echo/w01', 'echo/w02', 'echo/w0X'])
    // The run is over: its rows' files are gone, and only the reports are left where they were.
    expect(rowFiles(dir)).toEqual([])
  })
})

describe('PreparedRows', () => {
  it('gives back each row by the very record it was made from, from an owner-only file in the reports directory, removed on close', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'prepared-rows-')), 'bench-results')
    const rows = new PreparedRows(dir)
    const a = record({ taskId: 'a' })
    const b = record({ taskId: 'b' })
    rows.put(a, '{"row":"a ü"}')
    rows.put(b, '{"row":"b"}')
    expect(rows.get(a)).toBe('{"row":"a ü"}')
    expect(rows.get(b)).toBe('{"row":"b"}')
    // An equal record is not the same record: its row is made again.
    expect(rows.get({ ...a })).toBeUndefined()
    const [file] = rowFiles(dir)
    expect(file).toBeDefined()
    expect(statSync(join(dir, file!)).mode & 0o777).toBe(0o600)
    rows.close()
    expect(rowFiles(dir)).toEqual([])
    expect(rows.get(a)).toBeUndefined()
    rmSync(dirname(dir), { recursive: true, force: true })
  })
})
