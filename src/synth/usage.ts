import { costOf } from './pricing.ts'
import type { Prices } from '../contracts/prices.ts'
import type { UsageReport } from '../contracts/synth-report.ts'

/** Tokens spent so far, and what they cost when the model's price is known. */
export class UsageMeter {
  private requests = 0
  private promptTokens = 0
  private completionTokens = 0

  /** `prices`: the price table (the bundled one with the user's `prices` on top). */
  constructor(
    private readonly model: string,
    private readonly prices?: Prices,
  ) {}

  add(usage: { promptTokens: number; completionTokens: number }): void {
    this.requests += 1
    this.promptTokens += usage.promptTokens
    this.completionTokens += usage.completionTokens
  }

  totals(): UsageReport {
    const usd = costOf(this.model, this.promptTokens, this.completionTokens, this.prices)
    return {
      requests: this.requests,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      totalTokens: this.promptTokens + this.completionTokens,
      usd: usd === null ? null : Math.round(usd * 1e6) / 1e6,
    }
  }
}
