import { scoreJudge } from './judge-scores.ts'
import { describeFact, factsStated } from './facts.ts'
import { SETUP_PHASES, type TaskOutcome } from '../contracts/outcome.ts'
import { reportedRounds } from './fidelity-formulas.ts'
import { DEFAULT_PRICES, type Prices } from '../contracts/prices.ts'
import type { TaskRecord } from '../contracts/leaderboard.ts'
import type { TaskStatus } from '../contracts/task-status.ts'
import { agentCost, agentTokens, judgeCachedTokens, judgeCost, judgeTokens, taskTiming } from './task-costs.ts'
import { taskTools } from './tool-diagnostics.ts'
import { callShape, NO_METRICS, ruleMetrics, scoreTask, settingOf, stoppedMetrics } from './task-scores.ts'

/** What Vitest says about a task's test, in the terms the record needs. */
export interface TestResult {
  state: 'passed' | 'failed' | 'skipped'
  /** Every error of the test, cleaned (no terminal escapes) and redacted. */
  errors: string[]
  durationMs: number
}

/**
 * A task's leaderboard record: the outcome its worker sent, the verdict
 * Vitest reached, and every per-task number derived from them. `prices`
 * prices its tokens (the bundled table merged with the `prices` option).
 */
export function taskRecord(outcome: TaskOutcome, result: TestResult, prices: Prices = DEFAULT_PRICES): TaskRecord {
  const status = statusOf(outcome, result)
  const stoppedEarly = status === 'errored'
  const trajectory = outcome.trajectory
  const metrics = trajectory
    ? ruleMetrics(trajectory, outcome.reference, { stoppedEarly, callMatch: outcome.callMatch, fidelity: outcome.fidelity?.mode })
    : stoppedEarly
      ? stoppedMetrics(outcome.reference)
      : NO_METRICS
  const answer = trajectory?.answer ?? null
  const facts = trajectory ? (outcome.reference?.facts ?? []) : []
  const stated = factsStated(answer, facts)
  const judges = [outcome.judge, outcome.referenceJudge]
  // A task that could not start never ran its agent: it spent nothing, rather than an unknown amount.
  // One whose record the harness mangled did run it, and what it spent is kept where the trajectory was.
  const agentUsd = status === 'setup-error' && !trajectory ? { usd: 0, unknown: [] } : agentCost(trajectory, prices)
  const judgeUsd = judgeCost(judges, prices)
  return {
    id: outcome.taskId,
    agent: outcome.agent,
    ...(outcome.variant === undefined ? {} : { variant: outcome.variant }),
    trial: outcome.trial,
    file: outcome.file,
    servers: outcome.servers,
    setting: settingOf(outcome.servers),
    category: outcome.category,
    shape: shapeOf(outcome),
    tier: outcome.tier,
    tags: outcome.tags,
    status,
    error: status === 'passed' ? null : (outcome.stopped?.message ?? outcome.unscored ?? (result.errors.join('\n\n') || null)),
    errorPhase: outcome.stopped?.phase ?? null,
    isolation: outcome.agentIsolation ?? null,
    failures: result.errors,
    metrics,
    goals: goalsOf(outcome, stated.goals),
    missingFacts: stated.missing.map(describeFact),
    scores: scoreTask(metrics, outcome.judge, { zeroJudge: stoppedEarly && outcome.judgeConfigured }),
    judge: scoreJudge(outcome.judge),
    referenceJudge: scoreJudge(outcome.referenceJudge),
    fidelity: outcome.fidelity?.mode ?? null,
    ...(outcome.plannerPrompt ? { plannerPrompt: outcome.plannerPrompt } : {}),
    judgeConfigured: outcome.judgeConfigured,
    distractors: outcome.distractors,
    rounds: trajectory ? reportedRounds(trajectory, outcome.fidelity?.mode, outcome.fidelity?.maxRounds ?? trajectory.rounds) : 0,
    tokens: agentTokens(trajectory),
    judgeTokens: judgeTokens(judges),
    judgeCachedTokens: judgeCachedTokens(judges),
    cost: { agentUsd: agentUsd.usd, judgeUsd: judgeUsd.usd, unknown: [...agentUsd.unknown, ...judgeUsd.unknown] },
    durationMs: trajectory?.durationMs ?? result.durationMs,
    timing: taskTiming(trajectory, judges),
    tools: taskTools(outcome),
  }
}

/** Goals met; none when the facts check found the answer too long or too full of numbers to check at all. */
function goalsOf(outcome: TaskOutcome, goals: { met: number; total: number } | null) {
  const unreadable = outcome.verdicts.some(
    (v) => v.check === 'facts' && !v.pass && (v.rule === 'answer-too-long' || v.rule === 'number-spray'),
  )
  return goals && unreadable ? { met: 0, total: goals.total } : goals
}

/**
 * A test Vitest chose, when it collected the file, not to run: left out by a `-t` filter, `.only` elsewhere,
 * `.skip` or `.todo`. It is no part of the run: it has no record, and it is not unfinished. Its mode is fixed at
 * collection, which tells it from a test an interrupt cancelled: the interrupt marks every test without a result
 * skipped, with the same note, those a filter left out too.
 */
export function isLeftOut(mode: string): boolean {
  return mode === 'skip' || mode === 'todo'
}

/**
 * A test that was to run, skipped without an `unscored` reason, was cancelled: it has no status, it is unfinished.
 * The outcome may be the one that arrived, not yet checked (the main process reads it so): only its `unscored`
 * is looked at.
 */
export function isUnfinished(outcome: unknown, state: string): boolean {
  const unscored = typeof outcome === 'object' && outcome !== null && Boolean((outcome as { unscored?: unknown }).unscored)
  return state === 'pending' || (state === 'skipped' && !unscored)
}

/** A task's status on the board, from its outcome and what Vitest said of its test. */
export function statusOf(outcome: TaskOutcome, result: TestResult): TaskStatus {
  if (outcome.stopped && SETUP_PHASES.includes(outcome.stopped.phase)) return 'setup-error'
  if (outcome.stopped) return 'errored'
  if (result.state === 'skipped') return 'unscored'
  if (result.state === 'passed') return 'passed'
  // The checks failed, unless the agent never finished: then the test ran out of time around it.
  return outcome.trajectory ? 'failed' : 'errored'
}

function shapeOf(outcome: TaskOutcome): TaskRecord['shape'] {
  try {
    return callShape(outcome.reference)
  } catch {
    return null // a cyclic plan is a spec error, already recorded as such
  }
}
