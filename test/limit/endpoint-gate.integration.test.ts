import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { endpointGate } from '../../src/runtime/limit/endpoint-gate.ts'
import { slots } from '../../src/runtime/limit/slots.ts'
import type { LocalSlots } from '../../src/lib/local-slots.ts'

let model: ScriptedModelServer | undefined
afterEach(() => model?.close())

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
      openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }, { fetchOptions: fetchOptions as OpenAI.RequestOptions['fetchOptions'] }))
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
})
