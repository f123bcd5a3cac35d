import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main as cli } from '../../src/cli/main.ts'
import { writeHistoryRecord } from '../../src/node/history/store.ts'
import { agentTrends } from '../../src/node/history/trend.ts'
import { historyAgent, historyEntry } from '../support/history.ts'

function io() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } as never }
}

/** Three runs: "ref" in all of them, "model" in the last two; the second is a shard, the third was interrupted. */
function historyDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'mcp-bench-history-cli-')), 'history')
  writeHistoryRecord(
    dir,
    historyEntry({
      runId: 'r1',
      generatedAt: '2025-01-01T10:00:00.000Z',
      git: { commit: '1111111111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', branch: 'main', source: 'git' },
    }),
  )
  writeHistoryRecord(
    dir,
    historyEntry({
      runId: 'r2',
      generatedAt: '2025-01-02T10:00:00.000Z',
      shard: { index: 1, count: 2 },
      gate: { applied: false, passed: true },
      git: { commit: '2222222222bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', branch: 'fix', source: 'ci' },
      agents: [
        historyAgent({ passRate: 0.9, passRateInterval: [0.6, 0.98] }),
        historyAgent({ agent: 'model', passRate: 0.5, overallScore: null }),
      ],
    }),
  )
  writeHistoryRecord(
    dir,
    historyEntry({
      runId: 'r3',
      generatedAt: '2025-01-03T10:00:00.000Z',
      interrupted: true,
      unfinished: 3,
      gate: { applied: true, passed: false },
      git: null,
      agents: [historyAgent({ passRate: 0.75 }), historyAgent({ agent: 'model', passRate: 0.625 })],
    }),
  )
  return dir
}

describe('the run history trend', () => {
  it('follows each agent run by run, with the change in pass rate and what made a run partial', () => {
    const [ref, model] = agentTrends([
      historyEntry({ runId: 'a' }),
      historyEntry({
        runId: 'b',
        interrupted: true,
        unfinished: 2,
        agents: [historyAgent({ passRate: 0.6 }), historyAgent({ agent: 'm' })],
      }),
    ])
    expect(ref!.points.map((p) => [p.runId, p.passRate, p.passRateChange, p.notes])).toEqual([
      ['a', 0.8, null, []],
      ['b', 0.6, expect.closeTo(-0.2, 12), ['interrupted (2 unfinished)']],
    ])
    expect(model).toMatchObject({ agent: 'm', points: [{ runId: 'b', passRateChange: null }] })
  })

  it('notes a run whose agent was held less than the sandbox', () => {
    const [agent] = agentTrends([
      historyEntry({ runId: 'a', agents: [historyAgent({ isolation: 'sandbox' })] }),
      historyEntry({ runId: 'b', agents: [historyAgent({ isolation: 'none' })] }),
    ])
    expect(agent!.points.map((p) => p.notes)).toEqual([[], ['held as none (!)']])
  })
})

describe('mcp-bench history', () => {
  it('prints one table per agent, oldest run first, with commit, branch, interval, change and notes', async () => {
    const { out, io: streams } = io()
    expect(await cli(['history', '--dir', historyDir()], streams)).toBe(0)
    const lines = out.stdout.split('\n')
    expect(lines[0]).toBe('ref (3 runs)')
    expect(lines[1]).toMatch(
      /^run\s+commit\s+branch\s+tasks\s+pass\s+95% interval\s+Δ pts\s+rules\s+overall\s+TC\s+TU\s+PE\s+easy\s+hard\s+note$/,
    )
    expect(lines[2]).toMatch(
      /^2025-01-01 10:00\s+11111111\s+main\s+10\s+80\.0%\s+49\.0–94\.0%\s+0\.900\s+0\.700\s+0\.600\s+0\.700\s+0\.600\s+80\.0%$/,
    )
    expect(lines[3]).toMatch(/^2025-01-02 10:00\s+22222222\s+fix\s+10\s+90\.0%\s+60\.0–98\.0%\s+\+10\.0 .* shard 1\/2$/)
    expect(lines[4]).toMatch(/^2025-01-03 10:00\s+10\s+75\.0%\s+49\.0–94\.0%\s+−15\.0 .* interrupted \(3 unfinished\), gate failed$/)
    expect(out.stdout).toContain('model (2 runs)')
    expect(out.stdout).toMatch(/model \(2 runs\)\n.*\n2025-01-02 10:00 .* 50\.0% .* n\/a .*\n2025-01-03 10:00 .* 62\.5% .* \+12\.5 /)
    expect(out.stdout).toMatch(/pass: pass rate with its 95% Wilson interval; Δ pts: change from the previous run/)
    expect(out.stderr).toBe('')
  })

  it('narrows to one agent and its last N runs, and writes JSON for machines', async () => {
    const dir = historyDir()
    const one = io()
    expect(await cli(['history', '--dir', dir, '--agent', 'ref', '--last', '2'], one.io)).toBe(0)
    expect(one.out.stdout).not.toContain('model')
    expect(one.out.stdout).toMatch(/^ref \(2 runs\)\n.*\n2025-01-02 .*\n2025-01-03 .*\n\n/)
    const json = io()
    expect(await cli(['history', '--dir', dir, '--json', '--last', '1'], json.io)).toBe(0)
    const trends = JSON.parse(json.out.stdout)
    expect(trends.map((t: { agent: string; points: Array<{ runId: string }> }) => [t.agent, t.points.map((p) => p.runId)])).toEqual([
      ['ref', ['r3']],
      ['model', ['r3']],
    ])
  })

  it('exits 1 naming the problem: no history, a malformed file, an unknown agent', async () => {
    const empty = io()
    const missing = join(tmpdir(), 'mcp-bench-no-such-history-dir')
    expect(await cli(['history', '--dir', missing], empty.io)).toBe(1)
    expect(empty.out.stderr).toBe(`history: no runs recorded in ${missing} (each benchmark run adds one file there; is --dir right?)\n`)
    const dir = historyDir()
    const unknown = io()
    expect(await cli(['history', '--dir', dir, '--agent', 'gpt'], unknown.io)).toBe(1)
    expect(unknown.out.stderr).toBe(`history: no run of agent "gpt" in ${dir}; agents recorded: ref, model\n`)
    writeFileSync(join(dir, 'r9.json'), JSON.stringify({ ...historyEntry(), generatedAt: 'yesterday' }))
    const bad = io()
    expect(await cli(['history', '--dir', dir], bad.io)).toBe(1)
    expect(bad.out.stderr).toMatch(
      new RegExp(`^history: ${join(dir, 'r9.json')}: generatedAt: .*\nhistory: 1 file is not a run record; move it out of `),
    )
    expect(bad.out.stdout).toBe('')
  })

  it('exits 2 with usage on bad arguments', async () => {
    for (const args of [['--last', '0'], ['--last', 'two'], ['--last', ' '], ['--nope'], ['stray'], ['--agent', ''], ['--dir', ' ']]) {
      const r = io()
      expect(await cli(['history', ...args], r.io), args.join(' ')).toBe(2)
      expect(r.out.stderr).toMatch(/^history: .*\nusage: history \[--dir bench-results\/history\]/)
    }
    const help = io()
    expect(await cli(['history', '--help'], help.io)).toBe(0)
    expect(help.out.stdout).toMatch(/^usage: history/)
    const top = io()
    expect(await cli(['--help'], top.io)).toBe(0)
    expect(top.out.stdout).toMatch(/\n {2}history \[--dir bench-results\/history\] \[--agent NAME\] \[--last N\] \[--json\]\n/)
  })
})
