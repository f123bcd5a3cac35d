import type { Slot } from '../../contracts/slot-protocol.ts'
import { slots } from './slots.ts'
import { WorkerClosingError, workerClosing } from '../worker-closing.ts'

/**
 * The requests in flight to one endpoint (an agent's model or the judge), across the run.
 *
 * A request holds a slot of the endpoint's pool for the whole of `client.chat.completions.create`, the openai
 * SDK's retries included, and the wait for the slot comes before the SDK starts its per-request timeout, so a
 * queue never times a request out. Each HTTP attempt is watched by `fetch`: a 429 tells the pool, which
 * halves the requests it lets in (src/lib/limiter.ts) until successes win them back. The SDK keeps its own
 * retries (`maxRetries`, with its backoff and `retry-after`) within the slot: on a rate-limited key fewer
 * requests start, rather than more retries, so the run finishes instead of thrashing.
 */
export interface EndpointGate {
  /**
   * Runs one request (all of its attempts) in a slot of the endpoint's pool. The request passes the
   * `fetchOptions` it is given to the SDK (`create(body, { fetchOptions })`): they tell this gate's `fetch`
   * which slot each attempt belongs to.
   */
  run<T>(signal: AbortSignal | undefined, request: (fetchOptions: object) => Promise<T>): Promise<T>
  /** A fetch that reports each attempt's 429 or success to the slot of the request it belongs to. */
  fetch(inner: typeof fetch): typeof fetch
}

/**
 * The slot rides on the request's own options, under a symbol: the openai SDK copies a request's `fetchOptions`
 * into every attempt's `fetch` init, and `fetch` ignores keys it does not know. Not an AsyncLocalStorage: on
 * Node 20 one turns on promise hooks for the whole worker, a tax on every promise every task creates.
 */
const SLOT = Symbol('vitest-mcp-bench.endpoint-slot')
type TaggedInit = RequestInit & { [SLOT]?: Slot }

/**
 * Times a request whose every attempt met a 429 goes back to the end of the pool's queue. The requests let in
 * before the pool's first cut keep their slots through the SDK's retries, so the first wave of a rate-limited
 * run can spend all its attempts against the limit the pool is still finding: queued again, the request waits
 * for the lower limit the pool has learnt, and then gets the SDK's retries afresh. Once: a key that is turned
 * away however few requests it sends is not helped by more rounds, and an exhausted quota (OpenAI's
 * `insufficient_quota`, also a 429) not at all.
 */
export const RATE_LIMITED_REQUEUES = 1

export function endpointGate(pool: string, max: number | undefined): EndpointGate {
  return {
    async run(signal, request) {
      for (let requeued = 0; ; requeued++) {
        if (workerClosing()) throw new WorkerClosingError('no request is sent any more')
        const slot = await slots().acquire(pool, max, signal)
        try {
          return await request({ [SLOT]: slot } satisfies TaggedInit)
        } catch (error) {
          if (!isRateLimited(error) || requeued >= RATE_LIMITED_REQUEUES || signal?.aborted) throw error
        } finally {
          slot.release()
        }
      }
    },
    fetch: (inner) => async (input, init) => {
      // Checked at each attempt too: the SDK's retries of a request already let in must not reach the endpoint either.
      if (workerClosing()) throw new WorkerClosingError('no request is sent any more')
      const { [SLOT]: slot, ...rest } = (init ?? {}) as TaggedInit
      const response = await inner(input, init ? rest : init)
      if (response.status === 429) slot?.report('throttled')
      else if (response.ok) slot?.report('ok')
      return response
    },
  }
}

/** The openai SDK's error once its retries are spent on 429s (its APIError has the status and the body's code). */
function isRateLimited(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { status, code } = error as { status?: unknown; code?: unknown }
  return status === 429 && code !== 'insufficient_quota'
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

// The OpenAI clients this package builds, with their endpoint's gate; a client the user passes in has none.
const gates = new WeakMap<object, EndpointGate>()

export function withGate<T extends object>(client: T, gate: EndpointGate): T {
  gates.set(client, gate)
  return client
}

export function gateOf(client: object): EndpointGate | undefined {
  return gates.get(client)
}
