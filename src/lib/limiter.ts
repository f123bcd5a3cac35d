/**
 * A first-in, first-out concurrency limit that adapts to rate limiting.
 *
 * One class serves every pool of the run: the tasks in flight (`concurrency`), the requests in flight to an
 * agent's endpoint (`agent.concurrency`) and to the judge's (`judge.concurrency`). It lives in the main
 * process (src/node/slot-server.ts) so a limit holds across all workers, and in a worker only as a fallback.
 *
 * Rate limits are handled the way TCP handles congestion (additive increase, multiplicative decrease): a 429
 * halves the number of requests allowed in flight, and every `limit` successes in a row give one back, up to
 * `max`. The 429s of one wave of requests cut the limit once: a request granted before the last cut was already
 * counted in it, so its 429 is not news.
 */
export type SlotOutcome = 'ok' | 'throttled'

export interface Grant {
  /** Grant number: tells a 429 that the last cut already accounted for from one that it did not. */
  seq: number
  release(): void
}

interface Waiter {
  grant: (grant: Grant) => void
}

export class AdaptiveLimiter {
  readonly max: number
  private current: number
  private active = 0
  private queue: Waiter[] = []
  private granted = 0
  private lastCut = 0
  private streak = 0
  /** Most slots held at once since the limiter was made (what the tests measure instead of the clock). */
  peak = 0
  /** Times a 429 cut the limit. */
  cuts = 0

  constructor(max: number = Infinity) {
    if (!(max >= 1)) throw new Error(`a concurrency limit must be at least 1, not ${max}`)
    this.max = max
    this.current = max
  }

  get limit(): number {
    return this.current
  }

  get inFlight(): number {
    return this.active
  }

  get waiting(): number {
    return this.queue.length
  }

  /** Waits for a slot, first come first served. Rejects with the signal's reason if aborted while waiting. */
  acquire(signal?: AbortSignal): Promise<Grant> {
    if (signal?.aborted) return Promise.reject(abortReason(signal))
    return new Promise<Grant>((resolve, reject) => {
      const waiter: Waiter = {
        grant: (grant) => {
          signal?.removeEventListener('abort', onAbort)
          resolve(grant)
        },
      }
      const onAbort = () => {
        const at = this.queue.indexOf(waiter)
        if (at < 0) return
        this.queue.splice(at, 1)
        reject(abortReason(signal!))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.queue.push(waiter)
      this.pump()
    })
  }

  /** Tells the limiter how a request made under grant `seq` went. Other outcomes (errors, 5xx) change nothing. */
  report(seq: number, outcome: SlotOutcome): void {
    if (outcome === 'throttled') {
      if (seq <= this.lastCut) return
      this.current = Math.max(1, Math.floor(Math.min(this.current, Math.max(this.active, 1)) / 2))
      this.lastCut = this.granted
      this.streak = 0
      this.cuts++
      return
    }
    if (this.current >= this.max) return
    if (++this.streak >= this.current) {
      this.current = Math.min(this.max, this.current + 1)
      this.streak = 0
      this.pump()
    }
  }

  private pump(): void {
    while (this.queue.length > 0 && this.active < this.current) {
      const waiter = this.queue.shift()!
      this.active++
      this.peak = Math.max(this.peak, this.active)
      const seq = ++this.granted
      let released = false
      waiter.grant({
        seq,
        release: () => {
          if (released) return
          released = true
          this.active--
          this.pump()
        },
      })
    }
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError')
}

/** Runs `task` in a slot of `limiter` and gives the slot back however the task ends: the one pool every "a few at a time" uses. */
export async function inSlot<T>(limiter: AdaptiveLimiter, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const grant = await limiter.acquire(signal)
  try {
    return await task()
  } finally {
    grant.release()
  }
}
