import type { MatcherState } from 'vitest'
import { scoreJudge, taskFulfillment } from '../../scoring/judge-scores.ts'
import type { JudgeResult } from '../../contracts/judge-result.ts'
import { isTaskRun, type TaskRun } from '../task/task-run.ts'
import type { MatcherImplementations } from './types.ts'

type Result = { pass: boolean; message: () => string }

/** Short names people use for sub-dimensions and categories. */
const ALIASES: Record<string, string> = {
  fulfillment: 'taskFulfillment',
  grounding: 'informationGrounding',
  appropriateness: 'toolAppropriateness',
  parameters: 'parameterAccuracy',
  dependencies: 'dependencyAwareness',
  efficiency: 'parallelismEfficiency',
  parallelism: 'parallelismEfficiency',
}

function asRun(received: unknown, matcher: string): TaskRun {
  if (!isTaskRun(received)) throw new TypeError(`${matcher} expects the \`run\` given to a task's checks`)
  return received
}

/**
 * What toPassJudge gates on, 0–1: task fulfillment (the number a task passes the judge on, and the
 * leaderboard shows per task as `scores.dimensions.taskFulfillment`), from scoring; a pass-fail verdict is
 * 1 or 0. A rubric with no task fulfillment dimension has no such number: that is a TypeError, pointing
 * at toScoreAtLeast, rather than a gate on a figure no report shows.
 */
function judgeScore(result: JudgeResult): number | null {
  if (result.kind === 'rubric') {
    if (!Object.values(result.categoryDimensions).some((ids) => ids.includes('taskFulfillment'))) {
      throw new TypeError(
        `toPassJudge gates on task fulfillment, which the "${result.rubric}" rubric does not score; use toScoreAtLeast with its own dimensions`,
      )
    }
    return taskFulfillment(result)
  }
  if (result.kind === 'pass-fail') return result.pass ? 1 : 0
  return null
}

function reasoning(result: JudgeResult): string {
  if (result.kind === 'rubric')
    return Object.entries(result.reasoning)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n')
  if (result.kind === 'pass-fail') return `  ${result.reason}`
  return `  ${'reason' in result ? result.reason : ''}`
}

/**
 * Without a judge model the judge matchers pass and say "not judged" in the
 * test's annotations: the agent is not failed for a judge nobody configured.
 * `{ required: true }` makes a missing judge a failure. A judge error always fails.
 */
async function unjudged(run: TaskRun, result: JudgeResult, required: boolean | undefined): Promise<Result | undefined> {
  if (result.kind === 'error') return { pass: false, message: () => `the judge failed on task "${run.taskId}": ${result.reason}` }
  if (result.kind !== 'not-judged') return undefined
  return { pass: !required, message: () => `task "${run.taskId}" was not judged: ${result.reason}` }
}

export const judgeMatchers: MatcherImplementations<'toPassJudge' | 'toScoreAtLeast' | 'toPassReferenceJudge'> = {
  /** Task fulfillment (0–1, as the leaderboard shows it) is at least `min`; a pass-fail judge must pass. */
  async toPassJudge(this: MatcherState, received: unknown, options: { min?: number; required?: boolean } = {}): Promise<Result> {
    const run = asRun(received, 'toPassJudge')
    const result = await run.judge()
    const skip = await unjudged(run, result, options.required)
    if (skip) return skip
    const min = options.min ?? 0.6
    const score = judgeScore(result)
    return {
      pass: score !== null && score >= min,
      message: () =>
        `expected task fulfillment ${this.isNot ? 'below' : 'of at least'} ${min}, got ${score?.toFixed(3) ?? 'n/a'} (${result.kind}).\nJudge reasoning:\n${reasoning(result)}`,
    }
  },

  /** Chosen sub-dimensions (normalised to 0–1) or categories reach their minimums. */
  async toScoreAtLeast(
    this: MatcherState,
    received: unknown,
    minimums: Record<string, number>,
    options: { required?: boolean } = {},
  ): Promise<Result> {
    const run = asRun(received, 'toScoreAtLeast')
    const judged = await run.judge()
    const skip = await unjudged(run, judged, options.required)
    if (skip) return skip
    if (judged.kind !== 'rubric') throw new TypeError(`toScoreAtLeast needs a rubric judge, but the judge gave a ${judged.kind} result`)
    const result = scoreJudge(judged)
    const low: string[] = []
    for (const [raw, min] of Object.entries(minimums)) {
      const key = ALIASES[raw] ?? raw
      const score =
        key in result.dimensions
          ? (result.dimensions[key] ?? null) === null
            ? null
            : result.dimensions[key]! / result.scale.max
          : key in result.categories
            ? (result.categories[key] ?? null)
            : undefined
      if (score === undefined)
        throw new TypeError(
          `toScoreAtLeast: unknown dimension "${raw}" (known: ${[...Object.keys(result.dimensions), ...Object.keys(result.categories)].join(', ')})`,
        )
      if (score === null || score < min) low.push(`${key}: ${score === null ? 'n/a' : score.toFixed(2)} < ${min}`)
    }
    return {
      pass: low.length === 0,
      message: () =>
        this.isNot
          ? `expected some score below its minimum, but all reached ${JSON.stringify(minimums)}`
          : `expected judge scores to reach ${JSON.stringify(minimums)}:\n  ${low.join('\n  ')}\nJudge reasoning:\n${reasoning(result)}`,
    }
  },

  /** MCP-AgentBench's verdict: the final answer meets the task's core need, judged against the reference answer. */
  async toPassReferenceJudge(this: MatcherState, received: unknown, options: { required?: boolean } = {}): Promise<Result> {
    const run = asRun(received, 'toPassReferenceJudge')
    const result = await run.referenceJudge()
    const skip = await unjudged(run, result, options.required)
    if (skip) return skip
    if (result.kind !== 'pass-fail') throw new TypeError(`toPassReferenceJudge needs a pass-fail verdict, got ${result.kind}`)
    return {
      pass: result.pass,
      message: () =>
        `expected the reference judge to ${this.isNot ? 'fail' : 'pass'} the answer; it said ${result.pass ? 'pass' : 'fail'} (${result.votes.pass}-${result.votes.fail}).\nReason:\n${reasoning(result)}\nAnswer: ${(run.trajectory.answer ?? '(none)').slice(0, 500)}`,
    }
  },
}
