import { describe, expect, it } from 'vitest'
import { notJudged, type JudgeResult, type RubricJudgeResult } from '../../src/judge/schema.ts'
import { aggregate, categoryOf, scoreTask, settingOf, TaskRecordSchema, type TaskRecord } from '../../src/scoring/aggregate.ts'

function rubric([tf, ig, ta, pa, da, pe]: number[]): RubricJudgeResult {
  return {
    kind: 'rubric',
    rubric: 'mcp-bench',
    model: 'judge',
    scale: { min: 1, max: 10 },
    dimensions: { taskFulfillment: tf!, informationGrounding: ig!, toolAppropriateness: ta!, parameterAccuracy: pa!, dependencyAwareness: da!, parallelismEfficiency: pe! },
    categories: {},
    samples: { requested: 1, valid: 1, failed: 0, failures: [], scores: [] },
    reasoning: {},
    cached: false,
    cacheHits: 0,
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    durationMs: 0,
  }
}

function passFail(pass: boolean): JudgeResult {
  return {
    kind: 'pass-fail',
    pass,
    reason: '',
    votes: { pass: pass ? 1 : 0, fail: pass ? 0 : 1 },
    samples: { requested: 1, valid: 1, failed: 0, failures: [] },
    model: 'judge',
    cached: false,
    cacheHits: 0,
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    durationMs: 0,
  }
}

const m = (validToolNameRate: number | null, schemaCompliance: number | null, executionSuccess: number | null) => ({ validToolNameRate, schemaCompliance, executionSuccess })

const RECORDS: TaskRecord[] = [
  { agent: 'A', servers: ['math'], shape: 'single', status: 'passed', metrics: m(1, 1, 1), judge: rubric([8, 9, 7, 10, 6, 5]) },
  { agent: 'A', servers: ['math'], shape: 'sequential', status: 'failed', metrics: m(0.5, 1, 0.5), judge: rubric([6, 7, 9, 8, 4, 3]) },
  { agent: 'A', servers: ['math', 'weather'], shape: 'parallel', status: 'errored', metrics: m(null, null, null), judge: notJudged() },
  { agent: 'A', servers: ['math', 'weather'], shape: 'parallel', status: 'passed', metrics: m(1, 0.5, 0.75), judge: rubric([4, 4, 4, 4, 4, 4]) },
  { agent: 'A', servers: ['math'], shape: 'single', status: 'passed', metrics: m(1, 1, 1), judge: null },
  { agent: 'B', servers: ['a', 'b', 'c'], shape: 'sequential', status: 'failed', metrics: m(1, 1, 1), judge: passFail(true) },
  { agent: 'B', servers: ['a'], shape: null, status: 'passed', metrics: m(1, 1, 1), judge: passFail(false) },
]

