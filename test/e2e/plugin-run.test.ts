import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isAlive } from '../support/process.ts'
import { runChildVitest } from '../support/child-vitest.ts'
import { readHistory } from '../../src/node/history/store.ts'

/** Runs Vitest on the miniature user project in a child process, as a user would. */
function runProject(args: string[], env: Record<string, string> = {}, out?: string) {
  return runChildVitest({ project: 'test/e2e/project', args, env, ...(out ? { out } : {}) })
}

describe('a benchmark run end to end (child Vitest process)', { timeout: 180_000 }, () => {
  it('records every task, with its status and a clear error, and leaves no server process behind', async () => {
    const { code, leaderboard, junit, summary, html, pids, output } = await runProject([])
    expect(code).toBe(1)
    // The same id in two files is a collection error naming both; neither counts.
    const duplicates = leaderboard.tasks.filter((t) => t.id === 'more/echo-alpha')
    expect(duplicates.map((t) => [t.file, t.status, t.errorPhase]).sort()).toEqual([
      ['benchmarks/dupes.test.ts', 'setup-error', 'collection'],
      ['benchmarks/more.test.ts', 'setup-error', 'collection'],
    ])
    expect(duplicates[0]!.error).toBe(
      'Duplicate task id "more/echo-alpha": it is registered in benchmarks/dupes.test.ts and benchmarks/more.test.ts; give every task its own id',
    )
    const status = Object.fromEntries(leaderboard.tasks.filter((t) => t.id !== 'more/echo-alpha').map((t) => [t.id, t.status]))
    expect(status).toEqual({
      'probe/echo': 'passed',
      'probe/counter-is-fresh': 'passed',
      'probe/counter-is-fresh-again': 'passed',
      'probe/wrong-facts': 'failed',
      'more/echo-beta': 'passed',
      'bad/unknown-server': 'setup-error',
      'bad/spec': 'setup-error',
      'bad/server-exits': 'setup-error',
      'bad/no-command': 'setup-error',
      'bad/invalid-server-config': 'setup-error',
      'bad/failing-reference-step': 'errored',
      'bad/cycle': 'setup-error',
      'bad/agent-timeout': 'errored',
    })
    const error = (id: string) => leaderboard.tasks.find((t) => t.id === id)!.error
    expect(error('bad/unknown-server')).toMatch(
      /bad-input\.test\.ts: Unknown server "nope"\. Configured servers: broken, dies, ghost, probe, stateful/,
    )
    expect(error('bad/spec')).toMatch(/invalid spec[\s\S]*servers: [\s\S]*prompt: [\s\S]*reference\.calls\.0\.tool/)
    expect(error('bad/server-exits')).toMatch(
      /Server "dies" failed to start \(command: node -e [^\n]*\(tried 2 times\)[\s\S]*fatal: no database configured/,
    )
    expect(error('bad/no-command')).toMatch(/Server "ghost" failed to start.*(ENOENT|not found)/i)
    expect(error('bad/invalid-server-config')).toMatch(/mcpServers\.broken\.command/)
    // A task that runs out of time keeps what its agent did before the deadline.
    const timedOut = leaderboard.tasks.find((t) => t.id === 'bad/agent-timeout')!
    expect(timedOut.error).toMatch(/agent timed out after 1000 ms/)
    expect(timedOut).toMatchObject({ errorPhase: 'agent', metrics: { toolCalls: 2, executionSuccess: 0.5 } })
    expect(error('probe/wrong-facts')).toMatch(/missing "goodbye"/)
    expect(leaderboard.fileErrors).toEqual([
      expect.objectContaining({ file: 'benchmarks/broken-file.test.ts' }),
      {
        file: 'benchmarks/dupes-in-file.test.ts',
        error: 'Duplicate task id "twice/same-id" in benchmarks/dupes-in-file.test.ts: every task needs its own id',
      },
    ])
    // Setup errors are listed apart and count in no score; the agent's own errors count.
    expect(leaderboard.agents).toEqual([
      expect.objectContaining({ agent: 'reference', tasks: 7, passed: 4, failed: 1, errored: 2, setupErrors: 8, passRate: 4 / 7 }),
    ])
    // JUnit carries every task and its metrics as properties, from the record; nothing unmeasured is written.
    // 15 tasks, plus the two files that failed to load, which JUnit reports as testcases of their own.
    expect(junit.match(/<testcase /g)).toHaveLength(17)
    expect(junit).toContain('<property name="mcp-bench.executionSuccess" value="1"/>')
    expect(junit).toContain('<property name="mcp-bench.status" value="setup-error"/>')
    expect(junit).not.toMatch(/value="null"/)
    expect(junit).not.toMatch(/\u001b\[/)
    expect(output).toContain('MCP benchmark leaderboard')
    expect(output).toContain("agent: reference (replays each task's reference plan); set MCP_BENCH_MODEL to benchmark a model")
    expect(output).toContain('exit 1: 8 setup errors, 2 benchmark files that did not load (see above), whatever the gate')
    // No terminal colour codes in any stored message.
    for (const text of [JSON.stringify(leaderboard), summary, html, junit]) expect(text).not.toMatch(/\u001b\[|\\u001b/)
    // The Markdown summary for CI job pages lists the row, every task not passed and the setup errors apart.
    expect(summary).toMatch(/\| reference \| builtin \| 7 \| 4 \| 1 \| 2 \| 0 \| 57\.1% \(25\.0%–84\.2%\) \| n\/a \|/)
    expect(summary).toContain('### bad/no-command · reference · setup-error (servers)')
    expect(summary).toMatch(/## Setup errors[\s\S]*bad\/cycle/)
    // The HTML report shows every task with its trajectory, escaped (messages and tool output are untrusted);
    // its one script is the page's own constant (test/e2e/html-report.test.ts drives it in Chromium).
    // The rows travel as one JSON data block the page's script draws from, each row's cells and detail escaped.
    const open = '<script type="application/json" id="task-data">'
    const start = html.indexOf(open) + open.length
    const rows = JSON.parse(html.slice(start, html.indexOf('</script>', start))) as Array<{ cells: string; detail: string }>
    expect(rows).toHaveLength(15)
    const shown = rows.map((r) => `${r.cells}\n${r.detail}`).join('\n')
    expect(shown).toContain('Task &quot;bad/spec&quot; in benchmarks/bad-input.test.ts has an invalid spec')
    expect(shown).toContain('<code>probe.echo</code>')
    expect(shown).toContain('{\n  &quot;text&quot;: &quot;hello&quot;\n}')
    expect(html.match(/<script[^>]*>/g)).toEqual([open, '<script>'])
    // Every server process the run started is gone.
    expect(pids.length).toBeGreaterThanOrEqual(3)
    await expect.poll(() => pids.filter(isAlive), { timeout: 5_000 }).toEqual([])
  })

  it('gates on the rule score even when every task passes, and runs a custom agent module', async () => {
    const { code, leaderboard, output } = await runProject(['benchmarks/good.test.ts', '-t', 'probe/echo'], {
      E2E_AGENT_MODULE: './agents/sloppy.ts',
      E2E_MIN_RULE_SCORE: '0.9',
    })
    expect(leaderboard.tasks).toEqual([expect.objectContaining({ id: 'probe/echo', agent: 'sloppy', status: 'passed' })])
    expect(leaderboard.agents[0]!.metrics).toMatchObject({ validToolNameRate: 0.5, executionSuccess: 0.5, schemaCompliance: 1 })
    expect(leaderboard.gate).toEqual({
      applied: true,
      passed: false,
      failures: ['sloppy: rule score 66.7% is below 90.0%'],
      note: null,
      baseline: null,
    })
    // The per-tool diagnostics from the worker's record: the tools it offered, the call by a name no tool has apart.
    const offered = leaderboard.tasks[0]!.tools!.offered!
    expect(offered).toEqual(expect.arrayContaining(['probe.echo', 'probe.fail', 'probe.sleep']))
    expect(offered).toEqual([...offered].sort())
    expect(leaderboard.tools!.tasks).toEqual([{ agent: 'sloppy', tasks: 1, planned: 1, unknownCalls: 1 }])
    expect(leaderboard.tools!.rows.find((r) => r.tool === 'echo')).toMatchObject({
      server: 'probe',
      offered: 1,
      called: 1,
      calledOk: 1,
      matched: 1,
      issues: 0,
    })
    expect(leaderboard.tools!.rows.filter((r) => r.tool !== 'echo').every((r) => r.offered === 1 && r.called === 0)).toBe(true)
    expect(output).toContain('GATE FAILED')
    expect(output).toContain('gate failed: exit 1 (1 threshold missed, listed above)')
    expect(code).toBe(1)
  })

  it('lets a configured gate decide the exit code when tasks fail, but not when the setup is broken', async () => {
    // good.test.ts: 3 of 4 tasks pass (probe/wrong-facts fails its facts).
    const lenient = await runProject(['benchmarks/good.test.ts'], { E2E_MIN_PASS_RATE: '0.7' })
    expect(lenient.leaderboard.agents[0]).toMatchObject({ passed: 3, failed: 1 })
    expect(lenient.leaderboard.gate.passed).toBe(true)
    expect(lenient.code).toBe(0)
    expect(lenient.output).toContain('gate passed: exit 0 although 1 task did not pass (their scores count)')
    const strict = await runProject(['benchmarks/good.test.ts'], { E2E_MIN_PASS_RATE: '0.8' })
    expect(strict.leaderboard.gate.failures).toEqual(['reference: pass rate 75.0% is below 80.0%'])
    expect(strict.code).toBe(1)
    // A bad spec or a server that cannot start is a setup problem: the run fails whatever the gate says.
    const broken = await runProject(['benchmarks/bad-input.test.ts', '-t', 'bad/unknown-server'], { E2E_MIN_PASS_RATE: '0' })
    expect(broken.leaderboard.tasks).toEqual([expect.objectContaining({ status: 'setup-error', errorPhase: 'servers' })])
    expect(broken.leaderboard.gate.passed).toBe(true)
    expect(broken.code).toBe(1)
    expect(broken.output).toContain('exit 1: 1 setup error (see above), whatever the gate')
  })

  it('runs each task several times with trials, and reports pass^k and pass@k', async () => {
    const { leaderboard, summary } = await runProject(['benchmarks/good.test.ts', '-t', 'probe/echo'], {
      MCP_BENCH_TRIALS: '3',
      E2E_AGENT_MODULE: './agents/flaky.ts',
      // The flaky agent alternates by the order its runs start in: one trial at a time keeps that order trial 1, 2, 3.
      MCP_BENCH_CONCURRENCY: '1',
    })
    expect(leaderboard.tasks.map((t) => [t.id, t.trial, t.status])).toEqual([
      ['probe/echo', 1, 'passed'],
      ['probe/echo', 2, 'failed'],
      ['probe/echo', 3, 'passed'],
    ])
    expect(leaderboard.agents[0]!.trials).toEqual({ trials: 3, tasks: 1, passAll: 0, passAny: 1 })
    expect(summary).toContain('| flaky | 3 | 1 | 0.0% | 100.0% |')
  })

  it("merges sharded runs into one leaderboard with Vitest's own --merge-reports, and gates only the merge", async () => {
    const out = mkdtempSync(join(tmpdir(), 'mcp-bench-shards-'))
    const files = ['benchmarks/good.test.ts', 'benchmarks/more.test.ts']
    // Alone, good.test.ts passes 3 of 4 (75%), under the 80% gate; the whole run passes 5 of 6.
    const gate = { E2E_MIN_PASS_RATE: '0.8' }
    // The shards run side by side, as on two CI machines: each writes its reports to a directory of its own, the
    // blobs and the history (one record per run) to the run's.
    const history = { ...gate, E2E_HISTORY_DIR: join(out, 'history') }
    const shard = (i: number) =>
      runProject(
        [...files, `--shard=${i}/2`, '--reporter=blob', `--outputFile.blob=${join(out, 'blobs', `blob-${i}.json`)}`],
        history,
        mkdtempSync(join(tmpdir(), `mcp-bench-shard-${i}-`)),
      )
    const [one, two] = await Promise.all([shard(1), shard(2)])
    for (const s of [one, two]) {
      expect(s.code).toBe(0)
      expect(s.leaderboard.gate).toMatchObject({
        applied: false,
        note: expect.stringMatching(/^shard \d\/2: the gate applies to the merged run/),
      })
      expect(s.output).toMatch(/shard \d\/2: the gate applies to the merged run \(vitest --merge-reports\), not to one shard; exit 0/)
    }
    expect([one.leaderboard.tasks.length, two.leaderboard.tasks.length].sort()).toEqual([2, 4])
    const merged = await runProject([`--merge-reports=${join(out, 'blobs')}`], history, out)
    expect(merged.leaderboard.tasks).toHaveLength(6)
    expect(merged.leaderboard.agents[0]).toMatchObject({ tasks: 6, passed: 5, failed: 1 })
    expect(merged.leaderboard.gate).toMatchObject({ applied: true, passed: true })
    expect(merged.code).toBe(0)
    // Each run added one history record: the shards say they are shards, the merge is the whole run.
    const records = readHistory(join(out, 'history')).records
    expect(records).toHaveLength(3)
    expect(records.map((r) => [r.shard?.index ?? 'merged', r.tasks, r.gate.applied])).toEqual(
      expect.arrayContaining([
        ['merged', 6, true],
        [1, expect.any(Number), false],
        [2, expect.any(Number), false],
      ]),
    )
  })
})
