import { describe, expect, it } from 'vitest'
import {
  binomialCdf,
  bootstrapMeans,
  bootstrapP,
  exactMcNemar,
  newcombeInterval,
  newcombeUpperBound,
  normalQuantile,
  percentileInterval,
  percentileUpperBound,
} from '../../src/stats/paired.ts'
import { quantileSorted } from '../../src/stats/quantile.ts'
import { DEFAULT_COMPARISON_SETTINGS, MIN_PAIRS_TO_TELL, comparePassRates, compareScores } from '../../src/compare/metric.ts'
import { pairRecords } from '../../src/compare/pairing.ts'

// Every reference number below was printed by test/scoring/reference/paired-reference.R
// (Rscript, R 4.2.2 with Debian's r-cran-epir 2.0.57 and r-cran-boot 1.3-28.1) or
// test/scoring/reference/paired-reference.py (/usr/bin/python3, statsmodels 0.13.5,
// scipy 1.10.1); the exact expression is quoted next to each.

describe('pairing', () => {
  const rec = (id: string, agent: string, trial: number, tag: string) => ({ id, agent, trial, tag })

  it('pairs by id, agent and trial, and keeps the records that have no counterpart', () => {
    const base = [rec('a', 'x', 1, 'b1'), rec('a', 'x', 2, 'b2'), rec('a', 'y', 1, 'b3'), rec('gone', 'x', 1, 'b4')]
    const head = [rec('a', 'y', 1, 'h1'), rec('a', 'x', 1, 'h2'), rec('new', 'x', 1, 'h3'), rec('a', 'x', 3, 'h4')]
    const { pairs, onlyInBase, onlyInHead } = pairRecords(base, head)
    expect(pairs.map((p) => [p.id, p.agent, p.trial, p.base.tag, p.head.tag])).toEqual([
      ['a', 'y', 1, 'b3', 'h1'],
      ['a', 'x', 1, 'b1', 'h2'],
    ])
    expect(onlyInBase.map((r) => r.tag)).toEqual(['b2', 'b4'])
    expect(onlyInHead.map((r) => r.tag)).toEqual(['h3', 'h4'])
  })

  it('does not confuse ids that only look alike once joined', () => {
    const { pairs } = pairRecords([rec('a|b', 'c', 1, 'b')], [rec('a', 'b|c', 1, 'h')])
    expect(pairs).toEqual([])
  })
})

describe('binomial tail', () => {
  it.each([
    // R: pbinom(3, 20, 0.3), pbinom(200, 460, 0.5), pbinom(700, 1500, 0.5)
    [3, 20, 0.3, 0.10708680450373097],
    [200, 460, 0.5, 0.0029419612365519914],
    [700, 1500, 0.5, 0.0052796277333557835],
  ])('P(X ≤ %i) for Bin(%i, %f) matches R', (k, n, p, expected) => {
    expect(binomialCdf(k, n, p)).toBeCloseTo(expected, 14)
    expect(Math.abs(binomialCdf(k, n, p) / expected - 1)).toBeLessThan(1e-10)
  })

  it('has the right edges', () => {
    expect(binomialCdf(-1, 5, 0.5)).toBe(0)
    expect(binomialCdf(5, 5, 0.5)).toBe(1)
    expect(binomialCdf(0, 0, 0.5)).toBe(1)
    expect(binomialCdf(0, 3, 0.5)).toBeCloseTo(0.125, 15)
    expect(() => binomialCdf(1, 2.5, 0.5)).toThrow(/n must be a non-negative integer/)
  })
})

describe('exact McNemar test', () => {
  it.each([
    // worse, better: R binom.test(worse, worse + better, 0.5)$p.value, and
    // binom.test(worse, worse + better, 0.5, alternative = "greater")$p.value
    [3, 12, 0.035156250000000014, 0.996307373046875],
    [12, 3, 0.035156250000000014, 0.017578125000000007],
    [5, 5, 1, 0.62304687499999989],
    [0, 7, 0.015625000000000007, 1],
    [1, 9, 0.021484375000000014, 0.9990234375],
    [40, 60, 0.056887933640980867, 0.98239989989114762],
    [200, 260, 0.0058839224731039828, 0.99779897493412939],
  ])('worse %i, better %i: two-sided and one-sided p match R', (worse, better, p, pWorse) => {
    const r = exactMcNemar(worse, better)
    expect(r.p).toBeCloseTo(p, 13)
    expect(r.pWorse).toBeCloseTo(pWorse, 13)
  })

  it.each([
    // statsmodels: mcnemar([[20, 3], [12, 5]], exact=True).pvalue, … (the concordant cells do not matter)
    [3, 12, 0.03515625],
    [40, 60, 0.05688793364098088],
    [0, 7, 0.015625],
    [200, 260, 0.0058839224731039984],
  ])('worse %i, better %i: matches statsmodels', (worse, better, p) => {
    expect(exactMcNemar(worse, better).p).toBeCloseTo(p, 13)
  })

  it('gives p = 1 with no discordant pairs and refuses nonsense counts', () => {
    expect(exactMcNemar(0, 0)).toEqual({ worse: 0, better: 0, p: 1, pWorse: 1 })
    expect(() => exactMcNemar(-1, 2)).toThrow(/worse must be a non-negative integer/)
  })
})

