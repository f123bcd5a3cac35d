import { describe, expect, it } from 'vitest'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { notJudged, type JudgeResult } from '../../src/contracts/judge-result.ts'
import '../../src/runtime/matchers/setup.ts'
import '../../src/runtime/matchers/types.ts'
import { TaskSpecSchema } from '../../src/contracts/task-spec.ts'
import type { TaskRun } from '../../src/runtime/task/task-run.ts'
import { trajectory } from '../support/trajectories.ts'

const common = { model: 'judge', cached: false, cacheHits: 0, usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, durationMs: 1 }
const samples = { requested: 5, valid: 5, failed: 0, failures: [] }

const rubric: JudgeResult = {
  kind: 'rubric', rubric: 'mcp-bench', scale: { min: 1, max: 10 },
  dimensions: { taskFulfillment: 8, informationGrounding: 4, toolAppropriateness: 7, parameterAccuracy: 9, dependencyAwareness: 6, parallelismEfficiency: 6 },
  categories: { taskCompletion: 0.6, toolUsage: 0.8, planningEffectiveness: 0.6 },
  samples: { ...samples, scores: [] }, reasoning: { informationGrounding: 'the answer invents a figure' }, ...common,
} as JudgeResult

const verdict = (pass: boolean): JudgeResult => ({
  kind: 'pass-fail', pass, reason: pass ? 'uses the fetched data' : 'only generic knowledge', votes: { pass: pass ? 1 : 0, fail: pass ? 0 : 1 }, samples, ...common,
}) as JudgeResult

function runWith(judge: JudgeResult, reference: JudgeResult = judge): TaskRun {
  const t = trajectory([], { answer: 'It is 21 °C.' })
  return {
    kind: 'mcp-bench-run', taskId: 'weather/t', agent: 'a', spec: TaskSpecSchema.parse({ servers: ['w'], prompt: 'p' }),
    trajectory: t, catalog: [], metrics: ruleMetrics(t), distractors: [], workspaces: {},
    inspect: async () => ({ text: '', isError: false }),
    judge: async () => judge, referenceJudge: async () => reference,
  }
}

describe('judge matchers', () => {
  it('toPassJudge compares the mean of the judge categories with min and shows the reasoning', async () => {
    await expect(runWith(rubric)).toPassJudge({ min: 0.66 })
    await expect(expect(runWith(rubric)).toPassJudge({ min: 0.7 })).rejects.toThrow(/at least 0\.7, got 0\.667[\s\S]*informationGrounding: the answer invents a figure/)
  })

  it('toScoreAtLeast checks chosen sub-dimensions (0-1) and categories, with aliases', async () => {
    await expect(runWith(rubric)).toScoreAtLeast({ taskFulfillment: 0.8, toolUsage: 0.8 })
    await expect(expect(runWith(rubric)).toScoreAtLeast({ taskFulfillment: 0.6, grounding: 0.5 })).rejects.toThrow(/informationGrounding: 0\.40 < 0\.5/)
    await expect(expect(runWith(rubric)).toScoreAtLeast({ vibes: 0.1 })).rejects.toThrow(/unknown dimension "vibes"/)
  })

  it('toPassReferenceJudge uses the pass/fail verdict', async () => {
    await expect(runWith(rubric, verdict(true))).toPassReferenceJudge()
    await expect(expect(runWith(rubric, verdict(false))).toPassReferenceJudge()).rejects.toThrow(/it said fail[\s\S]*only generic knowledge[\s\S]*Answer: It is 21 °C\./)
  })

  it('passes as "not judged" without a judge, unless a judge is required', async () => {
    await expect(runWith(notJudged())).toPassJudge({ min: 0.9 })
    await expect(runWith(notJudged())).toPassReferenceJudge()
    await expect(expect(runWith(notJudged())).toPassJudge({ required: true })).rejects.toThrow(/was not judged: no judge configured/)
  })

  it('fails on a judge error, with the reason', async () => {
    const error = { kind: 'error', reason: 'all 5 samples failed: 429', ...common } as unknown as JudgeResult
    await expect(expect(runWith(error)).toPassJudge()).rejects.toThrow(/the judge failed on task "weather\/t": all 5 samples failed: 429/)
  })
})
