import { slots } from './slots.ts'

/**
 * A fetch that holds a slot of the endpoint's pool while each HTTP attempt is in flight, and tells the pool
 * about 429s. The openai SDK keeps its own retries (`maxRetries`, with its backoff and `retry-after`): its
 * wait between attempts holds no slot, and a retry queues for a slot like any request. So on a rate-limited
 * key the pool halves the requests in flight (src/limit/limiter.ts), retries wait behind the queue instead of
 * hammering the endpoint, and the limit climbs back as requests succeed.
 */
export function endpointFetch(inner: typeof fetch, pool: string, max: number | undefined): typeof fetch {
  return async (input, init) => {
    const slot = await slots().acquire(pool, max, init?.signal ?? undefined)
    try {
      const response = await inner(input, init)
      if (response.status === 429) slot.report('throttled')
      else if (response.ok) slot.report('ok')
      return response
    } finally {
      slot.release()
    }
  }
}

/** The pool's name: the kind of caller and the endpoint, without credentials or query. */
export function endpointPool(kind: 'agent' | 'judge', baseURL: string | undefined): string {
  const url = baseURL ?? 'https://api.openai.com/v1'
  try {
    const u = new URL(url)
    return `${kind} ${u.protocol}//${u.host}${u.pathname}`
  } catch {
    return `${kind} ${url}`
  }
}
