import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { main } from '../../src/cli/synth.ts'
import { main as mcpBench } from '../../src/cli/main.ts'
import { loadServersFile } from '../../src/config/load-servers.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { SynthReportSchema, type SynthReport } from '../../src/contracts/synth-report.ts'
import { collectTasks } from '../../src/runtime/task/collect.ts'
import { TaskSpecSchema } from '../../src/contracts/task-spec.ts'
import { lintTasks, toolsByRef } from '../../src/lint/suite-lint.ts'
import { SYNTH_CASES, synthScript } from '../support/synth-script.ts'

/**
 * `mcp-bench synth` end to end: the real CLI, the real `openai` SDK against
 * the scripted model, and the real weather and unit-converter fixture
 * servers started from the project's mcp.servers.json. The script's cases
 * (test/support/synth-script.ts) make some tasks pass, one need a repair,
 * and the rest be dropped for each reason synthesis knows.
 */
const ROOT = resolve(import.meta.dirname, '../..')
const KEY = 'sk-synth-test-key-0123456789'
const ARGS = ['--servers', 'weather,unit-converter', '--model', 'gpt-4o-mini', '--count', '4']

function capture() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } }
}

async function synth(args: string[]) {
  const { out, io } = capture()
  const code = await main(args, io, ROOT)
  return { code, ...out }
}

const readReport = (file: string): SynthReport => SynthReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')))

function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
}

let model: ScriptedModelServer
let dir: string
let first: Awaited<ReturnType<typeof synth>>
let report: SynthReport

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'synth-'))
  model = await startScriptedModel({ script: synthScript() })
  vi.stubEnv('OPENAI_BASE_URL', model.url)
  vi.stubEnv('OPENAI_API_KEY', KEY)
  vi.stubEnv('MCP_BENCH_CASSETTE', 'record')
  vi.stubEnv('MCP_BENCH_CASSETTE_DIR', join(dir, 'cassette'))
  first = await synth([...ARGS, '--out', join(dir, 'out'), '--report', join(dir, 'report.json')])
  report = readReport(join(dir, 'report.json'))
}, 120_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  await model?.close()
})

