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
  /** Records of the benchmark tasks scored so far: the pass rate, tokens and cost are theirs. */
  records: readonly ProgressRecord[]
  /** Benchmark tests collected so far, per agent (finished ones included). */
  collected: ReadonlyMap<string, number>
  /**
   * Tasks finished so far per agent, as Vitest reported them: the one count of tasks done, for the run and each
   * agent alike, so the two always agree (a record follows its task's end a moment later, and adds figures only).
   */
  finished: ReadonlyMap<string, number>
  /** Benchmark files planned for the run, and how many of them Vitest has collected. */
  files: { total: number; collected: number }
  /** Time left, from a RunPace; null when there is nothing to estimate from yet. */
  etaMs: number | null
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
  /** The sum of the agents' `done`. */
  done: number
  /** Tasks collected so far: the run's total once every planned file is collected, a lower bound before. */
  total: number
  /** Every planned benchmark file is collected, so `total` is exact. Never an extrapolation. */
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
      return { agent, done, collected: Math.max(collected.get(agent) ?? 0, done), passed: pass.passed, passRate: pass.passRate, ...(this.agents.get(agent) ?? new Tally()).spending() }
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
 * The pace of a run, for its ETA, from when each task started and ended on one clock (the caller's, so a test
 * can script it). Nothing is estimated before a task has finished; then:
 *
 * - a task's expected duration is the mean over the tasks started, a running task counted as at least as long as
 *   it has run so far (its age) and at least the mean: short tasks end first, and a mean of the finished ones alone
 *   runs low while the long ones are still going;
 * - the tasks at once are the time spent in tasks (finished and running) over the time since the first started;
 * - the time left is that many lanes playing the rest out: each lane holds a running task until its expected end,
 *   and the tasks not started go one by one to the lane that frees first. The last lane to finish is the ETA, so
 *   the tail (fewer tasks left than lanes) is not spread over lanes that will stand idle.
 *
 * Counting the running tasks is what makes it right early: a run of eight at once whose first task just ended
 * has seven more nearly done, not seven more to start.
 */
export class RunPace {
  private first: number | null = null
  private readonly running = new Map<string, number>()
  private finishedMs = 0
  private finishedCount = 0

  start(id: string, now: number): void {
    if (this.running.has(id)) return
    this.first ??= now
    this.running.set(id, now)
  }

  end(id: string, now: number): void {
    const started = this.running.get(id)
    if (started === undefined) return
    this.running.delete(id)
    this.finishedMs += now - started
    this.finishedCount++
  }

  /** Time left for `notStarted` tasks not yet begun plus those running now; null with nothing to go on. */
  etaMs(notStarted: number, now: number): number | null {
    if (this.first === null || this.finishedCount === 0 || now <= this.first) return null
    const ages = [...this.running.values()].map((started) => now - started)
    const busy = ages.reduce((sum, age) => sum + age, this.finishedMs)
    const lanes = Math.max(1, Math.round(busy / (now - this.first)))
    // The mean with each running task counted as max(its age, the mean): a fixed point, reached in a few rounds.
    let mean = this.finishedMs / this.finishedCount
    for (let round = 0; round < 8; round++) {
      mean = ages.reduce((sum, age) => sum + Math.max(age, mean), this.finishedMs) / (this.finishedCount + ages.length)
    }
    const free = ages.map((age) => Math.max(0, mean - age)).sort((x, y) => x - y)
    while (free.length < lanes) free.unshift(0)
    // Equal tasks to the lane that frees first: lanes stay sorted, so it is always the first.
    for (let left = Math.max(0, notStarted); left > 0; left--) {
      const end = free.shift()! + mean
      const at = free.findIndex((t) => t > end)
      free.splice(at === -1 ? free.length : at, 0, end)
    }
    return Math.max(0, ...free)
  }

  /** Tasks started and not yet ended. */
  get inFlight(): number {
    return this.running.size
  }
}
