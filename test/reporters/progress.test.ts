import { describe, expect, it } from 'vitest'
import type { TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node'
import { progressLine, ProgressReporter, type ProgressReporterOptions } from '../../reporters/progress.ts'
import type { FileCount } from '../../src/node/task-count.ts'
import { priceTable } from '../../src/contracts/prices.ts'
import { progress, progressRecord, ProgressTally, RunPace, type ProgressRecord } from '../../src/scoring/progress.ts'
import { agentRows } from '../../src/scoring/rows.ts'
import { taskRecord } from '../../src/scoring/task-record.ts'
import { call, outcome, trajectory } from '../support/trajectories.ts'

const usage = { promptTokens: 1_000, completionTokens: 200, totalTokens: 1_200 }
/** A finished task of `agent` whose one gpt-4o-mini turn cost $0.00027 (or, with `model`, an unpriced one). */
function finished(id: string, agent: string, state: 'passed' | 'failed', model = 'gpt-4o-mini') {
  const turn = { round: 1, content: null, toolCalls: [], usage, finishReason: 'stop', durationMs: 50, startedAt: 0, model }
  return taskRecord(
    outcome({ taskId: id, agent, trajectory: trajectory([call()], { turns: [turn], usage, durationMs: 400 }) }),
    { state, errors: [], durationMs: 400 },
    priceTable(),
  )
}

const allFiles = { total: 2, collected: 2 }

describe('run progress (src/scoring/progress.ts)', () => {
  const records = [finished('a', 'gpt', 'passed'), finished('b', 'gpt', 'failed'), finished('c', 'ref', 'passed')]

  it("counts tasks done of those collected, per agent, with the leaderboard's pass rate, tokens and cost", () => {
    const p = progress({
      records,
      collected: new Map([
        ['gpt', 10],
        ['ref', 10],
      ]),
      finished: new Map([
        ['gpt', 2],
        ['ref', 1],
      ]),
      files: allFiles,
      etaMs: 170_000,
    })
    expect(p).toMatchObject({ done: 3, total: 20, totalKnown: true, tokens: 3 * 1_200, etaMs: 170_000 })
    expect(p.agents.map((a) => [a.agent, a.done, a.collected, a.passed])).toEqual([
      ['gpt', 2, 10, 1],
      ['ref', 1, 10, 1],
    ])
    // The same formula as the agent row: what the display shows at the end is what the leaderboard says.
    expect(p.agents[0]!.passRate).toBe(agentRows(records.slice(0, 2))[0]!.passRate)
    expect(p.costUsd).toBeCloseTo(3 * 0.00027, 12)
  })

  it("has one count of tasks done, Vitest's, for the run and each agent alike, before and after the records come", () => {
    // 4 of gpt's tasks have finished, 2 of them scored; ref's one task has finished, not scored yet.
    const p = progress({
      records: records.slice(0, 2),
      collected: new Map([
        ['gpt', 10],
        ['ref', 10],
      ]),
      finished: new Map([
        ['gpt', 4],
        ['ref', 1],
      ]),
      files: allFiles,
      etaMs: null,
    })
    expect(p.done).toBe(5)
    expect(p.agents.reduce((n, a) => n + a.done, 0)).toBe(p.done)
    expect(p.agents.map((a) => [a.agent, a.done, a.passed, a.tokens])).toEqual([
      ['gpt', 4, 1, 2 * 1_200],
      ['ref', 1, 0, 0],
    ])
    expect(p.passRate).toBe(0.5)
  })

  it('reads the same figures from the part of each record the referee sends the main process as from the records', () => {
    const input = {
      collected: new Map([
        ['gpt', 10],
        ['ref', 10],
      ]),
      finished: new Map([
        ['gpt', 2],
        ['ref', 1],
      ]),
      files: allFiles,
      etaMs: null,
    }
    const slim = records.map(progressRecord)
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(records).length / 3)
    expect(progress({ records: JSON.parse(JSON.stringify(slim)), ...input })).toEqual(progress({ records, ...input }))
  })

  it('never extrapolates a total: until every planned file is collected it is the tasks collected, a lower bound, with no ETA', () => {
    const p = progress({
      records: records.slice(0, 1),
      collected: new Map([['gpt', 8]]),
      finished: new Map([['gpt', 1]]),
      files: { total: 5, collected: 2 },
      etaMs: 19_000,
    })
    expect(p).toMatchObject({ total: 8, totalKnown: false, etaMs: null })
    expect(progressLine(p)).toBe('mcp-bench 1/8+ tasks · pass 100.0% · 1,200 tok $0.00027 · gpt 1/8+ pass 100.0% · ETA …')
  })

  it("has a null cost once a task's cost is unknown", () => {
    const p = progress({
      records: [...records, finished('d', 'gpt', 'passed', 'qwen3:8b')],
      collected: new Map(),
      finished: new Map(),
      files: allFiles,
      etaMs: null,
    })
    expect(p.costUsd).toBeNull()
    expect(p.agents.find((a) => a.agent === 'gpt')!.costUsd).toBeNull()
    expect(p.agents.find((a) => a.agent === 'ref')!.costUsd).toBeCloseTo(0.00027, 12)
  })

  it('is the same fed one task at a time (the live display) as counted from all the records', () => {
    const all = [...records, finished('d', 'gpt', 'passed', 'qwen3:8b'), finished('e', 'ref', 'failed')]
    const rest = {
      collected: new Map([
        ['ref', 5],
        ['gpt', 5],
      ]),
      finished: new Map([
        ['ref', 2],
        ['gpt', 3],
      ]),
      files: { total: 3, collected: 2 },
      etaMs: null,
    }
    const tally = new ProgressTally()
    all.forEach((r, i) => {
      tally.add(r)
      expect(tally.progress(rest)).toEqual(progress({ records: all.slice(0, i + 1), ...rest }))
    })
    expect(tally.progress(rest)).toMatchObject({ done: 5, costUsd: null })
  })
})

