import { averageFields } from './judge-sample-averaging.ts'
import { categoryScore } from './formulas.ts'
import type { JudgeResult, RubricJudgeResult, ScoredJudgeResult, ScoredRubricJudgeResult } from '../contracts/judge-result.ts'

/**
 * The judge's numbers, derived once from the raw samples the worker records:
 * each dimension's mean over the samples by the judge's `sampleAveraging`
 * rule (judge-sample-averaging.ts), and each category's score, the mean of
 * its dimensions over the scale maximum (categoryScore, formulas.ts). The
 * leaderboard, the task's pass rule and the judge matchers all read these.
 */

/** Each dimension's mean over the valid samples, on the rubric's scale; null (0 under `mcp-bench-evaluator`) where no sample scored it. */
export function judgeDimensions(result: RubricJudgeResult): Record<string, number | null> {
  const ids = Object.values(result.categoryDimensions).flat()
  // Whole samples carry every dimension, so averaging them field by field is the same mean.
  const mode = result.sampleAveraging === 'whole-sample' ? 'per-field' : result.sampleAveraging
  return averageFields(ids, result.samples.scores, mode)
}

/** A rubric result with its dimension means and category scores; any other result as it is. */
export function scoreJudge(result: RubricJudgeResult): ScoredRubricJudgeResult
export function scoreJudge(result: JudgeResult): ScoredJudgeResult
export function scoreJudge(result: JudgeResult | null): ScoredJudgeResult | null
export function scoreJudge(result: JudgeResult | null): ScoredJudgeResult | null {
  if (result?.kind !== 'rubric') return result
  const dimensions = judgeDimensions(result)
  const categories = Object.fromEntries(
    Object.entries(result.categoryDimensions).map(([category, ids]) => [
      category,
      categoryScore(
        ids.map((id) => dimensions[id] ?? null),
        result.scale.max,
      ),
    ]),
  )
  const { kind, rubric, scale, ...rest } = result
  // In the order leaderboard.json has always shown a rubric result.
  return { kind, rubric, scale, dimensions, categories, ...rest }
}

/**
 * Task fulfillment on 0–1 (the dimension mean over the scale maximum): the number a task passes the
 * judge on (`judge.passThreshold`), shown per task on the leaderboard as `scores.dimensions.taskFulfillment`.
 * Null without an MCP-Bench-style rubric judgement that scored it.
 */
export function taskFulfillment(result: JudgeResult | null): number | null {
  if (result?.kind !== 'rubric') return null
  const mean = judgeDimensions(result).taskFulfillment
  return mean === undefined || mean === null ? null : mean / result.scale.max
}
