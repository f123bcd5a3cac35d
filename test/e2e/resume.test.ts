import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type RecordedRequest, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { compareFields } from '../../src/compare/fields.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'
import { runChildVitest, type ChildRun } from '../support/child-vitest.ts'
import { JUDGE, project, specs as reproducibleSpecs, standInFor, uninterruptedRun, type Spec } from '../support/reproducible-project.ts'
import { keeps } from '../../src/node/resume.ts'
import { JournalEntrySchema, type JournalEntry } from '../../src/contracts/run-journal.ts'

// Resume (docs/guide/long-runs.md): a run cut short, then resumed, writes the leaderboard an uninterrupted run
// writes, apart from timings, and the resumed run asks the model only for the tasks that had not finished.
// The small reproducible project (two files, six tasks, three agents, a stand-in model and judge), at two tasks
// at a time and a slow model, so that a run can be stopped halfway. The uninterrupted run is the one
// reproducible.test.ts compares with too (test/support/reproducible-project.ts: at concurrency 16, against a
// stand-in of its own, which answers as this one does), made once for both.
/** Resolves once the stand-in has received no request for 300 ms (at most 10 s). */
async function settled(model: ScriptedModelServer): Promise<void> {
  const deadline = Date.now() + 10_000
  let seen = -1
  while (seen !== model.requests.length && Date.now() < deadline) {
    seen = model.requests.length
    await new Promise((r) => setTimeout(r, 300))
  }
}