/**
 * A scripted run on a scripted clock, shaped like the issue's: a stand-in model answering in 300 ms, tasks of 16
 * to 79 calls each (spread over that range, not in order), `workers` at once, each worker taking the next task
 * when its last one ends. The task ends, in order, and when the last one ends.
 */
function scriptedRun(n: number, workers: number) {
  const durations = Array.from({ length: n }, (_, i) => (16 + ((i * 29) % 64)) * 300)
  const free = Array.from({ length: workers }, () => 0)
  const ends = durations.map((d) => {
    const w = free.indexOf(Math.min(...free))
    return (free[w]! += d)
  })
  return { ends: ends.sort((x, y) => x - y), end: Math.max(...free), meanMs: durations.reduce((sum, d) => sum + d, 0) / n }
}

describe('the ETA against a scripted run (RunPace)', () => {
  for (const [n, workers] of [
    [104, 4],
    [140, 8],
    [60, 1],
  ] as const) {
    it(`${n} tasks, ${workers} at once: none before two tasks end; within 25% of the time left from a tenth of the tasks to four-fifths, then within one mean task`, () => {
      const { ends, end, meanMs } = scriptedRun(n, workers)
      const pace = new RunPace()
      const relative: number[] = []
      const absolute: number[] = []
      ends.forEach((t, i) => {
        const done = i + 1
        pace.end(t)
        const eta = pace.etaMs(n - done, t)
        expect(eta === null).toBe(done < 2)
        const left = end - t
        if (done >= n / 10 && done <= (4 * n) / 5) relative.push(Math.abs(eta! - left) / left)
        else if (done > (4 * n) / 5) absolute.push(Math.abs(eta! - left))
      })
      expect(relative.length).toBeGreaterThan(n / 2)
      expect(Math.max(...relative)).toBeLessThan(0.25)
      // The last tasks' time left is a task or two, where a relative error says little; it is off by less than one.
      expect(Math.max(...absolute)).toBeLessThan(meanMs)
    })
  }

  it('is not the pace since the run began over the tasks done, which is as many times too long as tasks run at once', () => {
    // 8 at once, 1 s each, started together: they end at about 1 s, 9 of 100 done, so about 11 s are left, not 91 × 1 s.
    const pace = new RunPace()
    for (let i = 0; i < 9; i++) pace.end(1_000 + i * 125)
    expect(pace.etaMs(91, 2_000)).toBeGreaterThan(10_000)
    expect(pace.etaMs(91, 2_000)).toBeLessThan(12_500)
  })

  it('counts down between task ends, and never below zero', () => {
    const pace = new RunPace()
    pace.end(1_000)
    pace.end(2_000)
    expect(pace.etaMs(3, 2_000)).toBe(3_000)
    expect(pace.etaMs(3, 2_500)).toBe(2_500)
    expect(pace.etaMs(3, 9_000)).toBe(0)
  })
})

