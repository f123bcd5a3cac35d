import { median, quantile, ratio } from './formulas.ts'
import type { AgentRow, TaskRecord } from './schema.ts'

/**
 * Cost, tokens and latency over a set of task records (an agent's row, the
 * whole run, or the tasks finished so far for the live progress display).
 */

type Tokens = TaskRecord['tokens']

/** Sum of costs, null as soon as one is unknown: a partial sum would pass for the whole. */
function sumKnown(values: ReadonlyArray<number | null>): number | null {
  let sum = 0
  for (const v of values) {
    if (v === null) return null
    sum += v
  }
  return sum
}

function unknownReasons(records: readonly TaskRecord[]): string[] {
  return [...new Set(records.flatMap((r) => r.cost.unknown))]
}

export function costSummary(records: readonly TaskRecord[]): AgentRow['cost'] {
  const agentUsd = sumKnown(records.map((r) => r.cost.agentUsd))
  return {
    agentUsd,
    judgeUsd: sumKnown(records.map((r) => r.cost.judgeUsd)),
    agentUsdPerTask: agentUsd === null ? null : ratio(agentUsd, records.length),
    unknown: unknownReasons(records),
  }
}

/** The run's total: agent and judge costs of every record, and their sum. */
export function runCost(records: readonly TaskRecord[]): { agentUsd: number | null; judgeUsd: number | null; totalUsd: number | null; unknown: string[] } {
  const { agentUsd, judgeUsd, unknown } = costSummary(records)
  return { agentUsd, judgeUsd, totalUsd: agentUsd === null || judgeUsd === null ? null : agentUsd + judgeUsd, unknown }
}

function addTokens(a: Tokens, b: Tokens): Tokens {
  return { prompt: a.prompt + b.prompt, completion: a.completion + b.completion, total: a.total + b.total }
}

export function tokenSums(records: readonly TaskRecord[]): AgentRow['tokens'] {
  const zero = { prompt: 0, completion: 0, total: 0 }
  return {
    agent: records.reduce((t, r) => addTokens(t, r.tokens), zero),
    judge: records.reduce((t, r) => addTokens(t, r.judgeTokens), zero),
  }
}

/**
 * Median and p95 task duration, and the time split. The shares are ratios
 * of sums (Σ model time / Σ duration over the tasks with a trajectory), so
 * long tasks weigh as much as the time they took, not one vote each.
 */
export function latencySummary(records: readonly TaskRecord[]): AgentRow['latency'] {
  const timed = records.filter((r) => r.timing.modelMs !== null && r.timing.toolMs !== null)
  const wall = timed.reduce((ms, r) => ms + r.durationMs, 0)
  const modelMs = timed.reduce((ms, r) => ms + r.timing.modelMs!, 0)
  const toolMs = timed.reduce((ms, r) => ms + r.timing.toolMs!, 0)
  const durations = records.map((r) => r.durationMs)
  const share = (ms: number) => { const s = ratio(ms, wall); return s === null ? null : Math.min(1, s) }
  return {
    medianMs: median(durations),
    p95Ms: quantile(durations, 0.95),
    modelShare: share(modelMs),
    toolShare: share(toolMs),
    modelMs,
    toolMs,
    judgeMs: records.reduce((ms, r) => ms + r.timing.judgeMs, 0),
  }
}
