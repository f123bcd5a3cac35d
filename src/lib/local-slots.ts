import { AdaptiveLimiter } from './limiter.ts'
import type { Slot, Slots } from '../contracts/slot-protocol.ts'

/**
 * Pools in this process only. The main process keeps the run's pools this way; a worker falls back to it when
 * it has no slot server (an agent or judge used outside a run, or a server that could not be reached).
 */
export class LocalSlots implements Slots {
  readonly pools = new Map<string, AdaptiveLimiter>()

  constructor(sizes: Record<string, number> = {}) {
    for (const [pool, max] of Object.entries(sizes)) this.pools.set(pool, new AdaptiveLimiter(max))
  }

  pool(name: string, max: number | undefined | null): AdaptiveLimiter {
    let limiter = this.pools.get(name)
    if (!limiter) this.pools.set(name, (limiter = new AdaptiveLimiter(max ?? Infinity)))
    return limiter
  }

  async acquire(pool: string, max: number | undefined, signal?: AbortSignal): Promise<Slot> {
    const limiter = this.pool(pool, max)
    const grant = await limiter.acquire(signal)
    return { release: grant.release, report: (outcome) => limiter.report(grant.seq, outcome) }
  }
}
