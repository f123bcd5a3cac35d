import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TestCase, TestModule } from 'vitest/node'
import { LeaderboardReporter } from '../../reporters/leaderboard.ts'
import { STATUS_PROPERTY } from '../../reporters/junit-properties.ts'
import type { TaskRecord } from '../../src/contracts/leaderboard.ts'
import type { ProgressRecord } from '../../src/scoring/progress.ts'
import { createRedactor } from '../../src/lib/redact.ts'
import { runtimeKind } from '../../src/lib/runtime-kind.ts'
import { priceTable } from '../../src/contracts/prices.ts'
import { outcome, trajectory, call } from '../support/trajectories.ts'

const FILE = 'benchmarks/echo.test.ts'
const SECRET = 'hunter2-referee-secret'
const linux = process.platform === 'linux'

function benchTest(id: string, state: 'passed' | 'failed' = 'passed') {
  const meta = {
    mcpBenchTask: { taskId: id, agent: 'reference', trial: 1 },
    mcpBenchOutcome: outcome({ taskId: id, agent: 'reference', file: FILE, trajectory: { ...trajectory([call()]), answer: `answer of ${id}` } }),
  }
  const errors = state === 'failed' ? [{ message: `expected ${SECRET} to be stated` }] : undefined
  return {
    id, fullName: id, options: { mode: 'run' }, project: { name: '' }, module: { moduleId: join(process.cwd(), FILE) },
    meta: () => meta, result: () => ({ state, errors }), diagnostic: () => ({ duration: 12 }), task: { annotations: [] as unknown[] },
  }
}
type Bench = ReturnType<typeof benchTest>

function module(tests: Bench[]): TestModule {
  return { moduleId: join(process.cwd(), FILE), project: { name: '', config: { environment: 'mcp-bench' } }, children: { allTests: () => tests }, errors: () => [] } as unknown as TestModule
}

/** The pid in the name of a prepared-rows file: the process that made the rows. */
function rowMakers(dir: string): number[] {
  return readdirSync(dir).flatMap((f) => /^\.vitest-mcp-bench-rows-(\d+)-/.exec(f)?.[1] ?? []).map(Number)
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))

describe('the referee in a process of its own', () => {
  let out: string
  let warnings: string[]
  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'referee-process-'))
    warnings = []
    vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation((message: string) => void warnings.push(message))
  })
  afterEach(() => {
    vi.restoreAllMocks()
    process.exitCode = undefined
    rmSync(out, { recursive: true, force: true })
  })

  function reporter() {
    const r = new LeaderboardReporter({ outputDir: out, gate: {}, environment: 'mcp-bench', redactor: createRedactor([{ value: SECRET, label: 'KEY' }]), prices: priceTable(), historyDir: null })
    const records = new Map<string, ProgressRecord>()
    r.onRecord((testId, record) => records.set(testId, record))
    return { r, records }
  }

  it.skipIf(!linux)('scores each result and writes the reports there, never sees the secrets in its command line or environment, outlives Ctrl-C and ends with the run', async () => {
    const { r, records } = reporter()
    const tests = [benchTest('echo/w01'), benchTest('echo/w02', 'failed'), benchTest('echo/w03')]
    for (const t of tests) r.onTestCaseResult(t as unknown as TestCase)
    await vi.waitFor(() => expect(records.size).toBe(3), { timeout: 30_000 })
    expect([...records.values()].map((x) => x.status)).toEqual(['passed', 'failed', 'passed'])
    // The main process gets what the progress display shows of each record, not the record.
    const keys = Object.keys([...records.values()][0]!)
    expect(keys).toEqual(expect.arrayContaining(['id', 'agent', 'trial', 'status', 'durationMs', 'tokens', 'judgeTokens', 'cost', 'timing', 'judge']))
    expect(keys).not.toContain('metrics')

    // The rows were made by another process: the referee's.
    const [pid] = rowMakers(out)
    expect(pid).toBeDefined()
    expect(pid).not.toBe(process.pid)
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).not.toContain(SECRET)
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain(SECRET)

    // Ctrl-C reaches the whole process group; the referee waits for the end of the run all the same.
    process.kill(pid!, 'SIGINT')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(alive(pid!)).toBe(true)

    await r.onTestRunEnd([module(tests)], [])
    const board = JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8'))
    expect(board.tasks.map((t: TaskRecord) => [t.id, t.status])).toEqual([['echo/w01', 'passed'], ['echo/w02', 'failed'], ['echo/w03', 'passed']])
    for (const file of ['leaderboard.json', 'summary.md', 'report.html']) expect(readFileSync(join(out, file), 'utf8')).not.toContain(SECRET)
    // The JUnit properties are on the tests once the end is done.
    expect(tests[1]!.task.annotations).toContainEqual({ type: STATUS_PROPERTY, message: 'failed' })
    expect(warnings).toEqual([])
    await vi.waitFor(() => expect(alive(pid!)).toBe(false), { timeout: 10_000 })
    expect(rowMakers(out)).toEqual([])
  })

  it.skipIf(!linux)('that dies mid-run: the rest is scored in the main process, with a warning, and no result is lost', async () => {
    const { r, records } = reporter()
    const tests = [benchTest('echo/w01'), benchTest('echo/w02', 'failed'), benchTest('echo/w03')]
    r.onTestCaseResult(tests[0] as unknown as TestCase)
    await vi.waitFor(() => expect(records.size).toBe(1), { timeout: 30_000 })
    const [pid] = rowMakers(out)
    process.kill(pid!, 'SIGKILL')
    await vi.waitFor(() => expect(warnings.join('\n')).toMatch(/referee's process ended unexpectedly \(SIGKILL\)/), { timeout: 10_000 })
    for (const t of tests.slice(1)) r.onTestCaseResult(t as unknown as TestCase)
    await vi.waitFor(() => expect(records.size).toBe(3), { timeout: 30_000 })

    await r.onTestRunEnd([module(tests)], [])
    const board = JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8'))
    // The task the dead process had scored is scored again here, from its test's outcome.
    expect(board.tasks.map((t: TaskRecord) => [t.id, t.status])).toEqual([['echo/w01', 'passed'], ['echo/w02', 'failed'], ['echo/w03', 'passed']])
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('answer of echo/w01')
  })

  // The stand-in main process is a Node script run through tsx; under Bun and Deno the other tests cover their own launch.
  it.skipIf(!linux || runtimeKind() !== 'node')('ends when the main process is killed: no orphan', async () => {
    const script = join(out, 'main.mts')
    writeFileSync(script, [
      `import { RefereeClient } from ${JSON.stringify(join(process.cwd(), 'reporters/referee/referee-client.ts'))}`,
      `const client = new RefereeClient(() => ({ outputDir: ${JSON.stringify(out)}, root: process.cwd(), gate: {}, prices: {}, historyDir: null, secrets: [], watch: false, shard: null }), console.error)`,
      `await client.result({ key: 'k', testId: 't', file: 'f', name: 'n', identity: { taskId: 't', agent: 'a', trial: 1 }, state: 'passed', errors: [], durationMs: 1, outcomeIs: 'missing' })`,
      'console.log(client.pid)',
      'setInterval(() => {}, 1000)',
    ].join('\n'))
    const main = spawn(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] })
    const pid = await new Promise<number>((resolve, reject) => {
      main.stdout!.on('data', (d: Buffer) => resolve(Number(String(d).trim())))
      main.on('exit', (code) => reject(new Error(`the main script ended first (${code})`)))
    })
    expect(alive(pid)).toBe(true)
    main.kill('SIGKILL')
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 10_000 })
  })
})
