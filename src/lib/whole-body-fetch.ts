/**
 * A `fetch` for the openai SDK that reads the whole response body before it
 * hands the response over. The SDK's per-request timeout covers only the
 * time to the response's headers: a body that trickles in (a byte every
 * 500 ms) would hold a request until the task's budget ran out. Read here,
 * inside the SDK's fetch call, the body is under that same timeout: when it
 * fires, the read aborts and the SDK reports (and retries) a timeout.
 * Event streams are passed through untouched; the harness does not stream.
 */
export function wholeBodyFetch(inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init)
    if (!response.body || response.headers.get('content-type')?.includes('text/event-stream')) return response
    const body = await response.arrayBuffer()
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}
