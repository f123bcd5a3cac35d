import type * as z from 'zod'
import { matchCalls } from './call-match.ts'
import { dependencyOrder, referenceLayers } from './dependencies.ts'
import { MCP_BENCH_DIMENSIONS } from '../contracts/rubric.ts'
import { mcpBenchDimensions, type JudgeResult } from '../contracts/judge-result.ts'
import type { CallMatchInput, ReferencePlan } from '../contracts/task-spec.ts'
import type { Trajectory } from '../contracts/trajectory.ts'
import type { Fidelity } from '../contracts/fidelity.ts'
import { fidelityCallRates } from './fidelity-formulas.ts'
import { scoreJudge } from './judge-scores.ts'
import { judgeCategories, overallScore, ruleScore, schemaUnderstanding } from './formulas.ts'
import type { AgentBenchCategory, DomainsSchema, SubDimensionsSchema, TaskMetricsSchema } from '../contracts/leaderboard.ts'

/**
 * Every number derived for one task. The worker calls these for its
 * matchers and the main process for the reports, so both see the same
 * figures from the same code.
 */

export type TaskMetrics = z.infer<typeof TaskMetricsSchema>
export type SubDimensions = z.infer<typeof SubDimensionsSchema>
export type Domains = z.infer<typeof DomainsSchema>

/**
 * MCP-Bench's rule metrics for one task, plus dependency order. A rate
 * with nothing to measure is null (a completed task with no calls has no
 * valid-name rate), except for a task that stopped early: it scores 0
 * where it made no call, so crashing never raises a score.
 */
export function ruleMetrics(
  trajectory: Trajectory,
  reference?: ReferencePlan | null,
  {
    stoppedEarly = false,
    callMatch,
    fidelity,
  }: { stoppedEarly?: boolean; callMatch?: CallMatchInput | null; fidelity?: Fidelity | null } = {},
): TaskMetrics {
  const calls = trajectory.calls
  const zeroIfStopped = (v: number | null) => (v === null && stoppedEarly ? 0 : v)
  const rates = fidelityCallRates(calls, fidelity)
  const match = matchCalls(calls, reference?.calls, callMatch ?? {})
  return {
    // An invalid name is recorded as an error result, so it counts as an execution failure.
    validToolNameRate: zeroIfStopped(rates.validToolNameRate),
    schemaCompliance: zeroIfStopped(rates.schemaCompliance),
    executionSuccess: zeroIfStopped(rates.executionSuccess),
    dependencyOrder: reference?.calls.length ? dependencyOrder(trajectory, reference).rate : null,
    callPrecision: reference?.calls.length ? zeroIfStopped(match.precision) : null,
    callRecall: match.recall,
    callF1: match.f1,
    toolCalls: calls.length,
    distractorCalls: calls.filter((c) => c.distractor).length,
  }
}

/** The metrics of a task that stopped before its agent made any call: 0 for everything it would have been measured on. */
export function stoppedMetrics(reference: ReferencePlan | null): TaskMetrics {
  const planned = Boolean(reference?.calls.length)
  return {
    validToolNameRate: 0,
    schemaCompliance: 0,
    executionSuccess: 0,
    dependencyOrder: null,
    callPrecision: planned ? 0 : null,
    callRecall: planned ? 0 : null,
    callF1: planned ? 0 : null,
    toolCalls: 0,
    distractorCalls: 0,
  }
}

/** The metrics of a task that never ran its agent: nothing measured. */
export const NO_METRICS: TaskMetrics = {
  validToolNameRate: null,
  schemaCompliance: null,
  executionSuccess: null,
  dependencyOrder: null,
  callPrecision: null,
  callRecall: null,
  callF1: null,
  toolCalls: 0,
  distractorCalls: 0,
}

/** The MCP-AgentBench call shape of a reference plan: one call, one parallel layer, or several layers. Throws on a cyclic plan. */
export function callShape(reference: ReferencePlan | null | undefined): 'single' | 'parallel' | 'sequential' | null {
  const calls = reference?.calls.length ?? 0
  if (calls === 0) return null
  if (calls === 1) return 'single'
  return referenceLayers(reference!).length === 1 ? 'parallel' : 'sequential'
}

/** MCP-Bench's setting label: `single-server`, or `multi-server-N` for N distinct servers. */
export function settingOf(servers: readonly string[]): string {
  const n = new Set(servers).size
  return n <= 1 ? 'single-server' : `multi-server-${n}`
}

export function isMultiServer(servers: readonly string[]): boolean {
  // Two distinct servers: some server differs from the first (as new Set(servers).size > 1, without the set).
  for (let i = 1; i < servers.length; i++) if (servers[i] !== servers[0]) return true
  return false
}

/** MCP-AgentBench's category: single- or multi-server × the plan's call shape; null without a plan. */
export function categoryOf(servers: readonly string[], shape: 'single' | 'parallel' | 'sequential' | null): AgentBenchCategory | null {
  return shape ? `${isMultiServer(servers) ? 'multi' : 'single'}-server/${shape}` : null
}

const ZERO_DIMENSIONS = Object.fromEntries(MCP_BENCH_DIMENSIONS.map((d) => [d, 0])) as SubDimensions

/** The six MCP-Bench sub-dimensions of a judgement, normalised to 0–1; nulls without one. */
function normalisedDimensions(judge: JudgeResult | null): SubDimensions {
  const d = mcpBenchDimensions(scoreJudge(judge))
  const scaleMax = judge?.kind === 'rubric' ? judge.scale.max : 10
  return Object.fromEntries(MCP_BENCH_DIMENSIONS.map((k) => [k, d[k] === null ? null : d[k] / scaleMax])) as SubDimensions
}

/**
 * A task's domains, overall and rule score. A task that stopped early
 * while a judge was configured scores 0 on the judge's dimensions: it
 * earned nothing there, and leaving it null would drop it from the means.
 */
export function scoreTask(
  metrics: TaskMetrics,
  judge: JudgeResult | null,
  { zeroJudge = false } = {},
): {
  dimensions: SubDimensions
  domains: Domains
  overall: number | null
  ruleScore: number | null
} {
  const dimensions = zeroJudge ? { ...ZERO_DIMENSIONS } : normalisedDimensions(judge)
  // In DomainsSchema's key order, as leaderboard.json has always shown them (the board keeps records as built).
  const domains: Domains = { ...judgeCategories(dimensions, 1), schemaUnderstanding: schemaUnderstanding(metrics) }
  return { dimensions, domains, overall: overallScore(domains), ruleScore: ruleScore(metrics) }
}
