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
export type ProgressRecord = Pick<
  TaskRecord,
  'id' | 'agent' | 'trial' | 'status' | 'durationMs' | 'tokens' | 'judgeTokens' | 'judgeCachedTokens' | 'cost' | 'timing'
> &
  PassInput

export function progressRecord(r: TaskRecord): ProgressRecord {
  const { id, agent, trial, status, durationMs, tokens, judgeTokens, judgeCachedTokens, cost, timing } = r
  const judge = r.judge?.kind === 'pass-fail' ? { kind: r.judge.kind, pass: r.judge.pass } : r.judge ? { kind: r.judge.kind } : null
  return {
    id,
    agent,
    trial,
    status,
    durationMs,
    tokens,
    judgeTokens,
    ...(judgeCachedTokens === undefined ? {} : { judgeCachedTokens }),
    cost,
    timing,
    judge,
  }
}

export interface ProgressInput {
  /** Records of the benchmark tasks scored so far: the pass rate, tokens and cost are theirs. */
  records: readonly ProgressRecord[]
  /**
   * Benchmark tests per agent (finished ones included): those Vitest has collected, and those of the files
   * counted before the run (src/node/task-count.ts) that it has not collected yet.
   */
  collected: ReadonlyMap<string, number>
  /**
   * Tasks finished so far per agent, as Vitest reported them: the one count of tasks done, for the run and each
   * agent alike, so the two always agree (a record follows its task's end a moment later, and adds figures only).
   */
  finished: ReadonlyMap<string, number>
  /** Benchmark files planned for the run, and how many of them are counted before the run or collected by Vitest. */
  files: { total: number; collected: number }
  /** Time left, from a RunPace; null when there is nothing to estimate from yet. */
  etaMs: number | null
}

interface AgentProgress {
  agent: string
  done: number
  /** Tests of this agent counted or collected so far (more may come from files neither yet). */
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
  /** The sum of the agents' `done`. */
  done: number
  /** Tasks counted or collected so far: the run's total once every planned file is, a lower bound before. */
  total: number
  /** Every planned benchmark file is counted or collected, so `total` is exact. Never an extrapolation. */
  totalKnown: boolean
  passRate: number | null
  tokens: number
  costUsd: number | null
  /** Time left; null until the total is exact and a RunPace has something to estimate from. */
  etaMs: number | null
}

/** The run's progress from all its records at once (ProgressTally is the same, fed one record at a time). */
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

  progress({ collected, finished, files, etaMs }: Omit<ProgressInput, 'records'>): Progress {
    const agents = [...new Set([...collected.keys(), ...finished.keys(), ...this.agents.keys()])].map((agent): AgentProgress => {
      const pass = (this.agents.get(agent) ?? new Tally()).pass.summary()
      const done = finished.get(agent) ?? 0
      return {
        agent,
        done,
        collected: Math.max(collected.get(agent) ?? 0, done),
        passed: pass.passed,
        passRate: pass.passRate,
        ...(this.agents.get(agent) ?? new Tally()).spending(),
      }
    })
    const totalKnown = files.collected >= files.total
    return {
      agents,
      done: agents.reduce((n, a) => n + a.done, 0),
      total: agents.reduce((n, a) => n + a.collected, 0),
      totalKnown,
      passRate: this.run.pass.summary().passRate,
      ...this.run.spending(),
      etaMs: totalKnown ? etaMs : null,
    }
  }
}

/**
 * The pace of a run, for its ETA, from when its tasks ended on one clock (the caller's, so a test can script it):
 * the time left is the tasks left × the mean time between two task ends so far, counted from the first end.
 *
 * That interval is a task's mean duration over the tasks the run has been running at once, measured rather than
 * assumed: it holds whatever limits the run (Vitest's workers, the harness's run-wide slots, a rate-limited
 * endpoint), where a task's own start-to-end time would count its wait for a slot as work. Counting from the
 * first end, not the run's start, leaves out the time before any task could end, which made an early ETA as many
 * times too long as tasks ran at once. So there is no ETA until two tasks have ended.
 */
export class RunPace {
  private first: number | null = null
  private last = 0
  private ends = 0

  end(now: number): void {
    this.first ??= now
    this.last = now
    this.ends++
  }

  /** Time left for `remaining` tasks, from `now`; null with nothing to estimate from. */
  etaMs(remaining: number, now: number): number | null {
    if (this.first === null || this.ends < 2 || this.last <= this.first) return null
    const interval = (this.last - this.first) / (this.ends - 1)
    return Math.max(0, Math.max(0, remaining) * interval - (now - this.last))
  }
}
