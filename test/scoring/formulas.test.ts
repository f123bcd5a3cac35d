import { describe, expect, it } from 'vitest'
import {
  categoryScore,
  judgeCategories,
  overallScore,
  callRates as ruleMetrics,
  ruleScore,
  schemaUnderstanding,
} from '../../src/scoring/formulas.ts'
import { mean, strictMean, weightedMean } from '../../src/stats/means.ts'
import { wilsonInterval } from '../../src/stats/wilson.ts'

describe('means', () => {
  it('skips nulls, and is null when nothing is left', () => {
    expect(mean([1, null, 3, undefined])).toBe(2)
    expect(mean([null, null])).toBeNull()
    expect(mean([])).toBeNull()
    expect(strictMean([1, 3])).toBe(2)
    expect(strictMean([1, null])).toBeNull()
    expect(
      weightedMean([
        { value: 0.9, weight: 3 },
        { value: 0.5, weight: 1 },
        { value: null, weight: 5 },
      ]),
    ).toBeCloseTo(0.8, 12)
    expect(weightedMean([{ value: null, weight: 1 }])).toBeNull()
  })
})

describe('MCP-Bench rule metrics', () => {
  it('computes the three rates from calls (hand-computed)', () => {
    const m = ruleMetrics([
      { valid: true, schemaValid: true, isError: false },
      { valid: true, schemaValid: false, isError: true },
      { valid: false, schemaValid: null, isError: true },
      { valid: true, schemaValid: true, isError: false },
    ])
    // valid 3/4; schema-compliant among valid 2/3; successes 2/4
    expect(m.validToolNameRate).toBe(0.75)
    expect(m.schemaCompliance).toBeCloseTo(2 / 3, 12)
    expect(m.executionSuccess).toBe(0.5)
    expect(schemaUnderstanding(m)).toBeCloseTo((0.75 + 2 / 3 + 0.5) / 3, 12)
    expect(ruleScore(m)).toBe(schemaUnderstanding(m))
  })

  it('is null, not 0, where a rate has no denominator', () => {
    expect(ruleMetrics([])).toEqual({ validToolNameRate: null, schemaCompliance: null, executionSuccess: null })
    expect(ruleMetrics([{ valid: false, schemaValid: null, isError: true }])).toEqual({
      validToolNameRate: 0,
      schemaCompliance: null,
      executionSuccess: 0,
    })
    expect(schemaUnderstanding({ validToolNameRate: 0, schemaCompliance: null, executionSuccess: 0.5 })).toBe(0.25)
    expect(schemaUnderstanding({ validToolNameRate: null, schemaCompliance: null, executionSuccess: null })).toBeNull()
  })
})

describe('categories and overall', () => {
  it('category = mean of its two sub-dimensions / 10', () => {
    expect(categoryScore([7, 8])).toBe(0.75)
    expect(categoryScore([7, null])).toBeNull()
    expect(
      judgeCategories({
        taskFulfillment: 7,
        informationGrounding: 8,
        toolAppropriateness: 8,
        parameterAccuracy: 8,
        dependencyAwareness: 6,
        parallelismEfficiency: 5,
      }),
    ).toEqual({
      taskCompletion: 0.75,
      toolUsage: 0.8,
      planningEffectiveness: 0.55,
    })
  })

  it('overall = mean of the four domains, null when one is missing', () => {
    expect(overallScore({ schemaUnderstanding: 0.9, taskCompletion: 0.75, toolUsage: 0.8, planningEffectiveness: 0.55 })).toBe(0.75)
    expect(overallScore({ schemaUnderstanding: 0.9, taskCompletion: null, toolUsage: 0.8, planningEffectiveness: 0.55 })).toBeNull()
  })

  // Rows of MCP-Bench's tables: recomputing the Overall column from the printed (rounded) columns
  // lands within rounding of the printed Overall score.
  it.each([
    ['gpt-5, Table 3', [1.0, 0.993, 0.991], [0.677, 0.828, 0.767, 0.749, 0.649, 0.339], 0.749],
    ['llama-3-1-8b-instruct, Table 3', [0.961, 0.894, 0.909], [0.261, 0.295, 0.352, 0.31, 0.221, 0.141], 0.428],
    ['glm-4.5, Table 4 (single server)', [0.998, 0.998, 0.98], [0.531, 0.691, 0.721, 0.701, 0.543, 0.311], 0.685],
    ['o3, Table 5 (multi server)', [0.995, 0.999, 0.97], [0.651, 0.698, 0.691, 0.696, 0.596, 0.372], 0.71],
  ])('reproduces %s', (_name, rules, dims, printed) => {
    const [v, s, e] = rules as [number, number, number]
    const d = (dims as number[]).map((x) => x * 10) // the tables print sub-dimensions already divided by 10
    const cats = judgeCategories({
      taskFulfillment: d[0]!,
      informationGrounding: d[1]!,
      toolAppropriateness: d[2]!,
      parameterAccuracy: d[3]!,
      dependencyAwareness: d[4]!,
      parallelismEfficiency: d[5]!,
    })
    const overall = overallScore({
      schemaUnderstanding: schemaUnderstanding({ validToolNameRate: v, schemaCompliance: s, executionSuccess: e }),
      ...cats,
    })!
    expect(Math.abs(overall - (printed as number))).toBeLessThan(0.0015)
  })
})

describe('wilsonInterval', () => {
  // Hand-computed with the closed form (z = 1.95996): centre (p + z²/2n)/(1 + z²/n), half-width z·√(p(1−p)/n + z²/4n²)/(1 + z²/n).
  it('matches hand-computed intervals', () => {
    const [lo, hi] = wilsonInterval(14, 20)!
    expect(lo).toBeCloseTo(0.48103, 5)
    expect(hi).toBeCloseTo(0.85452, 5)
    const [lo2, hi2] = wilsonInterval(81, 263)!
    expect(lo2).toBeCloseTo(0.25529, 5)
    expect(hi2).toBeCloseTo(0.36621, 5)
  })

  it('stays inside [0, 1] at the extremes and is null with no tasks', () => {
    expect(wilsonInterval(0, 10)![0]).toBe(0)
    expect(wilsonInterval(0, 10)![1]).toBeCloseTo(0.27753, 5)
    expect(wilsonInterval(10, 10)![1]).toBeLessThanOrEqual(1)
    expect(wilsonInterval(10, 10)![0]).toBeCloseTo(0.72247, 5)
    expect(wilsonInterval(0, 0)).toBeNull()
  })

  it('puts the endpoints at 0 and 1 exactly when nothing or everything passed (no 5.6e-17, no 0.9999999999999999)', () => {
    for (let n = 1; n <= 300; n++) {
      expect(wilsonInterval(0, n)![0], `0 of ${n}`).toBe(0)
      expect(wilsonInterval(n, n)![1], `${n} of ${n}`).toBe(1)
    }
  })
})