describe("Newcombe's interval for paired pass rates", () => {
  it('normal quantiles match R qnorm', () => {
    // R: qnorm(c(0.975, 0.95, 0.999, 1e-10))
    expect(normalQuantile(0.975)).toBeCloseTo(1.95996398454005361, 14)
    expect(normalQuantile(0.95)).toBeCloseTo(1.64485362695147153, 14)
    expect(normalQuantile(0.999)).toBeCloseTo(3.09023230616781319, 13)
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.3613409024040557, 12)
  })

  // epiR: epi.conf(matrix(c(r, s, t, u), ncol = 4), ctype = "prop.paired", conf.level = c) with
  // r both passed, s worse, t better, u both failed. epiR reports base − head; the project reports
  // head − base, so the expected interval is epiR's negated and reversed.
  it.each([
    [[36, 12, 2, 0], 0.95, 0.056929584003238887, 0.34042760297494062],
    [[36, 12, 2, 0], 0.9, 0.08166543565795048, 0.31712268238022423],
    [[1, 1, 7, 12], 0.95, -0.5069202266861409, -0.025559124164859837],
    [[1, 1, 7, 12], 0.9, -0.47479832210209227, -0.068870034765353083],
    [[2, 3, 0, 5], 0.95, -0.052953001265218458, 0.5665478379157729],
    [[2, 3, 0, 5], 0.9, -0.00086651551547484162, 0.53526327178469246],
    [[0, 0, 0, 20], 0.95, -0.16112515805281932, 0.16112515805281932],
    [[0, 0, 0, 20], 0.9, -0.11915783736096439, 0.11915783736096439],
    [[30, 8, 3, 9], 0.95, -0.033443158628328196, 0.22979014504533987],
    [[30, 8, 3, 9], 0.9, -0.012096964892427717, 0.20952656339869422],
    [[50, 2, 2, 46], 0.95, -0.043033295720925506, 0.043033295720925506],
    [[50, 2, 2, 46], 0.9, -0.036307662296820087, 0.036307662296820087],
  ] as const)('table %j at %f matches epiR', ([bothPassed, worse, better, bothFailed], confidence, epiLower, epiUpper) => {
    const [lo, hi] = newcombeInterval({ bothPassed, worse, better, bothFailed }, confidence)
    expect(lo).toBeCloseTo(-epiUpper, 12)
    expect(hi).toBeCloseTo(-epiLower, 12)
  })

  it('gives the one-sided bound as the upper end of the 2c − 1 interval', () => {
    // epiR at conf.level = 0.90 for c(30, 8, 3, 9): the 95% one-sided upper bound of head − base is −lower.
    expect(newcombeUpperBound({ bothPassed: 30, worse: 8, better: 3, bothFailed: 9 }, 0.95)).toBeCloseTo(0.012096964892427717, 12)
  })
})

// The two data sets fed to R's boot() in paired-reference.R.
const BASE = [
  0.657, 0.593, 0.66, 0.493, 0.766, 0.771, 0.694, 0.472, 0.634, 0.547, 0.512, 0.829, 0.848, 0.42, 0.787, 0.671, 0.572, 0.528, 0.704, 0.606,
  0.709, 0.698, 0.46, 0.746, 0.842, 0.836, 0.676, 0.42, 0.402, 0.46,
]
const HEAD = [
  0.659, 0.551, 0.573, 0.527, 0.716, 0.787, 0.651, 0.448, 0.538, 0.478, 0.498, 0.823, 0.809, 0.396, 0.683, 0.643, 0.515, 0.457, 0.688,
  0.558, 0.644, 0.652, 0.414, 0.704, 0.815, 0.788, 0.682, 0.453, 0.412, 0.416,
]
const DROP = HEAD.map((h, i) => h - BASE[i]!)
const NOISE = [
  -0.019, 0.012, -0.006, 0.041, 0.007, 0.014, -0.017, 0.005, -0.033, -0.045, 0.006, -0.034, -0.018, 0.026, 0.047, 0.001, -0.013, 0.023,
  0.029, 0.016,
]

