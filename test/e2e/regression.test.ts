import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ComparisonSchema } from '../../src/contracts/compare.ts'
import { runChildVitest } from '../support/child-vitest.ts'

const project = 'test/e2e/regression'
const repo = join(import.meta.dirname, '../..')
const FLIPPED = ['mike', 'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango'].map((w, i) => `echo/w${13 + i}-${w}`)

/**
 * A pull request that makes an agent worse, end to end: the reference agent's run is the base, a deliberately
 * worse agent under the same name (right on 12 of 20 tasks) is the head, and the reference agent run again is
 * noise. `mcp-bench compare` names the eight flipped tasks; the baseline gate fails the worse run and passes
 * the rerun. All three are real child Vitest runs of test/e2e/regression on the in-process probe server.
 *
 * The numbers: 8 discordant pairs, all passed → failed, and 12 that passed in both. Exact two-sided McNemar:
 * p = 2 · 0.5^8 = 0.0078125 (R: binom.test(8, 8)). Newcombe's interval of the change (R: epiR::epi.conf(
 * c(12, 8, 0, 0), ctype = "prop.paired")): 15.75 to 61.34 points at 95%, 20.24 to 58.14 at 90%, negated.
 */
describe('a worse agent against the baseline (child Vitest runs and the compare CLI)', { timeout: 180_000 }, () => {
  it('compare names the flipped tasks; the gate fails the worse run and passes a rerun of the same agent', async () => {
    const base = await runChildVitest({ project })
    expect(base.code, base.output).toBe(0)
    expect(base.leaderboard.tasks).toHaveLength(20)
    expect(base.leaderboard.tasks.every((t) => t.agent === 'reference' && t.status === 'passed')).toBe(true)
    const baseline = join(base.out, 'leaderboard.json')

    // The head and the rerun only read the base: they run side by side.
    const [head, rerun] = await Promise.all([
      runChildVitest({ project, env: { E2E_AGENT: 'worse', E2E_BASELINE: baseline, NO_COLOR: '1' } }),
      runChildVitest({ project, env: { E2E_BASELINE: baseline, NO_COLOR: '1' } }),
    ])

    // The worse run: 12 of 20 pass, and the gate fails it, naming the metric, the interval and the worst tasks.
    expect(head.code, head.output).toBe(1)
    expect(
      head.leaderboard.tasks
        .filter((t) => t.status === 'failed')
        .map((t) => t.id)
        .sort(),
    ).toEqual(FLIPPED)
    expect(head.leaderboard.gate).toMatchObject({ applied: true, passed: false })
    expect(head.leaderboard.gate.baseline?.checks).toEqual([
      expect.objectContaining({ agent: 'reference', metric: 'passRate', verdict: 'regression', pairs: 20 }),
    ])
    expect(head.output).toContain(
      'reference: pass rate went from 100.0% to 60.0% (-40.0 points over 20 paired tasks); with 95% confidence it fell by at least 20.2 points ' +
        '(90% interval of the change: -58.1 to -20.2 points), more than the 5.0 points allowed. ' +
        `Worst tasks: ${FLIPPED.slice(0, 5)
          .map((id) => `${id} (passed → failed)`)
          .join(', ')}.`,
    )
    expect(head.output).toContain('gate failed: exit 1 (1 threshold missed, listed above)')

    // The rerun of the reference agent: nothing flipped, the gate passes.
    expect(rerun.code, rerun.output).toBe(0)
    expect(rerun.leaderboard.gate).toMatchObject({ applied: true, passed: true })
    expect(rerun.leaderboard.gate.baseline?.checks).toEqual([expect.objectContaining({ metric: 'passRate', verdict: 'within', pairs: 20 })])
    expect(rerun.output).toContain('gate passed: exit 0')

    // `mcp-bench compare base head`, as a user runs it.
    const json = join(head.out, 'comparison.json')
    const { stdout } = await promisify(execFile)(
      'node',
      ['bin/mcp-bench.mjs', 'compare', baseline, join(head.out, 'leaderboard.json'), '--json', json],
      { cwd: repo },
    )
    expect(stdout).toContain('| pass rate | 100.0% | 60.0% | -40.0 pts | -61.3 to -15.8 pts | 0.008 (8↓ 0↑) | 20 |')
    expect(stdout).toContain(`**Passed → failed (8):** ${FLIPPED.map((id) => `\`${id}\``).join(', ')}\n`)
    expect(stdout).not.toContain('→ passed')
    const comparison = ComparisonSchema.parse(JSON.parse(readFileSync(json, 'utf8')))
    expect(comparison.agents).toHaveLength(1)
    const [agent] = comparison.agents
    expect(agent!.flips.worse.map((f) => [f.id, f.base, f.head])).toEqual(FLIPPED.map((id) => [id, 'passed', 'failed']))
    expect(agent!.flips.better).toEqual([])
    expect(agent!.metrics.passRate).toMatchObject({ pairs: 20, discordant: { worse: 8, better: 0 }, difference: -0.4 })
    expect(agent!.metrics.passRate.p).toBeCloseTo(0.0078125, 12) // summed binomial terms: 0.007812500000000002
    expect(agent!.metrics.passRate.interval![0]).toBeCloseTo(-0.6134, 4)
    expect(agent!.metrics.passRate.interval![1]).toBeCloseTo(-0.1575, 4)
  })
})