describe('mcp-bench synth, end to end', () => {
  it('keeps the tasks that pass, repairs the broken one and drops the rest, each for its reason', () => {
    expect(first.code, first.stderr).toBe(0)
    expect(report.candidates.map((c) => [c.status, c.reasons[0]?.kind ?? null])).toEqual([
      ['kept', null],
      ['repaired', null],
      ['dropped', 'unknown-tool'],
      ['dropped', 'call-failed'],
      ['dropped', 'ungrounded-fact'],
      ['dropped', 'unparseable'],
      ['dropped', 'low-utility'],
      ['kept', null],
      ['kept', null],
    ])
    expect(report.candidates).toHaveLength(SYNTH_CASES.length)
    expect(report.totals).toEqual({
      candidates: 9,
      kept: 3,
      repaired: 1,
      dropped: 5,
      droppedBy: { 'unknown-tool': 1, 'call-failed': 1, 'ungrounded-fact': 1, unparseable: 1, 'low-utility': 1 },
    })
    // It stopped once four tasks were kept, short of the twelve chains it could have tried.
    expect(report.chains.selected).toBe(12)
  })

  it("records both signals for every candidate that parsed: the execution verdict and the model's scores", () => {
    const [kept, repaired, unknown, failing, ungrounded, unparseable, lowUtility] = report.candidates
    expect(kept!.attempts).toHaveLength(1)
    expect(kept!.attempts[0]!.execution!.calls.map((c) => [c.tool, c.status, c.schemaValid])).toEqual([
      ['weather.get_current_weather_tool', 'ok', true],
      ['unit-converter.convert_temperature', 'ok', true],
    ])
    expect(kept!.scores).toMatchObject({ solvability: 9.5, utility: 7 })

    // The broken plan failed its schema and its call; the repair, sent back with the server's error, ran clean.
    expect(repaired!.attempts.map((a) => a.kind)).toEqual(['generate', 'repair'])
    expect(repaired!.attempts[0]!.execution!.failures.map((f) => f.kind)).toEqual(['schema-invalid', 'call-failed'])
    expect(repaired!.attempts[1]!.execution).toMatchObject({ passed: true, failures: [] })
    expect(repaired!.draft!.reference.calls[0]!.args).toMatchObject({ from_unit: 'kilometer' })

    // An unknown tool never reaches the servers.
    expect(unknown!.reasons[0]!.detail).toContain('weather.get_humidity')
    expect(unknown!.attempts.every((a) => a.execution!.calls.every((c) => c.status === 'not-run'))).toBe(true)

    expect(failing!.attempts.map((a) => a.execution!.passed)).toEqual([false, false])
    expect(failing!.reasons[0]!.detail).toContain('temperature must be non-negative')
    expect(ungrounded!.reasons[0]!.detail).toContain('"99.1"')
    expect(ungrounded!.executed).toBe(false)

    expect(unparseable!.attempts).toEqual([
      { kind: 'generate', parsed: false, error: expect.stringContaining('no JSON object'), execution: null },
    ])
    expect(unparseable!.scores).toBeNull()
    expect(unparseable!.draft).toBeNull()

    // Execution passed, but the model itself thought it useless: the two signals are independent.
    expect(lowUtility!.executed).toBe(true)
    expect(lowUtility!.scores).toMatchObject({ utility: 3 })
    expect(lowUtility!.taskId).toBeNull()
  })

  it('counts every request and its tokens, and prices them for a model with a known price', () => {
    const chatRequests = model.requests.filter((r) => r.path === '/v1/chat/completions')
    expect(report.usage.requests).toBe(chatRequests.length)
    // 9 drafts, 4 repairs (the broken plan and the three that stay broken) and 8 quality requests (the unparseable draft is never scored).
    expect(chatRequests).toHaveLength(21)
    expect(report.usage.totalTokens).toBe(report.usage.promptTokens + report.usage.completionTokens)
    // gpt-4o-mini: $0.15 per million prompt tokens, $0.60 per million completion tokens.
    expect(report.usage.usd).toBeCloseTo((report.usage.promptTokens * 0.15 + report.usage.completionTokens * 0.6) / 1e6, 6)
    // Every request carries the seed.
    expect(chatRequests.every((r) => r.body.seed === 1)).toBe(true)
  })

  it('prints progress and cost while it runs, and a summary at the end', () => {
    const lines = first.stdout.split('\n')
    expect(lines[0]).toBe('synth: 20 tools on weather, unit-converter')
    expect(lines.filter((l) => /^\[\d+\/12\] /.test(l))).toHaveLength(9)
    expect(lines.find((l) => l.startsWith('[4/12]'))).toMatch(
      /: dropped \(call-failed: .*\) · 2 kept · 11 requests, [\d,]+ tokens, \$0\.\d{4}$/,
    )
    expect(first.stdout).toContain(
      '9 candidates: 3 kept, 1 repaired, 5 dropped (unknown-tool 1, call-failed 1, ungrounded-fact 1, unparseable 1, low-utility 1)',
    )
    expect(first.stdout).toMatch(
      /wrote 2 files to .*: synth-weather\+unit-converter\.test\.ts \(2 tasks\), synth-unit-converter\.test\.ts \(2 tasks\)/,
    )
  })

  it('writes one ready-to-run file per server combination, which loads and passes the suite lint', async () => {
    const out = join(dir, 'out')
    expect(readdirSync(out).sort()).toEqual(['synth-unit-converter.test.ts', 'synth-weather+unit-converter.test.ts'])
    const collected = await collectTasks(readdirSync(out).sort(), (f) => import(/* @vite-ignore */ pathToFileURL(join(out, f)).href))
    const tasks = collected.map((t) => ({ id: t.id, spec: TaskSpecSchema.parse(t.spec) }))
    expect(tasks.map((t) => t.id).sort()).toEqual(report.candidates.flatMap((c) => (c.taskId ? [c.taskId] : [])).sort())
    expect(tasks.map((t) => t.id).sort()).toEqual([
      'synth/unit-converter/convert_length',
      'synth/unit-converter/convert_length-2',
      'synth/weather+unit-converter/get_current_weather_tool-convert_temperature',
      'synth/weather+unit-converter/get_live_temp-convert_temperature',
    ])
    const hub = new ServerHub({ ...loadServersFile('mcp.servers.json', ROOT), root: ROOT })
    try {
      const session = await hub.acquire(['weather', 'unit-converter'])
      expect(lintTasks(tasks, toolsByRef(session.catalog.entries))).toEqual([])
      await session.release()
    } finally {
      await hub.close()
    }
    const denver = tasks.find((t) => t.id.includes('get_current_weather_tool'))!
    expect(denver.spec).toMatchObject({
      servers: ['weather', 'unit-converter'],
      category: 'multi-server/sequential',
      fuzzy: expect.stringContaining('Denver'),
      reference: { facts: ['12.5', '54.5'], calls: [{ id: 'now' }, { id: 'f', after: ['now'] }] },
      tags: ['synth'],
    })
    expect(readFileSync(join(out, 'synth-unit-converter.test.ts'), 'utf8')).toMatch(
      /^\/\/ Generated by `mcp-bench synth` \(model gpt-4o-mini, seed 1\)/,
    )
  })

  it('never writes the API key into the report or the cassette', () => {
    const cassette = filesIn(join(dir, 'cassette'))
    expect(cassette.length, 'the run recorded a cassette to check').toBeGreaterThan(0)
    for (const file of [join(dir, 'report.json'), ...cassette]) {
      expect(readFileSync(file, 'utf8'), file).not.toContain(KEY)
    }
  })

  it('replays from the cassette with no model at all, to the same report and the same files', async () => {
    await model.close()
    vi.stubEnv('MCP_BENCH_CASSETTE', 'replay')
    const again = await synth([...ARGS, '--out', join(dir, 'replay'), '--report', join(dir, 'replay.json')])
    expect(again.code, again.stderr).toBe(0)
    expect(readReport(join(dir, 'replay.json'))).toEqual(report)
    for (const name of readdirSync(join(dir, 'out'))) {
      expect(readFileSync(join(dir, 'replay', name), 'utf8')).toBe(readFileSync(join(dir, 'out', name), 'utf8'))
    }
    vi.stubEnv('MCP_BENCH_CASSETTE', 'record')
  }, 120_000)

  it("prices its tokens with the --prices table on top of the bundled one, by the leaderboard's rule", async () => {
    const prices = join(dir, 'prices.json')
    writeFileSync(prices, JSON.stringify({ 'gpt-4o-mini': { input: 1, output: 2 } }))
    vi.stubEnv('MCP_BENCH_CASSETTE', 'replay')
    const priced = await synth([...ARGS, '--prices', prices, '--out', join(dir, 'priced'), '--report', join(dir, 'priced.json')])
    vi.stubEnv('MCP_BENCH_CASSETTE', 'record')
    expect(priced.code, priced.stderr).toBe(0)
    const usage = readReport(join(dir, 'priced.json')).usage
    expect(usage.promptTokens).toBe(report.usage.promptTokens)
    expect(usage.usd).toBeCloseTo((usage.promptTokens * 1 + usage.completionTokens * 2) / 1e6, 6)

    writeFileSync(prices, JSON.stringify({ 'gpt-4o-mini': { input: -1, output: 2 } }))
    const bad = await synth([...ARGS, '--prices', prices, '--out', join(dir, 'bad'), '--report', join(dir, 'bad.json')])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain(`--prices ${prices}: gpt-4o-mini.input:`)
  }, 120_000)

  it('with another seed, tries the chains of equal strength in another order, and so misses the cassette', async () => {
    vi.stubEnv('MCP_BENCH_CASSETTE', 'replay')
    const other = await synth([...ARGS, '--seed', '2', '--count', '1', '--out', join(dir, 'seed2'), '--report', join(dir, 'seed2.json')])
    vi.stubEnv('MCP_BENCH_CASSETTE', 'record')
    expect(other.code).toBe(0)
    const replayed = readReport(join(dir, 'seed2.json'))
    expect(replayed.candidates[0]!.reasons[0]).toMatchObject({ kind: 'model-error', detail: expect.stringContaining('cassette miss') })
  }, 120_000)
})

