import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'
import { taskAnchor } from '../../src/lib/task-anchor.ts'
import { elements, parseXml, type XmlElement } from '../support/xml.ts'

const project = resolve('test/e2e/project')
const vitestBin = resolve('node_modules/vitest/vitest.mjs')

/**
 * Runs Vitest on the miniature user project in a child process, its output piped (not a terminal), or
 * with `tty`, under `script`, which gives it a pseudo-terminal as a person's shell would.
 */
async function runProject(args: string[], env: Record<string, string> = {}, { tty = false } = {}) {
  const out = mkdtempSync(join(tmpdir(), 'mcp-bench-progress-'))
  const command = [process.execPath, vitestBin, 'run', ...args]
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    E2E_OUTPUT_DIR: out,
    PROBE_PID_FILE: join(out, 'pids.txt'),
    MCP_BENCH_MODEL: '',
    ...env,
  }
  // Vitest draws its status window only on a terminal outside CI (std-env reads CI).
  if (tty) delete childEnv.CI
  const child = tty
    ? spawn('script', ['-qfec', command.map(shellQuote).join(' '), '/dev/null'], { cwd: project, env: { ...childEnv, COLUMNS: '200' } })
    : spawn(command[0]!, command.slice(1), { cwd: project, env: childEnv })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)))
  const read = (f: string) => readFileSync(join(out, f), 'utf8')
  return {
    code,
    output,
    leaderboard: JSON.parse(read('leaderboard.json')) as Leaderboard,
    junit: read('junit.xml'),
    summary: read('summary.md'),
  }
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** The progress display's per-task lines in a run's output. */
const progressLines = (output: string) =>
  stripVTControlCharacters(output)
    .split(/\r?\n/)
    .filter((l) => /^mcp-bench \d+\/\d+\+? tasks /.test(l))

/**
 * What every progress line must say: a count that only goes up, the run's equal to its agents' sum, a total never
 * guessed; with `exact`, every file could be counted before the run (src/node/task-count.ts), so no line is a lower bound.
 */
function checkLines(lines: string[], tasks: number, agents: string[], { exact = false } = {}) {
  expect(lines.length).toBeGreaterThan(0)
  let before = 0
  for (const line of lines) {
    const [, done, total, lowerBound] = /^mcp-bench (\d+)\/(\d+)(\+?) tasks /.exec(line)!
    expect(Number(done), line).toBeGreaterThanOrEqual(before)
    before = Number(done)
    if (exact) expect(lowerBound, line).toBe('')
    // Until every file is counted or collected the total is a lower bound, marked so; after, it is exact.
    if (lowerBound) expect(Number(total), line).toBeLessThanOrEqual(tasks)
    else expect(Number(total), line).toBe(tasks)
    const perAgent = agents.map((a) => Number(new RegExp(` · ${a} (\\d+)/\\d+\\+? pass `).exec(line)?.[1] ?? 0))
    expect(
      perAgent.reduce((n, d) => n + d, 0),
      line,
    ).toBe(Number(done))
  }
  expect(lines.at(-1)).toMatch(new RegExp(`^mcp-bench ${tasks}/${tasks} tasks .* · done$`))
}

const properties = (testcase: XmlElement) => Object.fromEntries(elements(testcase, 'property').map((p) => [p.attrs.name!, p.attrs.value!]))

