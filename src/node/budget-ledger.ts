import type { Budget } from '../contracts/budget.ts'
import { TASKS_POOL } from '../contracts/slot-protocol.ts'

/** What a finished task spent, as its leaderboard record says (agents and judge). */
export interface TaskSpend {
  /** US dollars; null when a price is unknown (the usd budget cannot count it). */
  usd: number | null
  tokens: number
}

/**
 * The run's spend against its budget, in Vitest's main process: the slot server asks it before each task starts
 * (src/node/slot-server.ts), and each task's record tells it what the task spent (reporters/leaderboard.ts).
 *
 * A task's cost is known only once it ends, so a task is started only while the spend so far, plus the tasks in
 * flight and this one at the mean cost of the tasks finished, stays within the budget: the run stops within about
 * one task's cost of it, on either side. Until the first task ends there is no mean to go by, so the first tasks
 * (at most `concurrency`) start on trust.
 */
export class BudgetLedger {
  private usd = 0
  private tokens = 0
  private started = 0
  private finished = 0
  /** Tasks whose cost has no price: the usd budget could not count them. */
  private unpriced = 0
  private reachedAt: string | null = null

  constructor(readonly budget: Budget) {}

  /** May one more task start? Counts it as started when it may. */
  admit(): boolean {
    if (this.reachedAt) return false
    const inFlight = this.started - this.finished
    const over = (spent: number, limit: number | undefined) => {
      if (limit === undefined) return false
      const mean = this.finished ? spent / this.finished : 0
      return spent >= limit || spent + (inFlight + 1) * mean > limit
    }
    if (over(this.usd, this.budget.usd) || over(this.tokens, this.budget.tokens)) {
      this.reachedAt = this.describe()
      return false
    }
    this.started++
    return true
  }

  /**
   * Whether a slot of the slot server's `pool` may be given: a task's while one more fits; an agent's model
   * request until the budget is spent, when tasks in flight are to be cancelled (`inFlight: 'cancel'`). The judge's
   * requests always: a task whose agent has answered is judged.
   */
  admitSlot(pool: string): boolean {
    if (pool === TASKS_POOL) return this.admit()
    return !(this.budget.inFlight === 'cancel' && pool.startsWith('agent ') && this.spent)
  }

  /** A finished task's spend. */
  spend(task: TaskSpend): void {
    this.finished++
    this.tokens += task.tokens
    if (task.usd === null) this.unpriced++
    else this.usd += task.usd
  }

  /** The budget has turned a task away. */
  get reached(): boolean {
    return this.reachedAt !== null
  }

  /** Spent at least the whole budget: tasks in flight are cancelled if the budget says so. */
  get spent(): boolean {
    const { usd, tokens } = this.budget
    return (usd !== undefined && this.usd >= usd) || (tokens !== undefined && this.tokens >= tokens)
  }

  /** Where the spend stood when the budget first turned a task away: the reports' reason. */
  get reason(): string | null {
    return this.reachedAt
  }

  private describe(): string {
    const parts = [
      this.budget.usd !== undefined ? `$${this.usd.toFixed(4)} of $${this.budget.usd}` : '',
      this.budget.tokens !== undefined ? `${this.tokens} of ${this.budget.tokens} tokens` : '',
    ].filter(Boolean)
    const unpriced = this.unpriced ? ` (${this.unpriced} task(s) with no price not counted in dollars)` : ''
    return `budget reached after ${this.finished} task(s): ${parts.join(', ')} spent${unpriced}`
  }
}

/** The `budget` option, else MCP_BENCH_BUDGET_USD / MCP_BENCH_BUDGET_TOKENS; null: no budget. */
export function resolveBudget(option: Budget | undefined, env: NodeJS.ProcessEnv = process.env): Budget | null {
  const usd = number(env.MCP_BENCH_BUDGET_USD, 'MCP_BENCH_BUDGET_USD', false)
  const tokens = number(env.MCP_BENCH_BUDGET_TOKENS, 'MCP_BENCH_BUDGET_TOKENS', true)
  if (option) return option
  if (usd === undefined && tokens === undefined) return null
  return { ...(usd === undefined ? {} : { usd }), ...(tokens === undefined ? {} : { tokens }), inFlight: 'finish' }
}

function number(raw: string | undefined, name: string, whole: boolean): number | undefined {
  if (!raw?.trim()) return undefined
  const n = Number(raw)
  if (!(n > 0) || (whole && !Number.isInteger(n)))
    throw new Error(`${name} must be a positive ${whole ? 'whole ' : ''}number, not "${raw}"`)
  return n
}
