import { referenceLayers } from '../../src/scoring/dependencies.ts'
import type { TaskSpec } from '../../src/contracts/task-spec.ts'

/**
 * The shape of a task's reference plan, and of a tier: what the difficulty
 * lint holds hard tasks to and what the suite table in docs/guide/bundled-suite.md prints.
 */

export interface PlanStats {
  calls: number
  /** Dependency layers: rounds a perfect agent needs. */
  layers: number
  /** The most calls in one layer (parallel fan-out). */
  widest: number
  /** Goals the facts check separately (facts without a goal count as one). */
  goals: number
  servers: number
  distractors: boolean
}

export function planStats(spec: TaskSpec): PlanStats {
  const layers = spec.reference ? referenceLayers(spec.reference) : []
  const facts = spec.reference?.facts ?? []
  const goals = new Set(facts.map((f) => (typeof f === 'object' && f.goal ? f.goal : '')))
  return {
    calls: spec.reference?.calls.length ?? 0,
    layers: layers.length,
    widest: Math.max(0, ...layers.map((l) => l.length)),
    goals: facts.length ? goals.size : 0,
    servers: spec.servers.length,
    distractors: Array.isArray(spec.distractors) ? spec.distractors.length > 0 : (spec.distractors ?? 0) > 0,
  }
}

/** What a hard task needs at least (issue "A hard tier"). */
export const HARD_TASK_MINIMUMS = { calls: 8, layers: 3, widest: 2, goals: 2 } as const
/** What the hard tier needs as a whole. */
export const HARD_TIER_MINIMUMS = { tasks: 40, medianCalls: 12, medianLayers: 4, distractorShare: 1 / 3, multiServerShare: 0.5 } as const

/** Why a hard task falls short of the minimums; empty when it meets them all. */
export function hardTaskShortfalls(spec: TaskSpec): string[] {
  const s = planStats(spec)
  const problems: string[] = []
  if (s.calls < HARD_TASK_MINIMUMS.calls) problems.push(`${s.calls} reference calls (at least ${HARD_TASK_MINIMUMS.calls})`)
  if (s.layers < HARD_TASK_MINIMUMS.layers) problems.push(`${s.layers} dependency layers (at least ${HARD_TASK_MINIMUMS.layers})`)
  if (s.widest < HARD_TASK_MINIMUMS.widest) problems.push('no layer with parallel calls')
  if (s.goals < HARD_TASK_MINIMUMS.goals) problems.push(`${s.goals} goal(s) checked by facts (at least ${HARD_TASK_MINIMUMS.goals})`)
  const facts = spec.reference?.facts ?? []
  if (facts.some((f) => typeof f !== 'object' || !f.goal)) problems.push('a fact without a goal')
  if (!spec.fuzzy) problems.push('no fuzzy text')
  return problems
}

export function median(values: readonly number[]): number {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0
}

export interface TierSummary {
  tasks: number
  meanCalls: number
  medianCalls: number
  minCalls: number
  maxCalls: number
  meanLayers: number
  medianLayers: number
  minLayers: number
  maxLayers: number
  meanServers: number
  /** Share of tasks on 2 or 3 servers (MCP-Bench's multi-server settings). */
  multiServerShare: number
  distractorShare: number
}

export function tierSummary(specs: readonly TaskSpec[]): TierSummary {
  const stats = specs.map(planStats)
  const calls = stats.map((s) => s.calls)
  const layers = stats.map((s) => s.layers)
  const share = (test: (s: PlanStats) => boolean) => (stats.length ? stats.filter(test).length / stats.length : 0)
  return {
    tasks: specs.length,
    meanCalls: mean(calls),
    medianCalls: median(calls),
    minCalls: Math.min(...calls),
    maxCalls: Math.max(...calls),
    meanLayers: mean(layers),
    medianLayers: median(layers),
    minLayers: Math.min(...layers),
    maxLayers: Math.max(...layers),
    meanServers: mean(stats.map((s) => s.servers)),
    multiServerShare: share((s) => s.servers === 2 || s.servers === 3),
    distractorShare: share((s) => s.distractors),
  }
}
