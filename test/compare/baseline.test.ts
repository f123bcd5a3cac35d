import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { baselineComparison } from '../../src/node/baseline.ts'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { record } from '../support/trajectories.ts'
import { formatSummary } from '../../reporters/summary.ts'
import { exitVerdict } from '../../reporters/exit-verdict.ts'

/** Twenty tasks, the first `failing` of them failed. */
const run = (failing: number) => Array.from({ length: 20 }, (_, i) => record({ taskId: `t${i}` }, i < failing ? 'failed' : 'passed'))

function baselineFile(failing: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'baseline-'))
  const board = buildLeaderboard({
    records: run(failing),
    fileErrors: [],
    interrupted: false,
    unfinished: [],
    gate: {},
    gateDeferred: null,
  })
  writeFileSync(join(dir, 'leaderboard.json'), JSON.stringify(board))
  return join(dir, 'leaderboard.json')
}

describe('the baseline gate', () => {
  const gate = (baseline: string) => ({ baseline, maxDrop: { passRate: 0.05 }, confidence: 0.95 })
  /** The gate's verdict alone. */
  const baselineRegression = async (...args: Parameters<typeof baselineComparison>) => (await baselineComparison(...args))?.regression

  it('fails a real drop, naming the metric, the interval and the worst tasks', async () => {
    const result = await baselineRegression(gate(baselineFile(0)), { tasks: run(10) }, '/')
    expect(result!.passed).toBe(false)
    expect(result!.failures[0]).toMatch(
      /^A: pass rate went from 100.0% to 50.0% .* fell by at least 29.0 points \(90% interval of the change: -67.3 to -29.0 points\).*Worst tasks: t0 \(passed → failed\)/,
    )
  })

  it('passes a rerun that changed nothing, and a drop within noise', async () => {
    expect((await baselineRegression(gate(baselineFile(2)), { tasks: run(2) }, '/'))!.passed).toBe(true)
    expect((await baselineRegression(gate(baselineFile(2)), { tasks: run(3) }, '/'))!.passed).toBe(true)
  })

  it('fails, saying why, when the baseline cannot be read', async () => {
    const result = await baselineRegression(gate('nowhere/leaderboard.json'), { tasks: run(0) }, '/tmp')
    expect(result).toMatchObject({
      passed: false,
      failures: [expect.stringMatching(/^baseline nowhere\/leaderboard\.json could not be used: .*ENOENT/)],
    })
  })

  it('hands the reports the full comparison next to the verdict, and none when the baseline cannot be read', async () => {
    const both = await baselineComparison(gate(baselineFile(0)), { tasks: run(10) }, '/')
    expect(both!.regression.passed).toBe(false)
    expect(both!.comparison!.settings.confidence).toBe(0.95)
    const [agent] = both!.comparison!.agents
    expect(agent!.flips.worse.map((f) => f.id)).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9'])
    expect(agent!.metrics.passRate).toMatchObject({ base: 1, head: 0.5, pairs: 20 })
    expect(await baselineComparison(gate('nowhere/leaderboard.json'), { tasks: run(0) }, '/tmp')).toMatchObject({
      regression: { passed: false },
      comparison: null,
    })
    expect(await baselineComparison({}, { tasks: run(0) }, '/tmp')).toBeNull()
  })

  it('with fewer than 10 paired tasks says in the terminal that it cannot tell, and fails when told to', async () => {
    // Five tasks: the pass rate fell from 100% to 40%, too few pairs to tell it from noise.
    const five = (failing: number) => run(failing).slice(0, 5)
    const dir = mkdtempSync(join(tmpdir(), 'baseline-'))
    writeFileSync(
      join(dir, 'leaderboard.json'),
      JSON.stringify(
        buildLeaderboard({ records: five(0), fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null }),
      ),
    )
    const base = join(dir, 'leaderboard.json')
    const terminal = async (tooFew?: 'pass' | 'fail') => {
      const g = { ...gate(base), ...(tooFew ? { tooFew } : {}) }
      const verdict = await baselineComparison(g, { tasks: five(3) }, '/')
      const board = buildLeaderboard({
        records: five(3),
        fileErrors: [],
        interrupted: false,
        unfinished: [],
        gate: g,
        gateDeferred: null,
        baseline: verdict!.regression,
      })
      const exit = exitVerdict(board, { gateConfigured: true, otherFailures: 0, unhandledErrors: 0 })
      return { exit, text: formatSummary(board, 'bench-results/leaderboard.json', exit.reason) }
    }
    // Before: "gate passed: exit 0", and not a word of it in the terminal.
    const passing = await terminal()
    expect(passing.exit.code).toBe(0)
    expect(passing.text).toContain(
      " BASELINE GATE CANNOT TELL (it passes; set the gate's `tooFew: 'fail'` to fail instead):\n   - A: pass rate: too few paired tasks to tell (5 paired, 10 needed)",
    )
    expect(passing.exit.reason).toMatch(/^gate passed, though the baseline gate could not tell \(too few paired tasks\): exit 0/)
    const failing = await terminal('fail')
    expect(failing.exit.code).toBe(1)
    expect(failing.text).toContain(' GATE FAILED:\n   - A: pass rate: too few paired tasks to tell (5 paired, 10 needed)')
    expect(failing.text).not.toContain('CANNOT TELL')
  })

  it("adds its failures to the leaderboard's gate", () => {
    const board = buildLeaderboard({
      records: run(0),
      fileErrors: [],
      interrupted: false,
      unfinished: [],
      gate: {},
      gateDeferred: null,
      baseline: { passed: false, confidence: 0.95, checks: [], failures: ['A: pass rate dropped'] },
    })
    expect(board.gate).toMatchObject({ applied: true, passed: false, failures: ['A: pass rate dropped'] })
  })
})