/** The little of Vitest's test objects the reporter reads: their public methods' results, scripted. */
function testCase(id: string, agent: string, state: 'passed' | 'failed' = 'passed') {
  return { id, meta: () => ({ mcpBenchTask: { agent } }), result: () => ({ state }), options: { mode: 'run' } } as unknown as TestCase
}
const project = { name: '', config: { environment: 'bench-env' } }
function testModule(moduleId: string, tests: TestCase[]) {
  return { moduleId, project, children: { allTests: () => tests } } as unknown as TestModule
}

/** The pre-count of a run's files as src/node/task-count.ts gives it, scripted: per file, tests per agent or unknown. */
function counting(byFile: Record<string, Record<string, number> | 'unknown'>): NonNullable<ProgressReporterOptions['count']> {
  return async (specs) =>
    new Map(
      specs.map((s): [TestSpecification, FileCount] => {
        const c = byFile[s.moduleId]
        return [s, !c || c === 'unknown' ? { unknown: 'scripted' } : { perAgent: new Map(Object.entries(c)), servers: [] }]
      }),
    )
}

describe('the progress reporter (scripted clock and results)', () => {
  async function setup(files = ['a.test.ts', 'b.test.ts'], count: ProgressReporterOptions['count'] = counting({})) {
    let now = 0
    const lines: string[] = []
    const listeners: Array<(id: string, r: ProgressRecord) => void> = []
    const reporter = new ProgressReporter({
      environment: 'bench-env',
      records: { onRecord: (l) => listeners.push(l) },
      clock: () => now,
      intervalMs: 1_000,
      log: (l) => lines.push(l),
      count,
    })
    reporter.onInit({ config: {} } as unknown as Vitest)
    const specs = files.map((moduleId) => ({ moduleId, project })) as unknown as TestSpecification[]
    await reporter.onTestRunStart(specs)
    const record = (id: string, agent: string, state: 'passed' | 'failed' = 'passed') =>
      listeners.forEach((l) => l(id, progressRecord(finished(id, agent, state))))
    return { reporter, lines, record, at: (t: number) => (now = t) }
  }

  it('prints the first line at the first scored task, then at most one a second, and the last when the records are in', async () => {
    const { reporter, lines, record, at } = await setup()
    const a = ['x1', 'x2', 'x3'].map((id) => testCase(id, 'gpt'))
    const b = ['y1', 'y2', 'y3'].map((id) => testCase(id, 'ref'))
    reporter.onTestModuleCollected(testModule('a.test.ts', a))
    reporter.onTestModuleCollected(testModule('b.test.ts', b))
    at(400)
    reporter.onTestCaseResult(a[0]!)
    record('x1', 'gpt')
    expect(lines).toEqual(['mcp-bench 1/6 tasks · pass 100.0% · 1,200 tok $0.00027 · gpt 1/3 pass 100.0% · ref 0/3 pass n/a · ETA …'])
    at(500)
    reporter.onTestCaseResult(b[0]!)
    record('y1', 'ref', 'failed')
    // Held back: the last line is not a second old.
    expect(lines).toHaveLength(1)
    at(1_500)
    for (const t of [...a.slice(1), ...b.slice(1)]) reporter.onTestCaseResult(t)
    record('x2', 'gpt')
    expect(lines.at(-1)).toMatch(/^mcp-bench 6\/6 tasks · .* · gpt 3\/3 pass 100\.0% · ref 3\/3 pass 0\.0% · done$/)
    const ended = reporter.onTestRunEnd([], [], 'passed')
    // The last line waits for the referee's last records, so its figures are the run's.
    expect(lines).toHaveLength(2)
    record('x3', 'gpt')
    record('y2', 'ref')
    record('y3', 'ref', 'failed')
    await ended
    expect(lines.at(-1)).toBe('mcp-bench 6/6 tasks · pass 66.7% · 7,200 tok $0.00162 · gpt 3/3 pass 100.0% · ref 3/3 pass 33.3% · done')
  })

  it('marks the total a lower bound, with no ETA, while a planned file is not collected yet', async () => {
    const { reporter, lines, record, at } = await setup()
    const a = [testCase('x1', 'gpt'), testCase('x2', 'gpt')]
    reporter.onTestModuleCollected(testModule('a.test.ts', a))
    at(300)
    reporter.onTestCaseResult(a[0]!)
    record('x1', 'gpt')
    expect(lines).toEqual([expect.stringMatching(/^mcp-bench 1\/2\+ tasks .* · gpt 1\/2\+ pass 100\.0% · ETA …$/)])
    await reporter.onTestRunEnd([], [], 'interrupted')
    expect(lines.at(-1)).toMatch(/^mcp-bench 1\/2\+ tasks .* · interrupted, 1 not finished$/)
  })

  it("shows the exact total from its first line on a scripted run counted before it starts, the run's count its agents' sum, and an ETA within 25% from a tenth of the tasks", async () => {
    // 70 tasks × 2 agents in 7 files; each file is collected as late as a worker could take it, just before its
    // first test ends, so until the last file Vitest alone would know only part of the total.
    const files = Array.from({ length: 7 }, (_, f) => `f${f}.test.ts`)
    const tests = files
      .flatMap((file) =>
        Array.from({ length: 10 }, (_, t) => (['gpt', 'ref'] as const).map((agent) => ({ file, id: `${file}/${t} [${agent}]`, agent }))),
      )
      .flat()
    const { reporter, lines, record, at } = await setup(files, counting(Object.fromEntries(files.map((f) => [f, { gpt: 10, ref: 10 }]))))
    const { ends, end } = scriptedRun(tests.length, 8)
    const seen = new Set<string>()
    const relative: number[] = []
    ends.forEach((t, i) => {
      const test = tests[i]!
      at(t)
      if (!seen.has(test.file)) {
        seen.add(test.file)
        reporter.onTestModuleCollected(
          testModule(
            test.file,
            tests.filter((x) => x.file === test.file).map((x) => testCase(x.id, x.agent)),
          ),
        )
      }
      reporter.onTestCaseResult(testCase(test.id, test.agent))
      record(test.id, test.agent)
      const p = reporter.snapshot(t)
      expect(p).toMatchObject({ total: 140, totalKnown: true, done: i + 1 })
      expect(p.agents.map((a) => a.collected)).toEqual([70, 70])
      expect(p.agents.reduce((n, a) => n + a.done, 0)).toBe(p.done)
      if (i + 1 >= tests.length / 10 && i + 1 <= (4 * tests.length) / 5) relative.push(Math.abs(p.etaMs! - (end - t)) / (end - t))
    })
    expect(seen.size).toBe(files.length)
    expect(relative.length).toBeGreaterThan(tests.length / 2)
    expect(Math.max(...relative)).toBeLessThan(0.25)
    // The first line comes with the first task's record, its total already exact; no line ever marks a lower bound.
    expect(lines[0]).toBe('mcp-bench 1/140 tasks · pass 100.0% · 1,200 tok $0.00027 · gpt 1/70 pass 100.0% · ref 0/70 pass n/a · ETA …')
    expect(lines.length).toBeGreaterThan(10)
    for (const line of lines) expect(line).toMatch(/^mcp-bench \d+\/140 tasks .* · gpt \d+\/70 pass .* · ref \d+\/70 pass /)
  })

  it('marks the total a lower bound while a file that could not be counted is not collected, and exact once it is', async () => {
    const { reporter, lines, record, at } = await setup(
      ['a.test.ts', 'b.test.ts'],
      counting({ 'a.test.ts': { gpt: 2 }, 'b.test.ts': 'unknown' }),
    )
    const a = [testCase('x1', 'gpt'), testCase('x2', 'gpt')]
    const b = [testCase('y1', 'gpt'), testCase('y2', 'gpt'), testCase('y3', 'gpt')]
    at(100)
    reporter.onTestModuleCollected(testModule('a.test.ts', a))
    reporter.onTestCaseResult(a[0]!)
    record('x1', 'gpt')
    expect(lines).toEqual([expect.stringMatching(/^mcp-bench 1\/2\+ tasks .* · gpt 1\/2\+ pass 100\.0% · ETA …$/)])
    at(1_500)
    reporter.onTestModuleCollected(testModule('b.test.ts', b))
    reporter.onTestCaseResult(a[1]!)
    record('x2', 'gpt')
    expect(lines.at(-1)).toMatch(/^mcp-bench 2\/5 tasks .* · gpt 2\/5 pass 100\.0% · ETA /)
  })

  it('counts a file that failed to load as done with none, and says so when Vitest contradicts a count', async () => {
    const { reporter, lines, record, at } = await setup(
      ['a.test.ts', 'b.test.ts'],
      counting({ 'a.test.ts': { gpt: 3 }, 'b.test.ts': { gpt: 4 } }),
    )
    expect(reporter.snapshot()).toMatchObject({ total: 7, totalKnown: true })
    // b never loads in its worker: no tests of it will run.
    reporter.onTestModuleEnd(testModule('b.test.ts', []))
    expect(reporter.snapshot()).toMatchObject({ total: 3, totalKnown: true })
    expect(lines).toEqual([
      "mcp-bench: b.test.ts was counted at 4 tests before the run, and Vitest collected 0; the total follows Vitest's count",
    ])
    const a = [testCase('x1', 'gpt'), testCase('x2', 'gpt')]
    reporter.onTestModuleCollected(testModule('a.test.ts', a))
    expect(lines.at(-1)).toBe(
      "mcp-bench: a.test.ts was counted at 3 tests before the run, and Vitest collected 2; the total follows Vitest's count",
    )
    at(2_000)
    reporter.onTestCaseResult(a[0]!)
    record('x1', 'gpt')
    expect(lines.at(-1)).toMatch(/^mcp-bench 1\/2 tasks /)
  })

  it('reaches the terminal with no escape sequence or control character from a task id or an agent name', () => {
    const evil = finished('math/\u001b]0;owned\u0007\u001b[2Jwipe\u0000', 'g\u001b[31mpt', 'passed')
    const p = progress({
      records: [evil],
      collected: new Map([['g\u001b[31mpt', 1]]),
      finished: new Map([['g\u001b[31mpt', 1]]),
      files: allFiles,
      etaMs: null,
    })
    const text = progressLine(p, 'ended')
    expect(text).toContain(' · gpt 1/1 pass')
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
  })
})
