import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import type { StoreOptions as CassetteOptions } from '../../src/runtime/exchange-store.ts'
import { openaiAgent } from '../../src/runtime/agents/openai.ts'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub, type ServerSession } from '../../src/runtime/servers/hub.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'
import { TrajectorySchema } from '../../src/contracts/trajectory.ts'

let hub: ServerHub
let session: ServerSession
let model: ScriptedModelServer | undefined

beforeAll(async () => {
  hub = new ServerHub({
    ...parseServers(
      {
        mcpServers: {
          math: { module: './fixtures/servers/math/server.ts' },
          probe: { module: './test/support/probe-server.ts' },
        },
      },
      'test',
    ),
    root: process.cwd(),
  })
  session = await hub.acquire(['math', 'probe'])
})
afterAll(async () => {
  await model?.close()
  await hub.close()
})

async function run(
  script: Parameters<typeof startScriptedModel>[0],
  opts: { maxRounds?: number; maxToolOutputChars?: number; cassette?: CassetteOptions; prompt?: string; baseURL?: string } = {},
) {
  await model?.close()
  model = await startScriptedModel(script)
  const recorder = new TrajectoryRecorder({
    task: { id: 't', prompt: opts.prompt ?? 'What is 2+3 and 4*5?' },
    agent: 'scripted',
    catalog: session.catalog,
    connections: session.connections,
    maxRounds: opts.maxRounds ?? 5,
    signal: new AbortController().signal,
    maxToolOutputChars: opts.maxToolOutputChars ?? 20_000,
    maxRecordedOutputChars: 1_000,
    callTimeoutMs: () => 5_000,
  })
  const agent = openaiAgent({
    model: 'scripted-1',
    baseURL: opts.baseURL ?? model.url,
    apiKey: 'sk-test-SECRET',
    maxRetries: 3,
    cassette: opts.cassette,
  })
  let error: string | null = null
  let answer: string | null = null
  try {
    answer = (await agent.run(recorder.context())) ?? null
  } catch (e) {
    error = (e as Error).message
  }
  return recorder.finish(answer, error)
}

