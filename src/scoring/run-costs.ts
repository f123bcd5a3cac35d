import { ratio } from '../stats/means.ts'
import { sortedFinite, sortedQuantile } from '../stats/quantile.ts'
import type { AgentRow, TaskRecord } from '../contracts/leaderboard.ts'

/**
 * Cost, tokens and latency over a set of task records (an agent's row, the
 * whole run, or the tasks finished so far for the live progress display).
 */

type Tokens = TaskRecord['tokens']

/**
 * Tokens, costs and times of a set of records, added one record at a time: an agent's row gathers
 * them in the same single pass as its other columns (see rows.ts). Sums run in record order, as a
 * reduce over the records would, so the figures are the same to the last bit.
 */
export class RunCosts {
  private count = 0
  private readonly agentTokens = { prompt: 0, completion: 0, total: 0 }
  private readonly judgeTokens = { prompt: 0, completion: 0, total: 0 }
  private judgeCachedTokens = 0
  /** Sums of known costs; null once a record's cost is unknown: a partial sum would pass for the whole. */
  private agentUsd: number | null = 0
  private judgeUsd: number | null = 0
  private readonly unknown = new Set<string>()
  private timedWall = 0
  private modelMs = 0
  private toolMs = 0
  private judgeMs = 0
  private readonly durations: number[] = []

  add(r: Pick<TaskRecord, 'tokens' | 'judgeTokens' | 'judgeCachedTokens' | 'cost' | 'timing' | 'durationMs'>): void {
    this.count++
    addTokens(this.agentTokens, r.tokens)
    addTokens(this.judgeTokens, r.judgeTokens)
    this.judgeCachedTokens += r.judgeCachedTokens ?? 0
    const c = r.cost
    if (this.agentUsd !== null) this.agentUsd = c.agentUsd === null ? null : this.agentUsd + c.agentUsd
    if (this.judgeUsd !== null) this.judgeUsd = c.judgeUsd === null ? null : this.judgeUsd + c.judgeUsd
    for (const reason of c.unknown) this.unknown.add(reason)
    const t = r.timing
    if (t.modelMs !== null && t.toolMs !== null) {
      this.timedWall += r.durationMs
      this.modelMs += t.modelMs
      this.toolMs += t.toolMs
    }
    this.judgeMs += t.judgeMs
    this.durations.push(r.durationMs)
  }

  tokens(): AgentRow['tokens'] {
    return { agent: { ...this.agentTokens }, judge: { ...this.judgeTokens }, judgeCached: this.judgeCachedTokens }
  }

  cost(): AgentRow['cost'] {
    const agentUsd = this.agentUsd
    return {
      agentUsd,
      judgeUsd: this.judgeUsd,
      agentUsdPerTask: agentUsd === null ? null : ratio(agentUsd, this.count),
      unknown: [...this.unknown],
    }
  }

  /**
   * Median and p95 task duration, and the time split. The shares are ratios
   * of sums (Σ model time / Σ duration over the tasks with a trajectory), so
   * long tasks weigh as much as the time they took, not one vote each.
   */
  latency(): AgentRow['latency'] {
    const durations = sortedFinite(this.durations) // sorted once for both quantiles
    const share = (ms: number) => {
      const s = ratio(ms, this.timedWall)
      return s === null ? null : Math.min(1, s)
    }
    return {
      medianMs: sortedQuantile(durations, 0.5),
      p95Ms: sortedQuantile(durations, 0.95),
      modelShare: share(this.modelMs),
      toolShare: share(this.toolMs),
      modelMs: this.modelMs,
      toolMs: this.toolMs,
      judgeMs: this.judgeMs,
    }
  }
}

function addTokens(sum: Tokens, t: Tokens): void {
  sum.prompt += t.prompt
  sum.completion += t.completion
  sum.total += t.total
}

/** Tokens, costs and times of the records, gathered in one pass: read as many of its figures as needed. */
function runCosts(records: readonly TaskRecord[]): RunCosts {
  const costs = new RunCosts()
  for (const r of records) costs.add(r)
  return costs
}

/** Agent and judge cost together; unknown when either is. */
export function totalUsd(cost: { agentUsd: number | null; judgeUsd: number | null }): number | null {
  return cost.agentUsd === null || cost.judgeUsd === null ? null : cost.agentUsd + cost.judgeUsd
}

/** The run's total: agent and judge costs of every record, and their sum. */
export function runCost(records: readonly TaskRecord[]): {
  agentUsd: number | null
  judgeUsd: number | null
  totalUsd: number | null
  unknown: string[]
} {
  const { agentUsd, judgeUsd, unknown } = runCosts(records).cost()
  return { agentUsd, judgeUsd, totalUsd: totalUsd({ agentUsd, judgeUsd }), unknown }
}