describe('paired bootstrap', () => {
  // Random streams differ between R and us, so the comparison is at many resamples with a tolerance.
  // The Monte Carlo standard error of a bootstrap 2.5% quantile is about √(0.025·0.975/B)/φ(1.96) ≈ 2.67/√B
  // bootstrap standard errors; R's bootstrap SE here is 0.00625 (sd(b$t) in the script), so at our
  // B = 200 000 it is 3.7e-5, at R's 1e6 1.7e-5, and the difference of the two has SE 4.1e-5. A
  // tolerance of 2e-4 is about 5 of those (3% of the bootstrap SE): a real disagreement of method
  // (another quantile rule, resampling the two runs apart instead of in pairs, which widens this
  // interval about threefold) is far larger. Over 20 seeds our endpoints stayed within 1.0e-4 of R's.
  const B = 200_000
  const TOLERANCE = 2e-4

  it('matches R boot.ci percentile intervals for a clear drop', () => {
    // R: boot(d, function(x, i) mean(x[i]), R = 1e6) with set.seed(1), then boot.ci(b, conf = c, type = "perc")
    const means = bootstrapMeans(DROP, { seed: 1, resamples: B })
    const [lo95, hi95] = percentileInterval(means, 0.95)
    const [lo90, hi90] = percentileInterval(means, 0.9)
    expect(Math.abs(lo95 - -0.046667)).toBeLessThan(TOLERANCE)
    expect(Math.abs(hi95 - -0.0222)).toBeLessThan(TOLERANCE)
    expect(Math.abs(lo90 - -0.044733)).toBeLessThan(TOLERANCE)
    expect(Math.abs(hi90 - -0.024167)).toBeLessThan(TOLERANCE)
    // R: quantile(b$t, 0.95) = -0.024167: the one-sided 95% bound is the 90% interval's upper end.
    expect(Math.abs(percentileUpperBound(means, 0.95) - -0.024167)).toBeLessThan(TOLERANCE)
    expect(percentileUpperBound(means, 0.95)).toBe(hi90)
  })

  it('matches R for a change within noise, p-value included', () => {
    // R, same script: perc95 = [-0.008650, 0.012800], quantile(t, 0.95) = 0.011100, and
    // p = min(1, 2 * (min(sum(t <= 0), sum(t >= 0)) + 1) / (length(t) + 1)) = 0.6987.
    // The p-value is a share of resamples: its Monte Carlo SE is 2·√(0.35·0.65/B) = 0.0021 here
    // and 0.0010 in R, so 0.01 is about 4 standard errors of the difference.
    const means = bootstrapMeans(NOISE, { seed: 1, resamples: B })
    const [lo, hi] = percentileInterval(means, 0.95)
    expect(Math.abs(lo - -0.00865)).toBeLessThan(TOLERANCE)
    expect(Math.abs(hi - 0.0128)).toBeLessThan(TOLERANCE)
    expect(Math.abs(percentileUpperBound(means, 0.95) - 0.0111)).toBeLessThan(TOLERANCE)
    expect(Math.abs(bootstrapP(means) - 0.6987)).toBeLessThan(0.01)
  })

  it('is deterministic under the seed and changes with it', () => {
    const a = bootstrapMeans(DROP, { seed: 7, resamples: 2000 })
    const b = bootstrapMeans(DROP, { seed: 7, resamples: 2000 })
    const c = bootstrapMeans(DROP, { seed: 8, resamples: 2000 })
    expect(Array.from(b)).toEqual(Array.from(a))
    expect(Array.from(c)).not.toEqual(Array.from(a))
    expect(bootstrapMeans(DROP, { seed: 'main-vs-pr', resamples: 50 })).toEqual(bootstrapMeans(DROP, { seed: 'main-vs-pr', resamples: 50 }))
  })

  it('resamples pairs: every bootstrap mean is a mean of n of the differences', () => {
    const d = [0, 1]
    const means = bootstrapMeans(d, { seed: 3, resamples: 4000 })
    for (const m of means) expect([0, 0.5, 1]).toContain(m)
    // Bin(2, ½): a quarter at each end, half in the middle.
    const middle = means.filter((m) => m === 0.5).length / means.length
    expect(middle).toBeGreaterThan(0.46)
    expect(middle).toBeLessThan(0.54)
  })

  it('interpolates quantiles the way R type 7 does', () => {
    // R: quantile(c(1, 2, 4, 8), c(0.1, 0.5, 0.95), type = 7) = 1.3, 3, 7.4
    const xs = [1, 2, 4, 8]
    expect(quantileSorted(xs, 0.1)).toBeCloseTo(1.3, 12)
    expect(quantileSorted(xs, 0.5)).toBeCloseTo(3, 12)
    expect(quantileSorted(xs, 0.95)).toBeCloseTo(7.4, 12)
  })

  it('never claims p = 0 from finitely many resamples', () => {
    expect(bootstrapP(new Float64Array([-3, -2, -1]))).toBe(0.5)
    expect(bootstrapP(new Float64Array([0, 0, 0]))).toBe(1)
  })
})