describe('mcp-bench synth, bad input', () => {
  it('is wired into the mcp-bench command, with its usage', async () => {
    const { out, io } = capture()
    expect(await mcpBench(['--help'], io as never)).toBe(0)
    expect(out.stdout).toContain('synth --servers a[,b[,c]]')
    const help = capture()
    expect(await mcpBench(['synth', '--help'], help.io as never)).toBe(0)
    expect(help.out.stdout).toMatch(/^usage: mcp-bench synth --servers/)
  })

  it('exits 2 with the usage on bad flags', async () => {
    for (const [args, message] of [
      [[], 'name the servers with --servers'],
      [['--servers', 'a,b,c,d'], '--servers takes one to three servers, not 4'],
      [['--servers', 'math,math'], '--servers names a server twice'],
      [['--servers', 'math', '--count', '0'], '--count must be a whole number of at least 1, not "0"'],
      [['--servers', 'math', '--min-utility', '11'], '--min-utility must be a score from 0 to 10, not "11"'],
      [['--servers', 'math', '--frobnicate'], "Unknown option '--frobnicate'"],
    ] as const) {
      const run = await synth([...args])
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toContain(message)
      expect(run.stderr).toContain('usage: mcp-bench synth')
    }
  })

  it('stops at a model that refuses the key, exits 1, and still writes the report', async () => {
    const refusing = await startScriptedModel({ script: [{ status: 401 }] })
    vi.stubEnv('OPENAI_BASE_URL', refusing.url)
    vi.stubEnv('MCP_BENCH_CASSETTE', 'off')
    const out = mkdtempSync(join(tmpdir(), 'synth-401-'))
    try {
      const run = await synth([
        '--servers',
        'unit-converter',
        '--model',
        'gpt-4o-mini',
        '--out',
        join(out, 'tasks'),
        '--report',
        join(out, 'report.json'),
      ])
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(/^synth: stopped early: model gpt-4o-mini: HTTP 401: /)
      expect(run.stdout).toContain('no task was kept, so no task file was written')
      expect(readReport(join(out, 'report.json'))).toMatchObject({
        stopped: expect.stringContaining('HTTP 401'),
        candidates: [],
        files: [],
      })
      expect(refusing.requests).toHaveLength(1)
    } finally {
      await refusing.close()
    }
  }, 60_000)

  it('exits 1 naming an unknown server, or a missing model, before anything starts', async () => {
    const unknown = await synth(['--servers', 'weather,nope', '--model', 'm'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/^synth: Unknown server "nope"\. Configured servers: /)
    vi.stubEnv('MCP_BENCH_MODEL', '')
    const modelless = await synth(['--servers', 'math'])
    expect(modelless.code).toBe(1)
    expect(modelless.stderr).toBe('synth: mcp-bench synth needs a model: pass --model or set MCP_BENCH_MODEL\n')
  })
})