// Each test runs a whole child Vitest; on a shared 2-core machine one run can take most of a minute.
describe('live progress and JUnit for dashboards, end to end (child Vitest process)', { timeout: 300_000 }, () => {
  it("logs progress lines off a terminal (the run's count its agents' sum), and writes JUnit classes per agent with errored tasks as errors", async () => {
    const { leaderboard, junit, output } = await runProject(['benchmarks/good.test.ts', 'benchmarks/bad-input.test.ts'], {
      E2E_AGENTS: 'reference,./agents/sloppy.ts',
    })
    const tasks = leaderboard.tasks
    expect(new Set(tasks.map((t) => t.agent))).toEqual(new Set(['reference', 'sloppy']))
    expect(tasks).toHaveLength(2 * 12)

    // Progress: lines through Vitest's logger, the run's count always its agents' sum; the last one says the run is done.
    const lines = progressLines(output)
    checkLines(lines, tasks.length, ['reference', 'sloppy'], { exact: true })
    // The running pass rate of the last line is the agent row's.
    const sloppy = leaderboard.agents.find((a) => a.agent === 'sloppy')!
    expect(lines.at(-1)).toContain(
      ` · sloppy ${sloppy.tasks + sloppy.setupErrors}/${sloppy.tasks + sloppy.setupErrors} pass ${(sloppy.passRate! * 100).toFixed(1)}%`,
    )

    // JUnit, read with an XML parser: it is well-formed, every task is a testcase of its agent's class.
    const root = parseXml(junit)
    const cases = elements(root, 'testcase').filter((c) => c.attrs.file !== 'benchmarks/broken-file.test.ts')
    expect(cases).toHaveLength(tasks.length)
    for (const t of tasks) {
      const name = `${t.id} [${t.agent}]`
      const testcase = cases.find((c) => c.attrs.name === name)
      expect(testcase, name).toBeDefined()
      expect(testcase!.attrs.classname).toBe(t.agent)
      expect(testcase!.attrs.file).toBe(t.file)
      const kinds = testcase!.children.map((c) => c.tag).filter((tag) => tag === 'error' || tag === 'failure')
      // Errored and setup-error tasks are JUnit errors; failed ones are failures; passed ones neither.
      const expected = t.status === 'errored' || t.status === 'setup-error' ? 'error' : t.status === 'failed' ? 'failure' : null
      expect(new Set(kinds), `${name}: ${t.status}`).toEqual(new Set(expected ? [expected] : []))
      const props = properties(testcase!)
      expect(props['mcp-bench.status']).toBe(t.status)
      expect(props['mcp-bench.agent']).toBe(t.agent)
      // The record's duration, as written (rounded to 4 places); a missing property reads as NaN.
      expect(Number(props['mcp-bench.durationMs']), name).toBeCloseTo(t.durationMs, 3)
      expect(Object.values(props)).not.toContain('null')
      // The harness's annotations, made from the record in the main process: a `vitest run` does not annotate the
      // tests (the `annotate` setting), and junit.xml has them all the same.
      expect(props['mcp-bench.trajectory']).toBe(`report.html#${taskAnchor(t)}`)
      expect(props['mcp-bench.verdict'], name).toMatch(/\S/)
      if (t.scores.ruleScore !== null) expect(Number(props['mcp-bench.ruleScore']), name).toBeCloseTo(t.scores.ruleScore, 4)
    }
    // Not annotated: Vitest's default reporter prints a failed test's annotations under its errors, and prints none.
    expect(tasks.some((t) => t.status === 'failed')).toBe(true)
    expect(output).not.toContain('mcp-bench.verdict')
    // Neither agent used a model: each task cost nothing, and says so.
    expect(properties(cases.find((c) => c.attrs.name === 'probe/echo [sloppy]')!)['mcp-bench.costUsd']).toBe('0')
    // The counts agree with the elements, per file and over the run.
    const errored = tasks.filter((t) => t.status === 'errored' || t.status === 'setup-error').length
    const failed = tasks.filter((t) => t.status === 'failed').length
    expect(errored).toBeGreaterThan(0)
    expect(root.attrs).toMatchObject({ errors: String(errored), failures: String(failed) })
    for (const suite of elements(root, 'testsuite')) {
      const inSuite = elements(suite, 'testcase')
      expect(Number(suite.attrs.errors), suite.attrs.name).toBe(inSuite.filter((c) => c.children.some((x) => x.tag === 'error')).length)
      expect(Number(suite.attrs.failures), suite.attrs.name).toBe(inSuite.filter((c) => c.children.some((x) => x.tag === 'failure')).length)
    }
  })

  describe('with a priced model and judge', () => {
    let model: ScriptedModelServer
    afterAll(() => model?.close())

    it("reports the agent's and the judge's tokens and cost apart, in the leaderboard, summary.md, JUnit and the progress line", async () => {
      const scores = {
        task_fulfillment: 8,
        information_grounding: 8,
        tool_appropriateness: 8,
        parameter_accuracy: 8,
        dependency_awareness: 8,
        parallelism_efficiency: 8,
      }
      model = await startScriptedModel({
        script: (req) => {
          if (req.body.model === 'o4-mini') {
            return {
              content: `\`\`\`json\n${JSON.stringify({ reasoning: {}, scores })}\n\`\`\``,
              usage: { prompt_tokens: 2_000, completion_tokens: 300 },
            }
          }
          return req.body.messages.some((m: { role: string }) => m.role === 'tool')
            ? { content: 'The server said hello.', usage: { prompt_tokens: 1_500, completion_tokens: 100 } }
            : {
                toolCalls: [{ id: 'c1', name: 'probe__echo', arguments: { text: 'hello' } }],
                usage: { prompt_tokens: 1_000, completion_tokens: 200 },
                delayMs: 50,
              }
        },
      })
      const { code, leaderboard, junit, summary, output } = await runProject(['benchmarks/good.test.ts', '-t', 'probe/echo'], {
        MCP_BENCH_MODEL: 'gpt-4o-mini',
        MCP_BENCH_JUDGE_MODEL: 'o4-mini',
        OPENAI_BASE_URL: model.url,
        MCP_BENCH_NO_CACHE: '1',
        // Overrides the bundled gpt-4o-mini price; the judge's o4-mini keeps the bundled $1.10 / $4.40.
        E2E_PRICES: JSON.stringify({ 'gpt-4o-mini': { input: 1, output: 2 } }),
      })
      expect(code).toBe(0)
      const [task] = leaderboard.tasks
      const agentUsd = (2_500 * 1 + 300 * 2) / 1e6
      const judgeUsd = (5 * 2_000 * 1.1 + 5 * 300 * 4.4) / 1e6
      expect(task!.tokens).toEqual({ prompt: 2_500, completion: 300, total: 2_800 })
      expect(task!.judgeTokens).toEqual({ prompt: 10_000, completion: 1_500, total: 11_500 })
      expect(task!.cost.agentUsd).toBeCloseTo(agentUsd, 12)
      expect(task!.cost.judgeUsd).toBeCloseTo(judgeUsd, 12)
      // The first turn waited 50 ms for the model; tool time is the echo call's.
      expect(task!.timing.modelMs).toBeGreaterThanOrEqual(50)
      expect(task!.timing.modelShare).toBeGreaterThan(0)
      expect(task!.timing.toolMs).toBeGreaterThan(0)
      expect(task!.timing.judgeMs).toBeGreaterThan(0)
      const [row] = leaderboard.agents
      expect(row!.cost.agentUsd).toBeCloseTo(agentUsd, 12)
      expect(row!.tokens.judge.total).toBe(11_500)
      expect(row!.latency.medianMs).toBe(task!.durationMs)
      expect(leaderboard.cost.totalUsd).toBeCloseTo(agentUsd + judgeUsd, 12)

      expect(summary).toContain('## Cost and latency')
      expect(summary).toContain(`| gpt-4o-mini | 1 | 2,800 | $0.0031 | $0.0031 | 11,500 | $0.0176 |`)
      expect(summary).toContain('Run cost: **$0.0207** (agents $0.0031, judge $0.0176)')
      // The tasks -t left out are no part of the run: not counted, and not unfinished either.
      expect(leaderboard).toMatchObject({ interrupted: false, unfinished: [] })
      expect(summary).not.toContain('Unfinished')

      const props = properties(elements(parseXml(junit), 'testcase')[0]!)
      expect(props).toMatchObject({
        'mcp-bench.tokens': '2800',
        'mcp-bench.costUsd': '0.0031',
        'mcp-bench.judgeTokens': '11500',
        'mcp-bench.judgeCostUsd': '0.0176',
        'mcp-bench.judge.taskFulfillment': '0.8',
      })
      expect(Number(props['mcp-bench.modelMs'])).toBeGreaterThanOrEqual(50)

      // The first line, at the one task's record, and the last, at the run's end: the same figures.
      const lines = progressLines(output)
      expect(lines.length).toBeGreaterThanOrEqual(1)
      expect(lines.length).toBeLessThanOrEqual(2)
      for (const line of lines)
        expect(line).toBe('mcp-bench 1/1 tasks · pass 100.0% · 14,300 tok $0.0207 · gpt-4o-mini 1/1 pass 100.0% · done')
    })

    it('says the cost is unknown, and why, for a model with no price', async () => {
      model.push({ toolCalls: [{ id: 'c1', name: 'probe__echo', arguments: { text: 'hello' } }] }, { content: 'The server said hello.' })
      const { leaderboard, summary, output } = await runProject(['benchmarks/good.test.ts', '-t', 'probe/echo'], {
        MCP_BENCH_MODEL: 'house-model',
        OPENAI_BASE_URL: model.url,
      })
      expect(leaderboard.tasks[0]!.cost).toEqual({ agentUsd: null, judgeUsd: 0, unknown: ['no price for model "house-model"'] })
      expect(leaderboard.agents[0]!.cost.agentUsd).toBeNull()
      expect(summary).toMatch(/\| house-model \| 1 \| [\d,]+ \| n\/a \| n\/a \|/)
      expect(summary).toContain('A cost is n/a when it cannot be known: no price for model &quot;house-model&quot;.')
      expect(output).toContain('cost n/a: no price for model "house-model" (add it to the `prices` option)')
    })
  })

  const hasScript = spawnSync('script', ['--version']).status === 0
  it.skipIf(!hasScript)("on a terminal, logs its lines through Vitest's logger, which prints them above its status window", async () => {
    const { leaderboard, output } = await runProject(['benchmarks/good.test.ts', 'benchmarks/more.test.ts'], {}, { tty: true })
    expect(leaderboard.tasks).toHaveLength(6)
    // Vitest's own status window was drawn (the run was on a terminal), and our lines are whole lines beside it.
    expect(stripVTControlCharacters(output)).toMatch(/ Test Files /)
    checkLines(progressLines(output), 6, ['reference'])
  })
})