describe('openaiAgent against a scripted OpenAI-compatible server', () => {
  it('records the requested model when the reply names none or something that is not a name, and the trajectory stays valid', async () => {
    const completion = (model: unknown) => ({
      status: 200,
      body: {
        id: 'c',
        object: 'chat.completion',
        created: 0,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: 'done' }, finish_reason: 'stop' }],
      },
    })
    for (const answered of [42, null, '', { name: 'x' }]) {
      const t = await run({ script: [completion(answered)] })
      expect(t.turns.map((x) => x.model)).toEqual(['scripted-1'])
      expect(TrajectorySchema.safeParse(t).success).toBe(true)
    }
  })

  it('records which model answered each turn, and when, on the clock of the tool calls', async () => {
    const t = await run({
      script: [
        { toolCalls: [{ id: 'a', name: 'math__add', arguments: { firstNumber: 2, secondNumber: 3 } }], delayMs: 120 },
        { content: '5', delayMs: 80 },
      ],
    })
    // The scripted server answers as the model it was asked for; prices are looked up by this name.
    expect(t.turns.map((x) => x.model)).toEqual(['scripted-1', 'scripted-1'])
    const [first, second] = t.turns
    const [call] = t.calls
    expect(first!.durationMs).toBeGreaterThanOrEqual(110)
    expect(second!.durationMs).toBeGreaterThanOrEqual(70)
    // Model, tool, model: the first turn ends before the call starts, the second starts after it ends (0.1 ms rounding aside).
    expect(first!.startedAt! + first!.durationMs).toBeLessThanOrEqual(call!.startedAt + 1)
    expect(second!.startedAt!).toBeGreaterThanOrEqual(call!.startedAt + call!.durationMs - 1)
    expect(second!.startedAt! + second!.durationMs).toBeLessThanOrEqual(t.durationMs + 1)
  })

  it('runs parallel tool calls of one turn concurrently and answers', async () => {
    const t = await run({
      script: [
        {
          toolCalls: [
            { id: 'a', name: 'math__add', arguments: { firstNumber: 2, secondNumber: 3 } },
            { id: 'm', name: 'math__multiply', arguments: { firstNumber: 4, SecondNumber: 5 } },
          ],
          usage: { prompt_tokens: 100, completion_tokens: 20 },
        },
        { content: '2+3 = 5 and 4*5 = 20.', usage: { prompt_tokens: 150, completion_tokens: 10 } },
      ],
    })
    expect(t.error).toBeNull()
    expect(t.answer).toBe('2+3 = 5 and 4*5 = 20.')
    expect(t.calls.map((c) => [c.id, c.round, c.server, c.tool])).toEqual([
      ['a', 1, 'math', 'add'],
      ['m', 1, 'math', 'multiply'],
    ])
    expect(t.calls.map((c) => (c.result as Array<{ text: string }>)[0]!.text)).toEqual(['5', '20'])
    // Concurrent: the second call started before the first finished.
    expect(t.calls[1]!.startedAt).toBeLessThan(t.calls[0]!.startedAt + t.calls[0]!.durationMs)
    expect(t.turns).toHaveLength(2)
    expect(t.usage).toEqual({ promptTokens: 250, completionTokens: 30, totalTokens: 280 })
    // The model saw qualified tool names and the tool results, each tied to its call id.
    const [first, second] = model!.requests
    expect(first!.body.tools.map((x: { function: { name: string } }) => x.function.name)).toContain('math__add')
    expect(second!.body.messages.filter((m: { role: string }) => m.role === 'tool')).toEqual([
      { role: 'tool', tool_call_id: 'a', content: '5' },
      { role: 'tool', tool_call_id: 'm', content: '20' },
    ])
    expect(ruleMetrics(t)).toMatchObject({ validToolNameRate: 1, schemaCompliance: 1, executionSuccess: 1 })
  })

  it("keeps a turn of 250 tool calls and usage numbers no turn could hold as the agent's record, valid and saying what it left out", async () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: `c${i}`, name: 'math__add', arguments: { firstNumber: i, secondNumber: 1 } }))
    const t = await run({
      script: [
        { toolCalls: many, usage: { prompt_tokens: 2 ** 53 + 1, completion_tokens: 1e308, total_tokens: 2 ** 53 + 1 } },
        { content: 'done', usage: { prompt_tokens: 10, completion_tokens: 2 } },
      ],
    })
    // Before: the turn's toolCalls ended with a string and the counts were not safe integers, so the record failed
    // its schema where it arrived and the task became a setup error, out of the pass rate.
    expect(TrajectorySchema.safeParse(t).error).toBeUndefined()
    expect(t.answer).toBe('done')
    expect(t.calls).toHaveLength(250)
    const [first] = t.turns
    // At most 200, fewer when their arguments spend the record's size budget first (1,000 × 3 characters here).
    const kept = first!.toolCalls.length
    expect(kept).toBeGreaterThan(0)
    expect(kept).toBeLessThanOrEqual(200)
    expect(first!.toolCalls.map((c) => c.id)).toEqual(many.slice(0, kept).map((c) => c.id))
    expect(first!.replyNotes).toEqual(
      expect.arrayContaining([
        `the reply asked for 250 tool calls: the turn's record keeps the first ${kept} (every call made is in the trajectory's calls)`,
        expect.stringMatching(/^usage\.completion_tokens was 1e\+308, more than any model's turn holds/),
      ]),
    )
    expect(t.usage).toEqual({ promptTokens: 10, completionTokens: 2, totalTokens: 12 })
  })

  it('retries a 429 with backoff, then goes on', async () => {
    const t = await run({ script: [{ status: 429, headers: { 'retry-after-ms': '20' } }, { content: 'done' }] })
    expect(t.answer).toBe('done')
    expect(model!.requests).toHaveLength(2)
  })

  it('records an unknown tool and arguments that are not JSON, and tells the model', async () => {
    const t = await run({
      script: [
        {
          toolCalls: [
            { id: 'u', name: 'math__power', arguments: { base: 2 } },
            { id: 'j', name: 'math__add', arguments: '{"firstNumber": 2,' },
            { id: 's', name: 'math__add', arguments: { firstNumber: 'two', secondNumber: 3 } },
          ],
        },
        { content: 'I could not compute it.' },
      ],
    })
    const [unknown, notJson, badSchema] = t.calls
    expect(unknown).toMatchObject({ valid: false, server: null, isError: true, error: expect.stringMatching(/Unknown tool "math__power"/) })
    expect(notJson).toMatchObject({
      valid: true,
      schemaValid: false,
      isError: true,
      args: '{"firstNumber": 2,',
      argsError: expect.stringMatching(/not valid JSON/),
    })
    expect(badSchema).toMatchObject({ valid: true, schemaValid: false, isError: true })
    const toolMessages = model!.requests[1]!.body.messages.filter((m: { role: string }) => m.role === 'tool')
    expect(toolMessages[0].content).toMatch(/Unknown tool/)
    expect(toolMessages[1].content).toMatch(/not valid JSON/)
    expect(ruleMetrics(t)).toMatchObject({ validToolNameRate: 2 / 3, schemaCompliance: 0, executionSuccess: 0 })
  })

  it('stops at maxRounds and asks once more, without tools, for the answer', async () => {
    const loop = { toolCalls: [{ name: 'probe__increment', arguments: {} }] }
    const t = await run({ script: [loop, loop, { content: 'Gave up after two rounds.' }] }, { maxRounds: 2 })
    expect(t.answer).toBe('Gave up after two rounds.')
    expect(t.calls).toHaveLength(2)
    expect(t.rounds).toBe(3)
    expect(model!.requests[2]!.body.tools).toBeUndefined()
  })

  it('cuts huge tool output before the model sees it, and in the record', async () => {
    const t = await run(
      { script: [{ toolCalls: [{ id: 'h', name: 'probe__huge', arguments: { n: 50_000 } }] }, { content: 'ok' }] },
      { maxToolOutputChars: 2_000 },
    )
    const shown = model!.requests[1]!.body.messages.find((m: { role: string }) => m.role === 'tool').content as string
    expect(shown.length).toBeLessThan(2_200)
    expect(shown).toMatch(/truncated: 48000 of 50000 characters omitted/)
    expect(t.calls[0]!.truncated).toBe(true)
    expect(JSON.stringify(t.calls[0]!.result).length).toBeLessThan(1_300)
  })

  it('fails with the reason when the model keeps failing, keeping what it recorded', async () => {
    const t = await run({
      script: [
        { toolCalls: [{ name: 'math__add', arguments: { firstNumber: 1, secondNumber: 1 } }] },
        ...Array.from({ length: 4 }, () => ({ status: 500, headers: { 'retry-after-ms': '5' } })),
      ],
    })
    expect(t.error).toMatch(/500/)
    expect(t.calls).toHaveLength(1)
  })

  it('fails with a clear reason when the model answers with something that is not a completion', async () => {
    const t = await run({ script: [{ status: 200, body: 'this is not json' }] })
    expect(t.error).toBe('model scripted-1 returned no message (response: "this is not json")')
    expect(t.answer).toBeNull()
    const empty = await run({ script: () => ({ status: 200, body: { id: 'x', object: 'chat.completion', choices: [] } }) })
    expect(empty.error).toMatch(/returned no message/)
  })

  it('refuses, before any request, a catalog larger than the tools a request may carry', async () => {
    await model?.close()
    model = await startScriptedModel({ script: [{ content: 'never asked' }] })
    const recorder = new TrajectoryRecorder({
      task: { id: 'big', prompt: 'p' },
      agent: 'a',
      catalog: session.catalog,
      connections: session.connections,
      maxRounds: 2,
      signal: new AbortController().signal,
      maxToolOutputChars: 100,
      maxRecordedOutputChars: 100,
      callTimeoutMs: () => 1_000,
    })
    const agent = openaiAgent({ model: 'm', baseURL: model.url, apiKey: 'k', maxTools: 5 })
    await expect(agent.run(recorder.context())).rejects.toThrow(/task "big" offers 2\d tools, more than this agent sends \(5;/)
    expect(model.requests).toHaveLength(0)
  })

  it('never puts the API key in the trajectory', async () => {
    const t = await run({ script: [{ content: 'fine' }] })
    expect(JSON.stringify(t)).not.toContain('sk-test-SECRET')
    expect(JSON.stringify(model!.requests)).not.toContain('sk-test-SECRET')
  })
})

