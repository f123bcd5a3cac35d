import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { endpointGate, RATE_LIMITED_REQUEUES } from '../../src/runtime/limit/endpoint-gate.ts'
import { slots } from '../../src/runtime/limit/slots.ts'
import { closeWorker, WorkerClosingError } from '../../src/runtime/worker-closing.ts'
import type { LocalSlots } from '../../src/lib/local-slots.ts'

let model: ScriptedModelServer | undefined
afterEach(() => model?.close())

/** One chat completion through `gate`, the SDK retrying once (two attempts each time the request is in the queue). */
function completion(gate: ReturnType<typeof endpointGate>, url: string) {
  const openai = new OpenAI({ baseURL: url, apiKey: 'not-needed', maxRetries: 1, fetch: gate.fetch(fetch) })
  return gate.run(undefined, (fetchOptions) =>
    openai.chat.completions.create(
      { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      { fetchOptions: fetchOptions as OpenAI.RequestOptions['fetchOptions'] },
    ),
  )
}

describe('the endpoint gate', () => {
  it('tells the slot of the request each attempt belongs to: a 429 cuts the pool, and fetch gets no extra option', async () => {
    model = await startScriptedModel({ script: [{ status: 429, headers: { 'retry-after-ms': '5' } }, { content: 'done' }] })
    const pool = `agent test-gate ${model.url}`
    const gate = endpointGate(pool, 4)
    const inits: Array<RequestInit | undefined> = []
    const seen: typeof fetch = (input, init) => {
      inits.push(init)
      return fetch(input, init)
    }
    const openai = new OpenAI({ baseURL: model.url, apiKey: 'not-needed', maxRetries: 1, fetch: gate.fetch(seen) })
    const reply = await gate.run(undefined, (fetchOptions) =>
      openai.chat.completions.create(
        { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
        { fetchOptions: fetchOptions as OpenAI.RequestOptions['fetchOptions'] },
      ),
    )
    expect(reply.choices[0]!.message.content).toBe('done')
    // Both attempts went through the gate's fetch: the 429 of the first cut the pool from 4 to the one request
    // in flight, and the success of the second won one slot back.
    expect(inits).toHaveLength(2)
    const limiter = (slots() as LocalSlots).pools.get(pool)!
    expect(limiter.cuts).toBe(1)
    expect(limiter.limit).toBe(2)
    // The slot rides under a symbol the gate takes off before the request goes out.
    for (const init of inits) expect(Object.getOwnPropertySymbols(init)).toEqual([])
  })

  it('queues a request whose every attempt met a 429 again, once, under the limit the pool has learnt', async () => {
    const limited = { status: 429, headers: { 'retry-after-ms': '5' } }
    // maxRetries 1: two attempts per time in the queue. Three 429s: the first time in the queue spent, the second answered.
    model = await startScriptedModel({ script: [limited, limited, limited, { content: 'done' }] })
    const pool = `agent test-requeue ${model.url}`
    const reply = await completion(endpointGate(pool, 4), model.url)
    expect(reply.choices[0]!.message.content).toBe('done')
    expect(model.requests).toHaveLength(4)
    // It waited in the queue for a pool cut below the 4 it started with, and left no slot taken.
    const limiter = (slots() as LocalSlots).pools.get(pool)!
    expect(limiter.cuts).toBeGreaterThan(0)
    expect(limiter.inFlight).toBe(0)
  })

  it('gives up with the 429 once the request has been queued again as often as it may', async () => {
    const limited = { status: 429, headers: { 'retry-after-ms': '1' } }
    model = await startScriptedModel({ script: Array.from({ length: 2 * (RATE_LIMITED_REQUEUES + 1) + 1 }, () => limited) })
    await expect(completion(endpointGate(`agent test-requeue-spent ${model.url}`, 4), model.url)).rejects.toMatchObject({ status: 429 })
    expect(model.requests).toHaveLength(2 * (RATE_LIMITED_REQUEUES + 1))
  })

  it('does not queue again a request turned away for an exhausted quota', async () => {
    const quota = {
      status: 429,
      headers: { 'retry-after-ms': '1' },
      body: { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } },
    }
    model = await startScriptedModel({ script: [quota, quota, quota, quota, { content: 'done' }] })
    await expect(completion(endpointGate(`agent test-quota ${model.url}`, 4), model.url)).rejects.toMatchObject({
      status: 429,
      code: 'insufficient_quota',
    })
    expect(model.requests).toHaveLength(2)
  })
})

// Last in the file: the worker's closing is one-way, for the whole process (this file runs in a process of its own).
describe('the endpoint gate of a closing worker (src/runtime/worker-closing.ts)', () => {
  it('sends nothing once the worker is closing: no new request, and no attempt of one already let in', async () => {
    model = await startScriptedModel({ script: [{ content: 'first' }, { content: 'never' }] })
    const gate = endpointGate(`agent test-closing ${model.url}`, 4)
    expect((await completion(gate, model.url)).choices[0]!.message.content).toBe('first')
    closeWorker()
    await expect(completion(gate, model.url)).rejects.toThrow(WorkerClosingError)
    let called = 0
    const inner: typeof fetch = (input, init) => {
      called++
      return fetch(input, init)
    }
    await expect(gate.fetch(inner)(`${model.url}/chat/completions`, { method: 'POST', body: '{}' })).rejects.toThrow(
      /the test worker is shutting down .*no request is sent any more/,
    )
    expect(called).toBe(0)
    expect(model.requests).toHaveLength(1)
  })
})
