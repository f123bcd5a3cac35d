import { describe, expect, it } from 'vitest'
import { CompareInputError, parseComparableRun, readComparableRun, type ComparableRun } from '../../src/compare/compare-input.ts'
import { renderComparisonMarkdown, renderRegressionMarkdown } from '../../reporters/compare-markdown.ts'
import { ComparisonSchema, RegressionResultSchema } from '../../src/contracts/compare.ts'
import { compareRuns, regression } from '../../src/compare/compare.ts'
import { baseRun, headRun, range, rec, type Status } from '../support/comparison-runs.ts'

const OPTIONS = { resamples: 4000 }

describe('compareRuns on a worked example', () => {
  const c = compareRuns(baseRun(), headRun(), OPTIONS)
  const agent = (name: string) => c.agents.find((a) => a.agent === name)!

  it('writes JSON its own schema accepts', () => {
    expect(ComparisonSchema.parse(JSON.parse(JSON.stringify(c)))).toEqual(c)
    expect(c.agents.map((a) => a.agent)).toEqual(['steady', 'worse', 'few'])
    expect(c.settings).toEqual({ confidence: 0.95, seed: 1, resamples: 4000, minPairs: 10, listLimit: 10 })
  })

  it('names the tasks that flipped, both ways, with their statuses', () => {
    expect(agent('worse').flips.worse.map((f) => f.id)).toEqual([
      'w08',
      'w09',
      'w10',
      'w11',
      'w12',
      'w13',
      'w14',
      'w15',
      'w16',
      'w17',
      'w18',
    ])
    expect(agent('worse').flips.worse.at(-1)).toEqual({ id: 'w18', trial: 1, base: 'passed', head: 'errored' })
    expect(agent('worse').flips.better).toEqual([{ id: 'w19', trial: 1, base: 'failed', head: 'passed' }])
    expect(agent('steady').flips).toEqual({
      worse: [{ id: 's05', trial: 1, base: 'passed', head: 'failed' }],
      better: [{ id: 's20', trial: 1, base: 'failed', head: 'passed' }],
    })
  })

  it('counts pairs and the records with no counterpart', () => {
    expect(agent('worse')).toMatchObject({ pairs: 20, onlyInBase: 1, onlyInHead: 1 })
    expect(agent('steady')).toMatchObject({ pairs: 21, onlyInBase: 0, onlyInHead: 0 })
  })

  it('compares pass rates over the paired tasks with McNemar and Newcombe', () => {
    const p = agent('worse').metrics.passRate
    expect(p).toMatchObject({ pairs: 20, leftOut: 0, base: 0.9, head: 0.4, verdict: 'measured', discordant: { worse: 11, better: 1 } })
    expect(p.difference).toBeCloseTo(-0.5, 15)
    // R: binom.test(1, 12)$p.value
    expect(p.p).toBeCloseTo(0.0063476562500000043, 14)
    // epiR: epi.conf(matrix(c(7, 11, 1, 1), ncol = 4), ctype = "prop.paired", conf.level = 0.95), negated
    expect(p.interval![0]).toBeCloseTo(-0.699531790997586, 12)
    expect(p.interval![1]).toBeCloseTo(-0.19701399721231755, 12)

    // s21's setup error leaves that pair out of the pass rate (and of every score).
    const s = agent('steady').metrics.passRate
    expect(s).toMatchObject({ pairs: 20, leftOut: 1, base: 0.95, head: 0.95, difference: 0, p: 1 })
    expect(agent('steady').metrics.overall).toMatchObject({ pairs: 20, leftOut: 1 })
  })

  it('compares scores over the pairs that have them, and lists the largest drops', () => {
    const o = agent('worse').metrics.overall
    // w01–w03 were not judged in either run: left out of overall and of the judge domains, not of the rule score.
    expect(o).toMatchObject({ pairs: 17, leftOut: 3, verdict: 'measured' })
    expect(o.base).toBeCloseTo(13 / 17, 12)
    expect(o.head).toBeCloseTo(9.15 / 17, 12)
    expect(o.difference).toBeCloseTo(-3.85 / 17, 12)
    expect(o.interval![1]).toBeLessThan(0)
    expect(agent('worse').metrics.taskCompletion).toMatchObject({ pairs: 17, leftOut: 3 })
    expect(agent('worse').metrics.ruleScore).toMatchObject({ pairs: 20, leftOut: 0, difference: -1 / 20 })

    const drops = agent('worse').drops.overall
    expect(drops[0]).toEqual({ id: 'w18', trial: 1, base: 0.8, head: 0.2, difference: expect.closeTo(-0.6, 12) })
    expect(drops.slice(1).map((d) => d.id)).toEqual(['w08', 'w09', 'w10', 'w11', 'w12', 'w13', 'w14', 'w15', 'w16'])
    expect(drops).toHaveLength(10)
    expect(agent('worse').drops.ruleScore).toEqual([{ id: 'w18', trial: 1, base: 1, head: 0, difference: -1 }])
  })

  it('says "too few paired tasks to tell" for an agent with 4 pairs', () => {
    const few = agent('few')
    for (const m of Object.values(few.metrics)) expect(m).toMatchObject({ verdict: 'too-few', interval: null, p: null })
    expect(few.flips.worse).toHaveLength(4)
  })

  it('is reproducible under the seed, and the seed is what moves the bootstrap', () => {
    expect(compareRuns(baseRun(), headRun(), OPTIONS)).toEqual(c)
    const other = compareRuns(baseRun(), headRun(), { ...OPTIONS, seed: 2 })
    expect(other.agents[1]!.metrics.overall.interval).not.toEqual(agent('worse').metrics.overall.interval)
    expect(other.agents[1]!.metrics.passRate).toEqual(agent('worse').metrics.passRate)
  })

  it('renders Markdown with the rows, the flips, the drops and the too-few verdict', () => {
    const md = renderComparisonMarkdown(c)
    expect(md).toContain('## Comparison: `base.json` → `head.json`')
    expect(md).toContain('4,000 resamples, seed 1')
    expect(md).toContain('| pass rate | 90.0% | 40.0% | -50.0 pts | -70.0 to -19.7 pts | 0.006 (11↓ 1↑) | 20 |')
    expect(md).toMatch(/\| overall \| 0\.765 \| 0\.538 \| -0\.226 \| -0\.\d{3} to -0\.\d{3} \| <0\.001 \| 17 \(3 left out\) \|/)
    expect(md).toContain('**Passed → failed (11):** `w08`, `w09`, `w10`, `w11`, `w12`, `w13`, `w14`, `w15`, `w16`, `w17`, `w18` (errored)')
    expect(md).toContain('**Failed → passed (1):** `w19`')
    expect(md).toContain('| `w18` | 0.800 | 0.200 | -0.600 |')
    expect(md).toContain('| pass rate | 100.0% | 0.0% | -100.0 pts | too few paired tasks to tell (4 < 10) |  | 4 |')
    expect(md).toContain('20 paired task runs; 1 only in base, 1 only in head (not compared).')
  })

  it('keeps untrusted task ids from breaking the Markdown', () => {
    const tasks = (status: Status) =>
      range(1, 10).map((i) => rec(i === 1 ? 'a|b`c' : `t${i}`, 'x', i === 1 ? status : 'passed', { overall: 0.5 }))
    const md = renderComparisonMarkdown(
      compareRuns({ source: 'b', tasks: tasks('passed') }, { source: 'h', tasks: tasks('failed') }, OPTIONS),
    )
    expect(md).toContain('**Passed → failed (1):** ``a\\|b`c``')
  })
})