describe('per-agent aggregation (hand-computed)', () => {
  const [a, b] = aggregate(RECORDS)

  it('validates the record shape', () => {
    for (const r of RECORDS) expect(TaskRecordSchema.parse(r)).toEqual(r)
    expect(settingOf({ servers: ['x', 'x'] })).toBe('single')
    expect(categoryOf({ servers: ['x', 'y'], shape: 'parallel' })).toBe('multi-server/parallel')
    expect(categoryOf({ servers: ['x'], shape: null })).toBeNull()
  })

  it('single-server columns (Table 4)', () => {
    const s = a!.single
    expect(s.tasks).toBe(3)
    expect(s.judged).toBe(2)
    expect(s.metrics.validToolNameRate).toBeCloseTo(2.5 / 3, 12)
    expect(s.metrics.schemaCompliance).toBe(1)
    expect(s.metrics.executionSuccess).toBeCloseTo(2.5 / 3, 12)
    expect(s.domains.schemaUnderstanding).toBeCloseTo(0.888889, 6)
    // sub-dimensions over the two judged tasks, /10
    expect(s.dimensions.taskFulfillment).toBeCloseTo(0.7, 12)
    expect(s.dimensions.informationGrounding).toBeCloseTo(0.8, 12)
    expect(s.dimensions.toolAppropriateness).toBeCloseTo(0.8, 12)
    expect(s.dimensions.parameterAccuracy).toBeCloseTo(0.9, 12)
    expect(s.dimensions.dependencyAwareness).toBeCloseTo(0.5, 12)
    expect(s.dimensions.parallelismEfficiency).toBeCloseTo(0.4, 12)
    expect(s.domains.taskCompletion).toBeCloseTo(0.75, 12)
    expect(s.domains.toolUsage).toBeCloseTo(0.85, 12)
    expect(s.domains.planningEffectiveness).toBeCloseTo(0.45, 12)
    expect(s.overall).toBeCloseTo(0.734722, 6) // (0.888889 + 0.75 + 0.85 + 0.45) / 4
    expect(s.ruleScore).toBeCloseTo(0.888889, 6)
  })

  it('multi-server columns (Table 5): nulls are skipped, a not-judged task adds nothing', () => {
    const s = a!.multi
    expect(s.tasks).toBe(2)
    expect(s.judged).toBe(1)
    expect(s.metrics).toEqual({ validToolNameRate: 1, schemaCompliance: 0.5, executionSuccess: 0.75 })
    expect(s.domains.schemaUnderstanding).toBeCloseTo(0.75, 12)
    expect(s.domains.taskCompletion).toBeCloseTo(0.4, 12)
    expect(s.overall).toBeCloseTo(0.4875, 12) // (0.75 + 0.4 * 3) / 4
  })

  it('overall columns (Table 3) weight each setting by its task count (3 and 2)', () => {
    const o = a!.overall
    expect(o.tasks).toBe(5)
    expect(o.metrics.validToolNameRate).toBeCloseTo(0.9, 12) // (3·0.8333 + 2·1) / 5
    expect(o.metrics.schemaCompliance).toBeCloseTo(0.8, 12) // (3·1 + 2·0.5) / 5
    expect(o.metrics.executionSuccess).toBeCloseTo(0.8, 12) // (3·0.8333 + 2·0.75) / 5
    expect(o.dimensions.taskFulfillment).toBeCloseTo(0.58, 12) // (3·0.7 + 2·0.4) / 5
    expect(o.dimensions.parameterAccuracy).toBeCloseTo(0.7, 12)
    expect(o.domains.schemaUnderstanding).toBeCloseTo(0.833333, 6)
    expect(o.domains.taskCompletion).toBeCloseTo(0.61, 12)
    expect(o.domains.toolUsage).toBeCloseTo(0.67, 12)
    expect(o.domains.planningEffectiveness).toBeCloseTo(0.43, 12)
    expect(o.overall).toBeCloseTo(0.635833, 6)
    expect(o.ruleScore).toBeCloseTo(0.833333, 6)
  })

  it('pass rates in the six MCP-AgentBench categories', () => {
    expect(a!.tasks).toBe(5)
    expect(a!.passRate).toBeCloseTo(0.6, 12)
    expect(a!.categories['single-server/single']).toMatchObject({ tasks: 2, passed: 2, passRate: 1 })
    expect(a!.categories['single-server/sequential']).toMatchObject({ tasks: 1, failed: 1, passRate: 0 })
    expect(a!.categories['multi-server/parallel']).toMatchObject({ tasks: 2, passed: 1, errored: 1, passRate: 0.5 })
    expect(a!.categories['multi-server/single']).toMatchObject({ tasks: 0, passRate: null, judgePassRate: null })
    expect(a!.judge).toEqual({ rubric: 3, passFail: 0, notJudged: 1, errors: 0, none: 1 })
    expect(b!.categories['multi-server/sequential']).toMatchObject({ tasks: 1, passed: 0, passRate: 0, judged: 1, judgePassRate: 1 })
    expect(b!.uncategorized).toBe(1)
    expect(b!.passRate).toBe(0.5)
  })

  it('leaves the overall null, not 0, when there is no judgement', () => {
    expect(b!.single.overall).toBeNull()
    expect(b!.single.ruleScore).toBe(1)
    expect(b!.overall.domains.taskCompletion).toBeNull()
    expect(JSON.parse(JSON.stringify(b))).toEqual(b)
  })

  it('scores a single task', () => {
    const s = scoreTask(RECORDS[0]!)
    expect(s.domains.schemaUnderstanding).toBe(1)
    expect(s.domains.taskCompletion).toBeCloseTo(0.85, 12) // (0.8 + 0.9) / 2
    expect(s.domains.toolUsage).toBeCloseTo(0.85, 12) // (0.7 + 1.0) / 2
    expect(s.domains.planningEffectiveness).toBeCloseTo(0.55, 12) // (0.6 + 0.5) / 2
    expect(s.overall).toBeCloseTo(0.8125, 12)
    expect(scoreTask(RECORDS[2]!).overall).toBeNull()
  })
})
