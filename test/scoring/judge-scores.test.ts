import { describe, expect, it } from 'vitest'
import { JudgeResultSchema, type RubricJudgeResult } from '../../src/contracts/judge-result.ts'
import { TaskOutcomeSchema } from '../../src/contracts/outcome.ts'
import { judgeDimensions, scoreJudge, taskFulfillment } from '../../src/scoring/judge-scores.ts'
import { MCP_BENCH_TABLE, rubric } from '../support/judge-results.ts'
import { outcome, record } from '../support/trajectories.ts'

const common = {
  model: 'judge',
  cached: false,
  cacheHits: 0,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
  durationMs: 0,
}
const raw = (scores: Array<Record<string, number>>, sampleAveraging: RubricJudgeResult['sampleAveraging']): RubricJudgeResult => ({
  kind: 'rubric',
  rubric: 'mcp-bench',
  scale: { min: 1, max: 10 },
  categoryDimensions: MCP_BENCH_TABLE,
  sampleAveraging,
  samples: { requested: scores.length, valid: scores.length, failed: 0, failures: [], scores },
  reasoning: {},
  ...common,
})

describe('judge scores, derived from the raw samples', () => {
  it('the outcome record holds no derived judge number: dimensions and categories are not part of it', () => {
    const parsed = TaskOutcomeSchema.parse(outcome({ judge: rubric([8, 6, 7, 9, 5, 3]), judgeConfigured: true }))
    expect(parsed.judge).not.toHaveProperty('dimensions')
    expect(parsed.judge).not.toHaveProperty('categories')
    // A worker that still sent means would have them dropped on arrival, not trusted.
    const withMeans = JudgeResultSchema.parse({ ...rubric([8, 6, 7, 9, 5, 3]), dimensions: { taskFulfillment: 1 } })
    expect(withMeans).not.toHaveProperty('dimensions')
  })

  it("averages each dimension over the samples that scored it, and each category is its dimensions' mean over the scale", () => {
    const r = raw(
      [
        {
          taskFulfillment: 8,
          informationGrounding: 6,
          toolAppropriateness: 7,
          parameterAccuracy: 9,
          dependencyAwareness: 5,
          parallelismEfficiency: 3,
        },
        { taskFulfillment: 6, informationGrounding: 6, toolAppropriateness: 9, parameterAccuracy: 9, dependencyAwareness: 5 },
      ],
      'per-field',
    )
    const scored = scoreJudge(r)
    expect(scored.dimensions).toEqual({
      taskFulfillment: 7,
      informationGrounding: 6,
      toolAppropriateness: 8,
      parameterAccuracy: 9,
      dependencyAwareness: 5,
      parallelismEfficiency: 3,
    })
    expect(scored.categories.taskCompletion).toBeCloseTo(0.65, 12)
    expect(scored.categories.toolUsage).toBeCloseTo(0.85, 12)
    expect(scored.categories.planningEffectiveness).toBeCloseTo(0.4, 12)
    expect(taskFulfillment(r)).toBeCloseTo(0.7, 12)
  })

  it('follows the sampleAveraging rule: a dimension no sample scored is null, or 0 under mcp-bench-evaluator', () => {
    const scores = [{ taskFulfillment: 8, informationGrounding: 6, toolAppropriateness: 7, parameterAccuracy: 9, dependencyAwareness: 5 }]
    expect(judgeDimensions(raw(scores, 'per-field')).parallelismEfficiency).toBeNull()
    expect(scoreJudge(raw(scores, 'per-field')).categories.planningEffectiveness).toBeNull()
    expect(judgeDimensions(raw(scores, 'mcp-bench-evaluator')).parallelismEfficiency).toBe(0)
    expect(scoreJudge(raw(scores, 'mcp-bench-evaluator')).categories.planningEffectiveness).toBeCloseTo(0.25, 12)
  })

  it('the leaderboard record shows the derived numbers, the same ones its scores are built from', () => {
    const r = record({ judge: rubric([8, 6, 7, 9, 5, 3]), judgeConfigured: true })
    expect(r.judge).toMatchObject({ kind: 'rubric', dimensions: { taskFulfillment: 8, parallelismEfficiency: 3 } })
    expect(r.scores.dimensions.taskFulfillment).toBeCloseTo(0.8, 12)
    const judge = r.judge!
    expect(r.scores.domains.taskCompletion).toBeCloseTo(judge.kind === 'rubric' ? judge.categories.taskCompletion! : NaN, 12)
  })
})