describe('model cassettes', () => {
  const script = [{ toolCalls: [{ id: 'a', name: 'math__add', arguments: { firstNumber: 2, secondNumber: 3 } }] }, { content: 'It is 5.' }]

  it('records a run, then replays it with no model server, byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cassette-'))
    const recorded = await run({ script }, { cassette: { mode: 'record', dir } })
    expect(recorded.answer).toBe('It is 5.')
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))
    expect(files).toHaveLength(2)
    const stored = files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n')
    expect(stored).not.toContain('sk-test-SECRET')
    expect(stored).not.toMatch(/authorization/i)

    // The replay's model server answers nothing: every answer comes from the cassette.
    const replayed = await run({ script: [] }, { cassette: { mode: 'replay', dir } })
    expect(model!.requests).toHaveLength(0)
    expect(replayed.answer).toBe('It is 5.')
    expect(replayed.calls.map((c) => [c.name, c.args])).toEqual(recorded.calls.map((c) => [c.name, c.args]))
  })

  it('fails a replay at once, naming the miss, when the run asks something never recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cassette-'))
    await run({ script }, { cassette: { mode: 'record', dir } })
    const other = await run({ script: [] }, { cassette: { mode: 'replay', dir }, prompt: 'What is 7+8?' })
    expect(other.error).toMatch(/cassette miss: no recorded answer for this scripted-1 request \(2 messages\)/)
    // At once: the miss never reaches the model server, so no retry or backoff can follow it.
    expect(model!.requests).toHaveLength(0)
  })

  it('keys entries by path and body, not by host, so a cassette replays against any base URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cassette-'))
    await run({ script }, { cassette: { mode: 'record', dir } })
    const replayed = await run({ script: [] }, { cassette: { mode: 'replay', dir }, baseURL: 'http://127.0.0.1:9/v1' })
    expect(replayed.answer).toBe('It is 5.')
  })
})