describe('the baseline gate', () => {
  const gate = regression(baseRun(), headRun(), { maxDrop: { passRate: 0.05, overall: 0.05 }, confidence: 0.95, resamples: 4000 })
  const check = (agent: string, metric: string) => gate.checks.find((c) => c.agent === agent && c.metric === metric)!

  it('fails on the worse agent, naming the metric, the interval and the worst tasks', () => {
    expect(RegressionResultSchema.parse(gate)).toEqual(gate)
    expect(gate.passed).toBe(false)
    const p = check('worse', 'passRate')
    expect(p.verdict).toBe('regression')
    // epiR at conf.level = 0.90 on c(7, 11, 1, 1): lower 0.2489… is the one-sided 95% bound on the drop.
    expect(p.dropAtLeast).toBeCloseTo(0.2489051764816097, 12)
    expect(p.interval![0]).toBeCloseTo(-0.67511455898141537, 12)
    expect(p.message).toBe(
      'worse: pass rate went from 90.0% to 40.0% (-50.0 points over 20 paired tasks); with 95% confidence it fell by at least 24.9 points ' +
        '(90% interval of the change: -67.5 to -24.9 points), more than the 5.0 points allowed. ' +
        'Worst tasks: w08 (passed → failed), w09 (passed → failed), w10 (passed → failed), w11 (passed → failed), w12 (passed → failed).',
    )
    expect(check('worse', 'overall').verdict).toBe('regression')
    expect(check('worse', 'overall').message).toMatch(
      /^worse: overall went from 0\.765 to 0\.538 \(-0\.226 over 17 paired tasks\); with 95% confidence it fell by at least 0\.\d{3} \(90% interval of the change: -0\.\d{3} to -0\.\d{3}\), more than the 0\.050 allowed\. Worst tasks: w18 \(0\.800 → 0\.200\), w08 \(0\.800 → 0\.450\)/,
    )
    expect(gate.failures).toEqual([check('worse', 'passRate').message, check('worse', 'overall').message])
  })

  it('passes the agent whose change is noise', () => {
    const p = check('steady', 'passRate')
    expect(p.verdict).toBe('within')
    // epiR at 0.90 on c(18, 1, 1, 0): the drop is at least −15.3 points, i.e. not shown at all.
    expect(p.dropAtLeast).toBeCloseTo(-0.15302497117064107, 12)
    expect(p.message).toBe(
      'steady: pass rate went from 95.0% to 95.0% (0.0 points over 20 paired tasks); a drop of more than 5.0 points is not shown at 95% confidence (90% interval of the change: -15.3 to +15.3 points).',
    )
    expect(check('steady', 'overall').verdict).toBe('within')
    expect(
      regression(baseRun(), headRun(), { maxDrop: { passRate: 0.05, overall: 0.05 }, resamples: 4000 })
        .checks.filter((c) => c.agent === 'steady')
        .every((c) => c.verdict === 'within'),
    ).toBe(true)
  })

  it('passes a rerun identical to its baseline and fails a clear drop only beyond maxDrop', () => {
    const same = regression(baseRun(), { ...baseRun(), source: 'rerun.json' }, { maxDrop: { passRate: 0, overall: 0 } })
    expect(same.passed).toBe(true)
    // A 50-point drop whose one-sided bound is 24.9 points fails at maxDrop 0.2 and passes at 0.3.
    const only = (maxDrop: number) =>
      regression(baseRun(), headRun(), { maxDrop: { passRate: maxDrop } }).checks.find((c) => c.agent === 'worse')!.verdict
    expect(only(0.2)).toBe('regression')
    expect(only(0.3)).toBe('within')
  })

  it('cannot tell with too few pairs, and fails on that only when asked to', () => {
    expect(check('few', 'passRate')).toMatchObject({
      verdict: 'too-few',
      dropAtLeast: null,
      interval: null,
      message: 'few: pass rate: too few paired tasks to tell (4 paired, 10 needed)',
    })
    const strict = regression(baseRun(), headRun(), { maxDrop: { passRate: 0.05 }, tooFew: 'fail', resamples: 4000 })
    expect(strict.failures).toContain('few: pass rate: too few paired tasks to tell (4 paired, 10 needed)')
    const onlyFew = (tooFew: 'pass' | 'fail') => {
      const keep = (r: ComparableRun) => ({ ...r, tasks: r.tasks.filter((t) => t.agent === 'few') })
      return regression(keep(baseRun()), keep(headRun()), { maxDrop: { passRate: 0.05 }, tooFew }).passed
    }
    expect(onlyFew('pass')).toBe(true)
    expect(onlyFew('fail')).toBe(false)
  })

  it('renders its verdict in Markdown', () => {
    const md = renderRegressionMarkdown(gate)
    expect(md).toContain('### Baseline gate: failed')
    expect(md).toContain(`- **regression**: ${check('worse', 'passRate').message}`)
    expect(md).toContain(`- ok: ${check('steady', 'passRate').message}`)
    expect(md).toContain('- cannot tell: few: pass rate: too few paired tasks to tell')
    expect(renderComparisonMarkdown(compareRuns(baseRun(), headRun(), OPTIONS), gate)).toContain('### Baseline gate: failed')
  })

  it('refuses unknown metrics and out-of-range settings', () => {
    expect(() => regression(baseRun(), headRun(), { maxDrop: { passrate: 0.05 } as never })).toThrow(/passrate/)
    expect(() => regression(baseRun(), headRun(), { maxDrop: { passRate: 5 } })).toThrow(/maxDrop/)
    expect(() => regression(baseRun(), headRun(), { maxDrop: {}, confidence: 0.4 })).toThrow(/confidence/)
  })
})

