import { describe, expect, it } from 'vitest'
import {
  cohensKappa,
  coefficientOfVariation,
  fleissKappa,
  fullAgreement,
  majorityLabel,
  meanCoefficientOfVariation,
  percentAgreement,
} from '../../src/stats/agreement.ts'
import { calibrate, CalibrationInputError, parseHumanLabels, parseJudgements } from '../../src/cli/calibration.ts'
import { HUMAN_LABELS } from '../support/calibration-files.ts'

const rep = <T>(x: T, n: number): T[] => Array.from({ length: n }, () => x)

describe("Cohen's kappa", () => {
  it("matches Wikipedia's worked example (50 applications: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → κ = 0.4)", () => {
    const a = [...rep('yes', 20), ...rep('yes', 5), ...rep('no', 10), ...rep('no', 15)]
    const b = [...rep('yes', 20), ...rep('no', 5), ...rep('yes', 10), ...rep('no', 15)]
    expect(percentAgreement(a, b)).toBeCloseTo(0.7, 12) // pₒ
    // pₑ = 0.5·0.6 + 0.5·0.4 = 0.5
    expect(cohensKappa(a, b)).toBeCloseTo(0.4, 12)
  })

  it('reproduces MCP-AgentBench §3.3: 91.67% agreement with κ = 0.734 on 60 items', () => {
    // 46 pass/pass, 5 judge-pass/majority-fail, 0 judge-fail/majority-pass, 9 fail/fail:
    // pₒ = 55/60, pₑ = (51/60)(46/60) + (9/60)(14/60) = 0.6867, κ = 0.734
    const judge = [...rep('pass', 46), ...rep('pass', 5), ...rep('fail', 9)]
    const human = [...rep('pass', 46), ...rep('fail', 5), ...rep('fail', 9)]
    expect(percentAgreement(judge, human)).toBeCloseTo(0.9167, 4)
    expect(cohensKappa(judge, human)).toBeCloseTo(0.734, 3)
  })

  it('handles degenerate cases', () => {
    expect(cohensKappa(['a', 'a'], ['a', 'a'])).toBe(1)
    expect(cohensKappa([], [])).toBeNull()
    expect(() => cohensKappa(['a'], [])).toThrow()
  })
})

describe("Fleiss' kappa", () => {
  it("matches Wikipedia's worked example (10 subjects, 14 raters, 5 categories → κ ≈ 0.210)", () => {
    const table = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ]
    // P̄ = 688/1820 = 0.378, P̄ₑ = 0.2128, κ = 0.20993
    expect(fleissKappa(table)).toBeCloseTo(0.20993, 5)
  })

  it('matches a hand-computed three-rater pass/fail example (κ = 13/40)', () => {
    // counts [pass, fail]; P̄ = 2/3, p = (10/18, 8/18), P̄ₑ = 41/81, κ = (2/3 − 41/81)/(1 − 41/81) = 13/40
    expect(
      fleissKappa([
        [3, 0],
        [2, 1],
        [0, 3],
        [1, 2],
        [1, 2],
        [3, 0],
      ]),
    ).toBeCloseTo(13 / 40, 12)
  })

  it('rejects ragged input', () => {
    expect(() =>
      fleissKappa([
        [2, 1],
        [1, 1],
      ]),
    ).toThrow(/item 2 has 2 ratings, expected 3/)
    expect(
      fleissKappa([
        [3, 0],
        [3, 0],
      ]),
    ).toBe(1)
  })
})

describe('agreement helpers and CV', () => {
  it('majority and full agreement', () => {
    expect(majorityLabel(['p', 'f', 'p'])).toBe('p')
    expect(majorityLabel(['p', 'f'])).toBeNull()
    expect(
      fullAgreement([
        ['p', 'p', 'p'],
        ['p', 'f', 'p'],
        ['f', 'f', 'f'],
        ['f', 'p', 'p'],
      ]),
    ).toBe(0.5)
  })

  it('coefficient of variation uses the population σ (MCP-Bench §6.4)', () => {
    // μ = 7, σ = √((1 + 1 + 0)/3) = 0.816497, CV = 0.116642
    expect(coefficientOfVariation([6, 8, 7])).toBeCloseTo(0.116642, 6)
    expect(coefficientOfVariation([5, 5, 5])).toBe(0)
    expect(coefficientOfVariation([0, 0])).toBeNull()
    expect(
      meanCoefficientOfVariation([
        [6, 8, 7],
        [5, 5, 5],
        [0, 0, 0],
      ]),
    ).toBeCloseTo(0.058321, 6)
  })
})