describe('comparing one metric', () => {
  const settings = { ...DEFAULT_COMPARISON_SETTINGS, resamples: 2000 }

  it('compares pass rates: McNemar p, Newcombe interval, one-sided bound, left-out pairs', () => {
    // 30 both passed, 8 worse, 3 better, 9 both failed, plus 2 pairs without a verdict.
    const pairs = [
      ...Array.from({ length: 30 }, () => ({ base: true, head: true })),
      ...Array.from({ length: 8 }, () => ({ base: true, head: false })),
      ...Array.from({ length: 3 }, () => ({ base: false, head: true })),
      ...Array.from({ length: 9 }, () => ({ base: false, head: false })),
      { base: null, head: true },
      { base: false, head: null },
    ]
    const r = comparePassRates(pairs, settings)
    expect(r).toMatchObject({
      pairs: 50,
      leftOut: 2,
      base: 38 / 50,
      head: 33 / 50,
      verdict: 'measured',
      discordant: { worse: 8, better: 3 },
    })
    expect(r.difference).toBeCloseTo(-0.1, 15)
    // R: binom.test(8, 11)$p.value = 0.22656249999999992
    expect(r.p).toBeCloseTo(0.2265625, 13)
    // epiR, table c(30, 8, 3, 9) at 0.95 and 0.90 (negated, reversed)
    expect(r.interval![0]).toBeCloseTo(-0.22979014504533987, 12)
    expect(r.interval![1]).toBeCloseTo(0.033443158628328196, 12)
    expect(r.upperBound).toBeCloseTo(0.012096964892427717, 12)
  })

  it('compares scores by the paired bootstrap, leaving out pairs with a null', () => {
    const pairs = [...BASE.map((b, i) => ({ base: b, head: HEAD[i]! })), { base: null, head: 0.5 }, { base: 0.5, head: null }]
    const r = compareScores(pairs, { ...settings, seed: 1 })
    expect(r).toMatchObject({ pairs: 30, leftOut: 2, verdict: 'measured', discordant: null })
    // R: mean(head - base) = -0.034499999999999989
    expect(r.difference).toBeCloseTo(-0.0345, 12)
    expect(r.base! - r.head!).toBeCloseTo(0.0345, 12)
    expect(r.interval![0]).toBeLessThan(r.difference!)
    expect(r.interval![1]).toBeGreaterThan(r.difference!)
    expect(r.interval![1]).toBeLessThan(0)
    expect(r.upperBound!).toBeLessThan(r.interval![1])
    expect(r.p!).toBeLessThan(0.01)
  })

  it(`says "too few paired tasks to tell" below ${MIN_PAIRS_TO_TELL} pairs, with no interval or p`, () => {
    const nine = Array.from({ length: 9 }, () => ({ base: true, head: false }))
    const r = comparePassRates(nine, settings)
    expect(r).toMatchObject({ pairs: 9, verdict: 'too-few', interval: null, upperBound: null, p: null, base: 1, head: 0, difference: -1 })
    expect(comparePassRates([...nine, { base: true, head: false }], settings).verdict).toBe('measured')

    const scores = compareScores(
      Array.from({ length: 12 }, (_, i) => ({ base: 0.5, head: i < 9 ? 0.4 : null })),
      settings,
    )
    expect(scores).toMatchObject({ pairs: 9, leftOut: 3, verdict: 'too-few', interval: null, p: null })
    expect(compareScores([], settings)).toMatchObject({ pairs: 0, base: null, head: null, difference: null, verdict: 'too-few' })
  })

  it('takes the threshold from the settings', () => {
    const five = Array.from({ length: 5 }, () => ({ base: 0.5, head: 0.4 }))
    expect(compareScores(five, { ...settings, minPairs: 5 }).verdict).toBe('measured')
    expect(compareScores(five, { ...settings, minPairs: 6 }).verdict).toBe('too-few')
  })
})
