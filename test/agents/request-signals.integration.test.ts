import { getEventListeners } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeTurn, modelClient } from '../../src/runtime/agents/model-client.ts'
import type { AgentContext } from '../../src/runtime/agents/types.ts'
import { createChatClient } from '../../src/runtime/judge/client.ts'
import { resolveJudgeConfig } from '../../src/runtime/judge/config.ts'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'

/**
 * The openai SDK adds an abort listener to the signal of every request it is given and never removes it. Each
 * request gets a signal of its own, linked to the task's and released when it settles, so a task's signal does
 * not collect one listener per model turn or judge sample, and aborting it at the task's end wakes nothing but
 * what is still running.
 */
let model: ScriptedModelServer

beforeAll(async () => {
  const last = (r: { body: { messages: Array<{ content: string }> } }) => r.body.messages.at(-1)?.content
  model = await startScriptedModel({
    script: (request, i) => (last(request) === 'slow' ? { content: 'slow', delayMs: 5_000 } : { content: `reply ${i}` }),
  })
})
afterAll(() => model.close())

const off = { mode: 'off' as const, dir: '' }

describe("a request's signal", () => {
  it("leaves no listener on the task's signal once a model turn is done, and still cancels one in flight", async () => {
    const task = new AbortController()
    const turns: unknown[] = []
    const ctx = { signal: task.signal, recordTurn: (t: unknown) => turns.push(t) } as unknown as AgentContext
    const { client } = modelClient({ model: 'm', baseURL: model.url, apiKey: 'k', maxRetries: 0, cassette: off }, 'test')
    for (let i = 0; i < 5; i++) await completeTurn(ctx, client(), { model: 'm', messages: [{ role: 'user', content: `turn ${i}` }] })
    expect(turns).toHaveLength(5)
    expect(getEventListeners(task.signal, 'abort')).toHaveLength(0)
    // This reply takes 5 s: aborting the task's signal once the server has the request ends it now.
    const asked = model.requests.length
    const slow = completeTurn(ctx, client(), { model: 'm', messages: [{ role: 'user', content: 'slow' }] })
    expect(getEventListeners(task.signal, 'abort')).toHaveLength(1)
    await expect.poll(() => model.requests.length, { timeout: 4_000 }).toBe(asked + 1)
    task.abort(new Error('the task has ended'))
    await expect(slow).rejects.toThrow(/abort/i)
    expect(turns).toHaveLength(5)
  })

  it("leaves no listener on the judge's signal once a judge request is done", async () => {
    const config = resolveJudgeConfig({ model: 'j', baseURL: model.url, apiKey: 'k', maxRetries: 0, cache: false }, {}, process.cwd())!
    const judge = createChatClient(config, () => true)
    const budget = new AbortController()
    for (let i = 0; i < 3; i++) await judge.complete({ model: 'j', messages: [{ role: 'user', content: `sample ${i}` }] }, budget.signal)
    expect(getEventListeners(budget.signal, 'abort')).toHaveLength(0)
  })
})