describe('calibration report from JSONL', () => {
  const humansText = HUMAN_LABELS
  const judgeText = [
    '{"id":"i1","label":"pass"}',
    '{"id":"i2","pass":true}',
    '{"id":"i3","result":{"kind":"pass-fail","pass":false}}',
    '{"id":"i4","verdict":"PASS"}',
    '{"id":"i5","label":false}',
    '{"id":"i6","label":"fail"}',
  ].join('\n')

  it('computes agreement, kappas and three-way agreement (hand-computed)', () => {
    const report = calibrate(parseJudgements(judgeText, 'j.jsonl'), parseHumanLabels(humansText, 'h.jsonl'))
    // majority: P P F F F P; judge: P P F P F F → agree on 4 of 6; pₑ = 0.5·0.5 + 0.5·0.5 → κ = 1/3
    expect(report.judges).toEqual([{ model: 'judge', items: 6, ties: 0, percentAgreement: 4 / 6, cohensKappa: expect.closeTo(1 / 3, 12) }])
    expect(report.humans).toEqual({ items: 6, raters: 3, fleissKappa: expect.closeTo(13 / 40, 12), fullAgreement: 0.5 })
    expect(report.stability).toBeNull()
  })

  it('accepts one rater per line', () => {
    const perLine = [
      '{"id":"a","rater":"r1","label":"pass"}',
      '{"id":"b","rater":"r1","label":"fail"}',
      '{"id":"a","rater":"r2","label":"pass"}',
      '{"id":"b","rater":"r2","label":"pass"}',
    ].join('\n')
    expect(parseHumanLabels(perLine, 'h')).toEqual([
      { id: 'a', line: 1, labels: ['pass', 'pass'] },
      { id: 'b', line: 2, labels: ['fail', 'pass'] },
    ])
  })

  it('computes the mean CV across judge models from scores and rubric results', () => {
    const lines = [
      '{"id":"t1","model":"o4-mini","score":6}',
      '{"id":"t1","model":"gpt-4o","score":8}',
      '{"id":"t1","model":"gpt-4o-mini","result":{"kind":"rubric","dimensions":{"taskFulfillment":6,"informationGrounding":8}}}',
      '{"id":"t2","model":"o4-mini","score":5}',
      '{"id":"t2","model":"gpt-4o","score":5}',
      '{"id":"t3","model":"o4-mini","score":9}',
    ].join('\n')
    const report = calibrate(parseJudgements(lines, 'j'), [])
    expect(report.stability).toEqual({
      models: ['o4-mini', 'gpt-4o', 'gpt-4o-mini'],
      tasks: 2,
      skipped: 0,
      meanCV: expect.closeTo(0.116642 / 2, 6),
    })
    expect(report.judges).toEqual([])
    expect(report.humans).toBeNull()
  })

  it('names the file and line of bad input', () => {
    const err = (fn: () => unknown) => {
      try {
        fn()
      } catch (e) {
        expect(e).toBeInstanceOf(CalibrationInputError)
        return (e as Error).message
      }
      throw new Error('expected an error')
    }
    expect(err(() => parseHumanLabels('{"id":"a","labels":["pass"]}\n{"id":"b","labels":["maybe"]}', 'h.jsonl'))).toBe(
      'h.jsonl:2: unknown category "maybe" (expected one of: pass, fail)',
    )
    expect(err(() => parseHumanLabels('{"id":"a","labels":["pass"]}\n\n{oops', 'h.jsonl'))).toMatch(/^h\.jsonl:3: not valid JSON/)
    expect(err(() => parseHumanLabels('{"id":"a","labels":["pass","fail"]}\n{"id":"b","labels":["pass"]}', 'h.jsonl'))).toMatch(
      /^h\.jsonl:2: item "b" has 1 human labels, expected 2/,
    )
    expect(err(() => parseJudgements('{"label":"pass"}', 'j.jsonl'))).toBe('j.jsonl:1: missing "id"')
    expect(err(() => parseJudgements('{"id":"a"}', 'j.jsonl'))).toMatch(/^j\.jsonl:1: no judgement/)
    expect(err(() => parseJudgements('{"id":"a","label":"pass"}\n{"id":"a","label":"fail"}', 'j.jsonl'))).toMatch(
      /^j\.jsonl:2: item "a" is judged twice/,
    )
    const humans = parseHumanLabels('{"id":"a","labels":["pass"]}\n{"id":"b","labels":["fail"]}', 'h.jsonl')
    expect(
      err(() =>
        calibrate(parseJudgements('{"id":"a","label":"pass"}', 'j.jsonl'), humans, { judgementsFile: 'j.jsonl', labelsFile: 'h.jsonl' }),
      ),
    ).toBe('h.jsonl:2: item "b" has no judgement in j.jsonl')
    expect(
      err(() =>
        calibrate(parseJudgements('{"id":"a","label":"pass"}\n{"id":"b","label":"pass"}\n{"id":"zz","label":"pass"}', 'j.jsonl'), humans, {
          judgementsFile: 'j.jsonl',
          labelsFile: 'h.jsonl',
        }),
      ),
    ).toBe('j.jsonl:3: item "zz" has no human labels in h.jsonl')
  })
})