describe('reading leaderboards', () => {
  const good = {
    schemaVersion: 2,
    generatedAt: 'x',
    agents: [],
    tasks: [rec('a', 'x', 'passed', { overall: 0.5 }), rec('a', 'x', 'unscored', { trial: 2 })],
  }

  it('reads only the fields it needs, from any schema version', () => {
    const run = readComparableRun({ ...good, tasks: good.tasks.map((t) => ({ ...t, judge: { anything: 1 }, durationMs: 5 })) }, 'lb.json')
    expect(run.source).toBe('lb.json')
    expect(run.tasks[0]).toEqual(rec('a', 'x', 'passed', { overall: 0.5 }))
  })

  it.each([
    [
      { tasks: [{ ...rec('a', 'x', 'passed'), status: 'skipped' }] },
      /^lb\.json: tasks\[0\]\.status: Invalid option: expected one of "passed"\|"failed"\|"errored"\|"setup-error"\|"unscored"$/,
    ],
    [
      { tasks: [{ ...rec('a', 'x', 'passed'), scores: { ...rec('a', 'x', 'passed').scores, overall: 1.5 } }] },
      /^lb\.json: tasks\[0\]\.scores\.overall: Too big/,
    ],
    [{ tasks: [rec('a', 'x', 'passed'), { ...rec('b', 'x', 'passed'), trial: 0 }] }, /^lb\.json: tasks\[1\]\.trial: Too small/],
    [{ agents: [] }, /^lb\.json: tasks: Invalid input: expected array, received undefined$/],
    [[], /^lb\.json: Invalid input: expected object, received array$/],
    [
      { tasks: [rec('a', 'x', 'passed'), rec('b', 'x', 'passed'), rec('a', 'x', 'failed')] },
      /^lb\.json: tasks\[2\]: task "a" of agent "x", trial 1, occurs twice \(first at tasks\[0\]\)$/,
    ],
  ])('names the file and the field of bad input (%#)', (data, message) => {
    expect(() => readComparableRun(data, 'lb.json')).toThrow(CompareInputError)
    expect(() => readComparableRun(data, 'lb.json')).toThrow(message)
  })

  it('names the file of text that is not JSON', () => {
    expect(() => parseComparableRun('{"tasks": [', 'head.json')).toThrow(/^head\.json: not valid JSON \(/)
  })
})

describe('rows held differently', () => {
  const held = (run: ComparableRun, isolation: 'sandbox' | 'process' | 'none'): ComparableRun => ({
    ...run,
    tasks: run.tasks.map((t) => ({ ...t, isolation })),
  })

  it('says on top of the agent that runs held differently are not comparable, and the baseline gate fails a head held less', () => {
    const c = compareRuns(held(baseRun(), 'sandbox'), held(baseRun(), 'none'), OPTIONS)
    expect(c.agents[0]!.isolation).toEqual({ base: 'sandbox', head: 'none' })
    expect(renderComparisonMarkdown(c)).toContain(
      '> **Warning:** `steady` was held as sandbox in base and none in head: not comparable (agent code held less may have read the answers).',
    )
    const gate = regression(held(baseRun(), 'sandbox'), held(baseRun(), 'none'), { maxDrop: { passRate: 0.05 }, resamples: 200 })
    expect(gate.passed).toBe(false)
    expect(gate.failures).toContain(
      'steady was held as sandbox in base and none in head: not comparable (agent code held less may have read the answers)',
    )
    // A head held more than its baseline is not a regression of its holding.
    expect(regression(held(baseRun(), 'process'), held(baseRun(), 'sandbox'), { maxDrop: { passRate: 0.05 }, resamples: 200 }).passed).toBe(
      true,
    )
  })
})

describe('rows held alike', () => {
  it("a sandboxed custom agent against the package's own agent is comparable: no warning, no gate failure", () => {
    const held = (run: ComparableRun, isolation: 'sandbox' | 'builtin'): ComparableRun => ({
      ...run,
      tasks: run.tasks.map((t) => ({ ...t, isolation })),
    })
    const c = compareRuns(held(baseRun(), 'builtin'), held(baseRun(), 'sandbox'), OPTIONS)
    expect(renderComparisonMarkdown(c)).not.toContain('Warning')
    expect(regression(held(baseRun(), 'builtin'), held(baseRun(), 'sandbox'), { maxDrop: { passRate: 0.05 }, resamples: 200 }).passed).toBe(
      true,
    )
  })
})