describe('resume (child Vitest processes)', { timeout: 600_000 }, () => {
  let model: ScriptedModelServer
  let specs: Spec[]
  let full: { board: Leaderboard; requests: RecordedRequest[]; code: number | null }
  let fullJunit = ''

  beforeAll(async () => {
    specs = await reproducibleSpecs()
    const follow = standInFor(specs)
    model = await startScriptedModel({ script: (request) => ({ ...follow(request), delayMs: 60 }) })
    const baseline = await uninterruptedRun()
    const read = (f: string) => readFileSync(join(baseline.dir, f), 'utf8')
    full = { board: JSON.parse(read('leaderboard.json')) as Leaderboard, requests: baseline.requests, code: baseline.code }
    fullJunit = read('junit.xml')
    expect(full.board.tasks, baseline.output).toHaveLength(18)
    expect(full.board.interrupted).toBe(false)
  }, 300_000)
  afterAll(() => model?.close())

  function run(
    options: { out?: string; args?: string[]; env?: Record<string, string>; stopAfter?: { entries: number; signal: NodeJS.Signals } } = {},
  ): Promise<ChildRun> {
    const { out, args = [], env = {}, stopAfter } = options
    return runChildVitest({
      project,
      args,
      ...(out ? { out } : {}),
      env: {
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: 'not-needed',
        MCP_BENCH_JUDGE_MODEL: JUDGE,
        MCP_BENCH_CONCURRENCY: '2',
        MCP_BENCH_NO_CACHE: '1',
        MCP_BENCH_CASSETTE: 'off',
        ...env,
      },
      ...(stopAfter ? { onStart: (child: ChildProcess, dir: string) => stopWhen(child, join(dir, 'journal'), stopAfter) } : {}),
    })
  }

  /** The task a request was for, by the prompt its messages quote; '' when it quotes none or several. */
  function promptOf(request: RecordedRequest): string {
    const text = JSON.stringify(request.body?.messages ?? [])
    const found = specs.filter((s) => [s.prompt, s.fuzzy].some((p) => p && text.includes(JSON.stringify(p).slice(1, -1))))
    return found.length === 1 ? found[0]!.prompt : ''
  }

  /**
   * The resumed run asked the model only for what the stopped run had not kept: nothing for a task every agent of
   * which is kept, exactly the full run's requests for a task none of whose agents is, and never a request the full
   * run did not make (the stand-in is deterministic, so a task asks the same each time).
   */
  function expectOnlyMissing(resumed: RecordedRequest[], kept: JournalEntry[], inRun: (id: string) => boolean = () => true): void {
    const digest = (r: RecordedRequest) => JSON.stringify(r.body)
    const byPrompt = (requests: RecordedRequest[]) => {
      const map = new Map<string, string[]>()
      for (const r of requests) map.set(promptOf(r), [...(map.get(promptOf(r)) ?? []), digest(r)].sort())
      return map
    }
    const fullBy = byPrompt(full.requests)
    expect(fullBy.has('')).toBe(false)
    const resumedBy = byPrompt(resumed)
    expect(resumedBy.has('')).toBe(false)
    const agents = new Set(full.board.tasks.map((t) => t.agent)).size
    let checked = 0
    for (const spec of specs.filter((s) => inRun(s.id))) {
      const keptHere = kept.filter((e) => e.identity.taskId === spec.id).length
      const asked = resumedBy.get(spec.prompt) ?? []
      const before = fullBy.get(spec.prompt) ?? []
      if (keptHere === agents) expect(asked, spec.id).toEqual([])
      else if (keptHere === 0) expect(asked, spec.id).toEqual(before)
      else
        expect(
          asked.every((d) => before.includes(d)),
          spec.id,
        ).toBe(true)
      checked += keptHere === agents || keptHere === 0 ? 1 : 0
    }
    // The stop came halfway: some tasks were whole on each side, so the exact checks above had something to check.
    expect(checked).toBeGreaterThan(0)
    expect(resumed.length).toBeGreaterThan(0)
    expect(resumed.length).toBeLessThan(full.requests.length)
  }

  /** `mcp-bench resume` in the project, as a user would type it. */
  async function resumeCommand(out: string): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, [resolve('bin/mcp-bench.mjs'), 'resume'], {
      cwd: project,
      env: {
        ...process.env,
        E2E_OUTPUT_DIR: out,
        MCP_BENCH_MODEL: '',
        CI: 'true',
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: 'not-needed',
        MCP_BENCH_JUDGE_MODEL: JUDGE,
        MCP_BENCH_CONCURRENCY: '2',
        MCP_BENCH_NO_CACHE: '1',
        MCP_BENCH_CASSETTE: 'off',
      },
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const code = await new Promise<number | null>((done) => child.on('close', done))
    return { code, output }
  }

  async function stopThenResume(name: string, stop: { entries: number; signal: NodeJS.Signals }, args: string[] = []) {
    const out = mkdtempSync(join(tmpdir(), `mcp-bench-resume-${name}-`))
    const stopped = await run({ out, args, stopAfter: stop })
    const journal = join(out, 'journal', args.length ? 'run.shard-1-of-2.jsonl' : 'run.jsonl')
    const kept = readJournalFile(journal).filter((e) => keeps(e, 'faults'))
    expect(kept.length, stopped.output).toBeGreaterThan(0)
    // A request the stopped run sent as it was stopped can reach the stand-in after that run's process has gone:
    // the resumed run's requests are the ones after the stand-in has heard nothing for a moment.
    await settled(model)
    const from = model.requests.length
    const resumed = await run({ out, args, env: { MCP_BENCH_RESUME: '1' } })
    expect(resumed.output).toContain(`${kept.length} finished task(s) kept, the rest run`)
    return { out, stopped, resumed, kept, requests: model.requests.slice(from) }
  }

  it('after SIGKILL to the main process halfway: the resumed leaderboard equals an uninterrupted run, apart from timings, and only the missing tasks asked the model', async () => {
    const { stopped, resumed, kept, requests } = await stopThenResume('kill', { entries: 7, signal: 'SIGKILL' })
    expect(stopped.signal).toBe('SIGKILL')
    expect(kept.length).toBeLessThan(18)
    expect(compareFields(full.board, resumed.leaderboard).differences).toEqual([])
    expect(resumed.code).toBe(full.code)
    // junit.xml too counts every task as the uninterrupted run's did: a kept task is its kept result, not a skip.
    const counts = (xml: string) =>
      `${/<testsuites [^>]*?(tests="\d+" failures="\d+" errors="\d+")/.exec(xml)?.[1]} skipped=${xml.split('<skipped').length - 1}`
    expect(counts(resumed.junit)).toBe(counts(fullJunit))
    expectOnlyMissing(requests, kept)
  })

  it("with a budget of half the suite's cost: stops starting tasks within one task's cost of it, lists the rest as not run on every report, exits non-zero saying why; a resume finishes it", async () => {
    const cost = (t: Leaderboard['tasks'][number]) => (t.cost.agentUsd ?? 0) + (t.cost.judgeUsd ?? 0)
    const suite = full.board.cost.totalUsd!
    expect(suite).toBeGreaterThan(0)
    const budget = suite / 2
    const oneTask = Math.max(...full.board.tasks.map(cost))
    const out = mkdtempSync(join(tmpdir(), 'mcp-bench-resume-budget-'))
    const stopped = await run({ out, env: { MCP_BENCH_BUDGET_USD: String(budget) } })
    const board = stopped.leaderboard
    expect(stopped.code, stopped.output).toBe(1)
    expect(stopped.output).toMatch(
      /budget reached \(budget reached after \d+ task\(s\): \$[\d.]+ of \$[\d.]+ spent\): \d+ finished tasks? written, \d+ tasks? not run \(budget\)/,
    )
    expect(board.notRun?.length).toBeGreaterThan(0)
    expect(board.tasks.length + board.notRun!.length).toBe(18)
    expect(board.notRun!.every((t) => t.reason === 'budget')).toBe(true)
    expect(board.budget).toMatchObject({
      usd: budget,
      tokens: null,
      inFlight: 'finish',
      reached: expect.stringContaining('budget reached'),
    })
    expect(board.interrupted).toBe(false)
    expect(Math.abs(board.cost.totalUsd! - budget)).toBeLessThanOrEqual(oneTask)
    // Not failures: not among the tasks, and said so on every report.
    const key = (t: { file: string; id: string; agent: string }) => `${t.file} ${t.id} ${t.agent}`
    const statusInFull = new Map(full.board.tasks.map((t) => [key(t), t.status]))
    expect(board.tasks.map((t) => [key(t), t.status])).toEqual(board.tasks.map((t) => [key(t), statusInFull.get(key(t))]))
    expect(stopped.summary).toContain('## Not run (budget)')
    expect(stopped.summary).toContain('**Budget reached**')
    expect(stopped.output).toContain('NOT RUN (budget)')
    expect(stopped.html).toContain('not run (budget)')
    expect((stopped.junit.match(/<skipped message="not run \(budget\)/g) ?? []).length).toBe(board.notRun!.length)
    // The tasks not run are not in the journal: a resume (by the command this time) runs them, and the board is
    // the uninterrupted run's.
    const resumed = await resumeCommand(out)
    expect(resumed.output).toMatch(/resuming \S*run\.jsonl: \d+ finished task\(s\) kept, the rest run/)
    // It exits as the uninterrupted run did.
    expect(resumed.code, resumed.output).toBe(full.code)
    expect(compareFields(full.board, JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8'))).differences).toEqual([])
  })

  it("for one shard of a sharded run, after SIGINT halfway: its tasks equal the uninterrupted run's; other options are refused", async () => {
    const args = ['--shard=1/2']
    const { out, stopped, resumed, requests, kept } = await stopThenResume('shard', { entries: 3, signal: 'SIGINT' }, args)
    expect(stopped.code).toBe(130)
    expect(stopped.leaderboard.interrupted).toBe(true)
    const shardFiles = new Set(resumed.leaderboard.tasks.map((t) => t.file))
    expect(shardFiles.size).toBe(1)
    const fullShard = full.board.tasks.filter((t) => shardFiles.has(t.file))
    expect(fullShard.length).toBeLessThan(18)
    expect(compareFields(fullShard, resumed.leaderboard.tasks).differences).toEqual([])
    expect(kept.length).toBeLessThan(fullShard.length)
    expectOnlyMissing(requests, kept, (id) => fullShard.some((t) => t.id === id))
    // Other options are another run: refused, saying why, before anything runs.
    const from = model.requests.length
    const otherOptions = await run({ out, args, env: { MCP_BENCH_RESUME: '1', MCP_BENCH_TRIALS: '2' } })
    expect(otherOptions.code).not.toBe(0)
    expect(otherOptions.output).toMatch(/cannot resume from .*run\.shard-1-of-2\.jsonl: project "root" has different options/)
    expect(model.requests.length).toBe(from)
  })
})

/** Sends `signal` to the child once its journal holds `entries` finished tasks. */
async function stopWhen(child: ChildProcess, dir: string, { entries, signal }: { entries: number; signal: NodeJS.Signals }): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return
    const files = ['run.jsonl', 'run.shard-1-of-2.jsonl'].map((f) => join(dir, f)).filter((f) => existsSync(f))
    if (files.reduce((n, f) => n + readJournalFile(f).length, 0) >= entries) {
      child.kill(signal)
      return
    }
    await new Promise((r) => setTimeout(r, 20))
  }
}

function readJournalFile(path: string): JournalEntry[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .slice(1)
    .flatMap((line) => {
      try {
        const entry = JournalEntrySchema.safeParse(JSON.parse(line))
        return entry.success ? [entry.data] : []
      } catch {
        return []
      }
    })
}
