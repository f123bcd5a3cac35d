import { passSummary, groupBy } from './rows.ts'
import { runCosts, totalUsd } from './run-costs.ts'
import type { TaskRecord } from './schema.ts'

/**
 * How far a run is: for the live progress display, from the records of the
 * tasks finished so far (the leaderboard's own task records) and what
 * Vitest has collected. Every number here comes from the same formulas as
 * the leaderboard, so the pass rate shown at the last task is the row's.
 */

export interface ProgressInput {
  /** Records of the benchmark tasks finished so far. */
  records: readonly TaskRecord[]
  /** Benchmark tests collected so far, per agent (finished ones included). */
  collected: ReadonlyMap<string, number>
  /** Benchmark files in the run, and how many of them Vitest has collected. */
  files: { total: number; collected: number }
  elapsedMs: number
}

export interface AgentProgress {
  agent: string
  done: number
  /** Tests collected for this agent so far (more may come from files not yet collected). */
  collected: number
  passed: number
  /** passed / (passed + failed + errored), as on the leaderboard. */
  passRate: number | null
  /** Agent and judge tokens together. */
  tokens: number
  /** Agent and judge cost together; null when any is unknown. */
  costUsd: number | null
}

export interface Progress {
  agents: AgentProgress[]
  done: number
  /** Tasks expected in all: the collected ones, plus an estimate for files not yet collected. */
  total: number
  /** `total` includes an estimate (some files are not collected yet). */
  estimated: boolean
  passRate: number | null
  tokens: number
  costUsd: number | null
  /** Time left at the pace so far; null before the first task has finished. */
  etaMs: number | null
}

/**
 * The run's progress. Files not yet collected are expected to hold as many
 * tasks as the collected ones do on average. The ETA assumes the pace so
 * far holds: remaining × elapsed / done. That pace is measured over the
 * whole run, so it already reflects how many tasks run at once.
 */
export function progress({ records, collected, files, elapsedMs }: ProgressInput): Progress {
  const byAgent = groupBy(records, (r) => r.agent)
  const agents = [...new Set([...collected.keys(), ...byAgent.keys()])].map((agent): AgentProgress => {
    const rs = byAgent.get(agent) ?? []
    const pass = passSummary(rs)
    const spent = spending(rs)
    return {
      agent,
      done: rs.length,
      collected: Math.max(collected.get(agent) ?? 0, rs.length),
      passed: pass.passed,
      passRate: pass.passRate,
      ...spent,
    }
  })
  const done = records.length
  const known = agents.reduce((n, a) => n + a.collected, 0)
  const uncollected = Math.max(0, files.total - files.collected)
  const estimated = uncollected > 0 && files.collected > 0
  const total = estimated ? Math.round(known + (uncollected * known) / files.collected) : known
  return {
    agents,
    done,
    total,
    estimated,
    passRate: passSummary(records).passRate,
    ...spending(records),
    etaMs: done > 0 && elapsedMs > 0 ? (Math.max(0, total - done) * elapsedMs) / done : null,
  }
}

/** Agent and judge tokens and cost together, from one pass over the records. */
function spending(records: readonly TaskRecord[]): { tokens: number; costUsd: number | null } {
  const costs = runCosts(records)
  const tokens = costs.tokens()
  return { tokens: tokens.agent.total + tokens.judge.total, costUsd: totalUsd(costs.cost()) }
}
