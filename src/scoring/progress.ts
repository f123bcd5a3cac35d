import { PassCounter, type PassInput } from './rows.ts'
import { RunCosts, totalUsd } from './run-costs.ts'
import type { TaskRecord } from '../contracts/leaderboard.ts'

/**
 * How far a run is: for the live progress display, from the records of the
 * tasks finished so far (the leaderboard's own task records) and what
 * Vitest has collected. Every number here comes from the same formulas as
 * the leaderboard, so the pass rate shown at the last task is the row's.
 */

/**
 * What progress reads of a task's record: its identity, status and spending. The referee sends the main process
 * this much of each record, not the whole of it (trajectory-sized metrics, scores, calls) it would only parse and drop.
 */
export type ProgressRecord = Pick<TaskRecord, 'id' | 'agent' | 'trial' | 'status' | 'durationMs' | 'tokens' | 'judgeTokens' | 'judgeCachedTokens' | 'cost' | 'timing'> & PassInput

export function progressRecord(r: TaskRecord): ProgressRecord {
  const { id, agent, trial, status, durationMs, tokens, judgeTokens, judgeCachedTokens, cost, timing } = r
  const judge = r.judge?.kind === 'pass-fail' ? { kind: r.judge.kind, pass: r.judge.pass } : r.judge ? { kind: r.judge.kind } : null
  return { id, agent, trial, status, durationMs, tokens, judgeTokens, ...(judgeCachedTokens === undefined ? {} : { judgeCachedTokens }), cost, timing, judge }
}

export interface ProgressInput {
  /** Records of the benchmark tasks finished so far. */
  records: readonly ProgressRecord[]
  /** Benchmark tests collected so far, per agent (finished ones included). */
  collected: ReadonlyMap<string, number>
  /** Benchmark files in the run, and how many of them Vitest has collected. */
  files: { total: number; collected: number }
  elapsedMs: number
  /**
   * Tasks finished so far per agent, whether or not their records are made yet: the referee scores a task a
   * moment after Vitest reports it, and the count of tasks done keeps up with Vitest's own in the meantime.
   */
  finished?: ReadonlyMap<string, number>
}

interface AgentProgress {
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
export function progress({ records, ...rest }: ProgressInput): Progress {
  const tally = new ProgressTally()
  for (const r of records) tally.add(r)
  return tally.progress(rest)
}

/** One group's running figures (an agent's, or the whole run's), in the leaderboard's formulas. */
class Tally {
  done = 0
  readonly pass = new PassCounter()
  readonly costs = new RunCosts()

  add(r: ProgressRecord): void {
    this.done++
    this.pass.add(r)
    this.costs.add(r)
  }

  /** Agent and judge tokens and cost together. */
  spending(): { tokens: number; costUsd: number | null } {
    const tokens = this.costs.tokens()
    return { tokens: tokens.agent.total + tokens.judge.total, costUsd: totalUsd(this.costs.cost()) }
  }
}

/**
 * progress() fed one finished task at a time: the live display asks for the
 * progress after every task, and recounting every record each time would
 * cost the main process time that grows with the run (quadratic over it).
 * Records are added in the order progress() would read them, so its sums
 * are the same to the last bit.
 */
export class ProgressTally {
  private readonly run = new Tally()
  private readonly agents = new Map<string, Tally>()

  add(r: ProgressRecord): void {
    this.run.add(r)
    let agent = this.agents.get(r.agent)
    if (!agent) this.agents.set(r.agent, (agent = new Tally()))
    agent.add(r)
  }

  progress({ collected, files, elapsedMs, finished = new Map() }: Omit<ProgressInput, 'records'>): Progress {
    const agents = [...new Set([...collected.keys(), ...this.agents.keys(), ...finished.keys()])].map((agent): AgentProgress => {
      const t = this.agents.get(agent) ?? new Tally()
      const pass = t.pass.summary()
      const done = Math.max(t.done, finished.get(agent) ?? 0)
      return {
        agent,
        done,
        collected: Math.max(collected.get(agent) ?? 0, done),
        passed: pass.passed,
        passRate: pass.passRate,
        ...t.spending(),
      }
    })
    const done = Math.max(this.run.done, agents.reduce((n, a) => n + a.done, 0))
    const known = agents.reduce((n, a) => n + a.collected, 0)
    const uncollected = Math.max(0, files.total - files.collected)
    const estimated = uncollected > 0 && files.collected > 0
    const total = estimated ? Math.round(known + (uncollected * known) / files.collected) : known
    return {
      agents,
      done,
      total,
      estimated,
      passRate: this.run.pass.summary().passRate,
      ...this.run.spending(),
      etaMs: done > 0 && elapsedMs > 0 ? (Math.max(0, total - done) * elapsedMs) / done : null,
    }
  }
}
