import { describe, expect, it } from 'vitest'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { notJudged, type JudgeResult } from '../../src/contracts/judge-result.ts'
import '../../src/runtime/matchers/setup.ts'
import '../../src/runtime/matchers/types.ts'
import { TaskSpecSchema } from '../../src/contracts/task-spec.ts'
import type { TaskRun } from '../../src/runtime/task/task-run.ts'
import { outcome, trajectory } from '../support/trajectories.ts'
import { MCP_BENCH_TABLE } from '../support/judge-results.ts'
import { taskRecord } from '../../src/scoring/task-record.ts'

const taskRecordOf = (judge: JudgeResult) =>
  taskRecord(outcome({ judge, judgeConfigured: true }), { state: 'passed', errors: [], durationMs: 1 })

const common = {
  model: 'judge',
  cached: false,
  cacheHits: 0,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
  durationMs: 1,
}
const samples = { requested: 5, valid: 5, failed: 0, failures: [] }

const rubric: JudgeResult = {
  kind: 'rubric',
  rubric: 'mcp-bench',
  scale: { min: 1, max: 10 },
  categoryDimensions: MCP_BENCH_TABLE,
  sampleAveraging: 'whole-sample',
  // Two samples whose means are 8, 4, 7, 9, 6, 6: categories 0.6, 0.8, 0.6.
  samples: {
    ...samples,
    valid: 2,
    scores: [
      {
        taskFulfillment: 7,
        informationGrounding: 4,
        toolAppropriateness: 7,
        parameterAccuracy: 9,
        dependencyAwareness: 6,
        parallelismEfficiency: 5,
      },
      {
        taskFulfillment: 9,
        informationGrounding: 4,
        toolAppropriateness: 7,
        parameterAccuracy: 9,
        dependencyAwareness: 6,
        parallelismEfficiency: 7,
      },
    ],
  },
  reasoning: { informationGrounding: 'the answer invents a figure' },
  ...common,
}

const verdict = (pass: boolean): JudgeResult =>
  ({
    kind: 'pass-fail',
    pass,
    reason: pass ? 'uses the fetched data' : 'only generic knowledge',
    votes: { pass: pass ? 1 : 0, fail: pass ? 0 : 1 },
    samples,
    ...common,
  }) as JudgeResult

function runWith(judge: JudgeResult, reference: JudgeResult = judge): TaskRun {
  const t = trajectory([], { answer: 'It is 21 °C.' })
  return {
    kind: 'mcp-bench-run',
    taskId: 'weather/t',
    agent: 'a',
    spec: TaskSpecSchema.parse({ servers: ['w'], prompt: 'p' }),
    trajectory: t,
    catalog: [],
    metrics: ruleMetrics(t),
    distractors: [],
    workspaces: {},
    inspect: async () => ({ text: '', isError: false }),
    judge: async () => judge,
    referenceJudge: async () => reference,
  }
}

describe('judge matchers', () => {
  it("toPassJudge gates on task fulfillment as the leaderboard shows it (scoring's number), and shows the reasoning", async () => {
    // The mean of the categories (0.667) is no figure any report prints; task fulfillment (8 of 10) is.
    expect(taskRecordOf(rubric).scores.dimensions.taskFulfillment).toBeCloseTo(0.8, 12)
    await expect(runWith(rubric)).toPassJudge({ min: 0.8 })
    await expect(expect(runWith(rubric)).toPassJudge({ min: 0.81 })).rejects.toThrow(
      /task fulfillment of at least 0\.81, got 0\.800[\s\S]*informationGrounding: the answer invents a figure/,
    )
  })

  it('toPassJudge refuses a custom rubric without task fulfillment, pointing at toScoreAtLeast', async () => {
    const custom: JudgeResult = {
      ...rubric,
      rubric: 'brevity',
      categoryDimensions: { style: ['brevity'] },
      samples: { ...samples, scores: [{ brevity: 9 }] },
    }
    await expect(expect(runWith(custom)).toPassJudge()).rejects.toThrow(/"brevity" rubric does not score; use toScoreAtLeast/)
  })

  it('toScoreAtLeast checks chosen sub-dimensions (0-1) and categories, with aliases', async () => {
    await expect(runWith(rubric)).toScoreAtLeast({ taskFulfillment: 0.8, toolUsage: 0.8 })
    await expect(expect(runWith(rubric)).toScoreAtLeast({ taskFulfillment: 0.6, grounding: 0.5 })).rejects.toThrow(
      /informationGrounding: 0\.40 < 0\.5/,
    )
    await expect(expect(runWith(rubric)).toScoreAtLeast({ vibes: 0.1 })).rejects.toThrow(/unknown dimension "vibes"/)
  })

  it('toPassReferenceJudge uses the pass/fail verdict', async () => {
    await expect(runWith(rubric, verdict(true))).toPassReferenceJudge()
    await expect(expect(runWith(rubric, verdict(false))).toPassReferenceJudge()).rejects.toThrow(
      /it said fail[\s\S]*only generic knowledge[\s\S]*Answer: It is 21 °C\./,
    )
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
