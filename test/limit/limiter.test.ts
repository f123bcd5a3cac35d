import { describe, expect, it } from 'vitest'
import { AdaptiveLimiter, inSlot, type Grant } from '../../src/lib/limiter.ts'

/** Takes `n` slots that are granted now; the rest stay queued. */
function take(limiter: AdaptiveLimiter, n: number): { granted: Grant[]; waits: Array<Promise<Grant>> } {
  const granted: Grant[] = []
  const waits = Array.from({ length: n }, () => limiter.acquire().then((g) => (granted.push(g), g)))
  return { granted, waits }
}

const tick = () => new Promise((r) => setImmediate(r))

describe('AdaptiveLimiter', () => {
  it('grants at most its limit at once, first come first served', async () => {
    const limiter = new AdaptiveLimiter(3)
    const order: number[] = []
    const waits = Array.from({ length: 5 }, (_, i) => limiter.acquire().then((g) => (order.push(i), g)))
    await tick()
    expect(order).toEqual([0, 1, 2])
    expect(limiter.waiting).toBe(2)
    ;(await waits[1]!).release()
    await tick()
    expect(order).toEqual([0, 1, 2, 3])
    ;(await waits[1]!).release() // releasing twice gives back one slot only
    await tick()
    expect(order).toEqual([0, 1, 2, 3])
    expect(limiter.peak).toBe(3)
  })

  it('rejects a wait that is aborted, and the slot goes to the next in line', async () => {
    const limiter = new AdaptiveLimiter(1)
    const first = await limiter.acquire()
    const controller = new AbortController()
    const aborted = limiter.acquire(controller.signal)
    const next = limiter.acquire()
    controller.abort(new Error('task cancelled'))
    await expect(aborted).rejects.toThrow('task cancelled')
    first.release()
    await expect(next).resolves.toMatchObject({ seq: 2 })
  })

  it('halves the requests in flight on a 429, once per wave, then climbs back with successes', async () => {
    const limiter = new AdaptiveLimiter(8)
    const { granted } = take(limiter, 12)
    await tick()
    expect(granted).toHaveLength(8)
    // Every request of the wave answers 429: one cut, not eight.
    for (const g of granted) limiter.report(g.seq, 'throttled')
    expect(limiter.limit).toBe(4)
    expect(limiter.cuts).toBe(1)
    for (const g of granted.splice(0)) g.release()
    await tick()
    // The queued four take the four slots; a 429 among them is news (granted after the cut): halve again.
    expect(granted).toHaveLength(4)
    limiter.report(granted[0]!.seq, 'throttled')
    expect(limiter.limit).toBe(2)
    // `limit` successes in a row win one slot back, up to the maximum.
    for (let i = 0; i < 2; i++) limiter.report(granted[1]!.seq, 'ok')
    expect(limiter.limit).toBe(3)
    for (let i = 0; i < 100; i++) limiter.report(granted[1]!.seq, 'ok')
    expect(limiter.limit).toBe(8)
  })

  it('never goes below one slot', () => {
    const limiter = new AdaptiveLimiter(1)
    limiter.report(1, 'throttled')
    expect(limiter.limit).toBe(1)
  })
})

describe('inSlot', () => {
  it('runs tasks at most `max` at a time and gives the slot back when a task throws', async () => {
    const limiter = new AdaptiveLimiter(2)
    let running = 0
    let most = 0
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        inSlot(limiter, async () => {
          most = Math.max(most, ++running)
          await tick()
          running--
          if (i % 2 === 0) throw new Error(`task ${i} failed`)
          return i
        }),
      ),
    )
    expect(most).toBe(2)
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'task 0 failed',
      1,
      'task 2 failed',
      3,
      'task 4 failed',
      5,
    ])
    expect(limiter.inFlight).toBe(0)
    expect(limiter.waiting).toBe(0)
  })
})
