import { describe, expect, it } from 'vitest'
import { BudgetLedger, resolveBudget } from '../../src/node/budget-ledger.ts'

/** Starts tasks `at` a time, each costing `cost`, until the ledger turns one away: what the run spent. */
function runUntilRefused(ledger: BudgetLedger, at: number, cost: (i: number) => number): { spent: number; started: number } {
  let spent = 0
  let started = 0
  const inFlight: number[] = []
  for (;;) {
    while (inFlight.length < at) {
      if (!ledger.admit()) {
        // The tasks in flight finish (inFlight: 'finish'): their cost is spent too.
        for (const c of inFlight) spent += c
        return { spent, started }
      }
      inFlight.push(cost(started++))
    }
    const done = inFlight.shift()!
    spent += done
    ledger.spend({ usd: done, tokens: 0 })
  }
}

describe('the run budget (src/node/budget-ledger.ts)', () => {
  it("stops starting tasks within one task's cost of the budget, at one task at a time and at several", () => {
    for (const at of [1, 2, 4]) {
      const costs = (i: number) => 0.01 + (i % 3) * 0.005
      const ledger = new BudgetLedger({ usd: 1, inFlight: 'finish' })
      const { spent, started } = runUntilRefused(ledger, at, costs)
      expect(started).toBeGreaterThan(40)
      expect(Math.abs(spent - 1), `${at} at a time`).toBeLessThanOrEqual(0.02)
      expect(ledger.reached).toBe(true)
      expect(ledger.reason).toMatch(/^budget reached after \d+ task\(s\): \$0\.\d{4} of \$1 spent$/)
    }
  })

  it('counts tokens, agents and judge together, and says when a task had no price', () => {
    const ledger = new BudgetLedger({ tokens: 1000, inFlight: 'finish' })
    expect(ledger.admit()).toBe(true)
    ledger.spend({ usd: null, tokens: 600 })
    // 600 spent, and one more at the mean would pass 1,000.
    expect(ledger.admit()).toBe(false)
    expect(ledger.reason).toBe('budget reached after 1 task(s): 600 of 1000 tokens spent (1 task(s) with no price not counted in dollars)')
    expect(ledger.spent).toBe(false)
    ledger.spend({ usd: null, tokens: 500 })
    expect(ledger.spent).toBe(true)
  })

  it("turns away the agents' requests once the budget is spent only when in-flight tasks are to be cancelled, never the judge's", () => {
    for (const inFlight of ['finish', 'cancel'] as const) {
      const ledger = new BudgetLedger({ usd: 1, inFlight })
      expect(ledger.admitSlot('tasks')).toBe(true)
      expect(ledger.admitSlot('agent http://127.0.0.1/v1')).toBe(true)
      ledger.spend({ usd: 1.2, tokens: 0 })
      expect(ledger.admitSlot('tasks')).toBe(false)
      expect(ledger.admitSlot('agent http://127.0.0.1/v1')).toBe(inFlight === 'finish')
      expect(ledger.admitSlot('judge http://127.0.0.1/v1')).toBe(true)
    }
  })

  it('reads MCP_BENCH_BUDGET_USD and MCP_BENCH_BUDGET_TOKENS, the option first, and refuses a bad value by name', () => {
    expect(resolveBudget(undefined, {})).toBeNull()
    expect(resolveBudget(undefined, { MCP_BENCH_BUDGET_USD: '2.5' })).toEqual({ usd: 2.5, inFlight: 'finish' })
    expect(resolveBudget(undefined, { MCP_BENCH_BUDGET_TOKENS: '100000' })).toEqual({ tokens: 100000, inFlight: 'finish' })
    expect(resolveBudget({ usd: 1, inFlight: 'cancel' }, { MCP_BENCH_BUDGET_USD: '9' })).toEqual({ usd: 1, inFlight: 'cancel' })
    expect(() => resolveBudget(undefined, { MCP_BENCH_BUDGET_USD: 'ten' })).toThrow(
      'MCP_BENCH_BUDGET_USD must be a positive number, not "ten"',
    )
    expect(() => resolveBudget(undefined, { MCP_BENCH_BUDGET_TOKENS: '1.5' })).toThrow(
      'MCP_BENCH_BUDGET_TOKENS must be a positive whole number',
    )
  })
})
