import { describe, expect, it } from 'vitest'
import type { ScriptedTurn } from '../../fixtures/models/scripted-server.ts'
import { reactAgent, type ReactAgentOptions } from '../../src/runtime/agents/react.ts'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { mathAgentRuns } from '../support/math-agent-runs.ts'

const PROMPT = 'Add 2 and 3, then multiply the sum by 9.'
const runs = mathAgentRuns('react', PROMPT)
const model = () => runs.model()

/** Runs the ReAct agent against a fresh scripted model. */
const run = (script: ScriptedTurn[], maxRounds = 5, extra: Partial<ReactAgentOptions> = {}) =>
  runs.run(script, maxRounds, (baseURL) => reactAgent({ model: 'plain-chat', baseURL, apiKey: 'k', maxRetries: 0, ...extra }))

const step = (thought: string, tool: string, input: object | string) => ({
  content: `Thought: ${thought}\nAction: ${tool}\nAction Input: ${typeof input === 'string' ? input : JSON.stringify(input)}`,
})
const add = step('First the sum.', 'math__add', { firstNumber: 2, secondNumber: 3 })
const multiply = step('Now the product.', 'math__multiply', { firstNumber: 5, SecondNumber: 9 })
const answer = { content: 'Thought: I have the product.\nFinal Answer: The result is 45.' }

/** The text of the last message of chat request `i`. */
const lastMessage = (i: number): string => model().requests[i]!.body.messages.at(-1).content

describe('reactAgent (MCP-AgentBench ReAct mode) through the openai SDK', () => {
  it('runs two actions, one per step, feeds each observation back and returns the final answer', async () => {
    const t = await run([
      { ...add, usage: { prompt_tokens: 300, completion_tokens: 20 } },
      { ...multiply, usage: { prompt_tokens: 340, completion_tokens: 22 } },
      { ...answer, usage: { prompt_tokens: 380, completion_tokens: 12 } },
    ])
    expect(t.error).toBeNull()
    expect(t.answer).toBe('The result is 45.')
    expect(t.calls.map((c) => [c.round, `${c.server}.${c.tool}`, c.args, c.isError])).toEqual([
      [1, 'math.add', { firstNumber: 2, secondNumber: 3 }, false],
      [2, 'math.multiply', { firstNumber: 5, SecondNumber: 9 }, false],
    ])
    expect(ruleMetrics(t).validToolNameRate).toBe(1)
    // The tools and the format are described in the prompt; no native `tools` are sent.
    const [first, second, third] = model().requests
    expect(model().requests.every((r) => r.body.tools === undefined)).toBe(true)
    expect(first!.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('- math__multiply:') })
    expect(first!.body.messages[0].content).toMatch(/Action Input: <the tool's arguments as one JSON object/)
    expect(first!.body.messages[1]).toEqual({ role: 'user', content: PROMPT })
    // The history is the conversation: each step as the assistant's message, then its observation.
    expect(second!.body.messages.slice(2)).toEqual([
      { role: 'assistant', content: add.content },
      { role: 'user', content: 'Observation: 5' },
    ])
    expect(third!.body.messages.slice(4)).toEqual([
      { role: 'assistant', content: multiply.content },
      { role: 'user', content: 'Observation: 45' },
    ])
    // One recorded turn per step, none with a parse error, and the usage of all three summed.
    expect(t.turns.map((x) => [x.round, x.parseError])).toEqual([
      [1, undefined],
      [2, undefined],
      [3, undefined],
    ])
    expect(t.turns[0]!.usage).toEqual({ promptTokens: 300, completionTokens: 20, totalTokens: 320 })
    expect(t.usage).toEqual({ promptTokens: 1020, completionTokens: 54, totalTokens: 1074 })
    expect(t.rounds).toBe(3)
  })

  it('is named `<model> (react)` unless given a name', () => {
    expect(reactAgent({ model: 'qwen3:8b', baseURL: 'http://x' }).name).toBe('qwen3:8b (react)')
    expect(reactAgent({ model: 'qwen3:8b', baseURL: 'http://x', name: 'mine' }).name).toBe('mine')
  })

  it('answers malformed steps with a reminder and records why; fenced output and a missing Thought are fine', async () => {
    const t = await run(
      [
        { content: 'Let me think about the numbers first.' }, // no action
        step('Sum.', 'math__add', '{"firstNumber": 2, secondNumber: 3}'), // bad JSON
        { content: '```\nThought: Sum, properly.\nAction: math__add\nAction Input: {"firstNumber": 2, "secondNumber": 3}\n```' }, // fenced
        step('Product.', 'math__power', { base: 5 }), // unknown tool
        { content: 'Action: math__multiply\nAction Input: {"firstNumber": 5, "SecondNumber": 9}' }, // no Thought
        answer,
      ],
      8,
    )
    expect(t.error).toBeNull()
    expect(t.answer).toBe('The result is 45.')
    expect(t.turns.map((x) => x.parseError)).toEqual([
      'the reply has neither an "Action:" line nor a "Final Answer:" line',
      expect.stringMatching(/^the Action Input is not valid JSON \(/),
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    // The model is shown its reply and why it could not be used, with the format again.
    expect(model().requests[1]!.body.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'Let me think about the numbers first.' },
      {
        role: 'user',
        content: expect.stringMatching(
          /^Your last reply could not be used: the reply has neither an "Action:" line nor a "Final Answer:" line\.\n\nReply in exactly this format/,
        ),
      },
    ])
    expect(lastMessage(2)).toMatch(/^Your last reply could not be used: the Action Input is not valid JSON/)
    // Malformed steps make no call. The unknown tool still goes through callTool and counts as an invalid name.
    expect(t.calls.map((c) => [c.round, c.name, c.valid])).toEqual([
      [3, 'math__add', true],
      [4, 'math__power', false],
      [5, 'math__multiply', true],
    ])
    expect(ruleMetrics(t).validToolNameRate).toBeCloseTo(2 / 3)
    expect(lastMessage(4)).toMatch(/^Observation: Unknown tool "math__power"/)
    expect(lastMessage(5)).toBe('Observation: 45')
  })

  it('suggests the catalog name for a mis-cased or bare tool, without calling it for the model', async () => {
    const t = await run([step('Sum.', 'add', { firstNumber: 2, secondNumber: 3 }), { content: 'Final Answer: 5' }])
    expect(t.calls).toEqual([expect.objectContaining({ name: 'add', valid: false, isError: true })])
    expect(lastMessage(1)).toMatch(/Did you mean math__add\? Write tool names exactly as listed\.$/)
  })

  it('ends the run with a clear error once the reminders are used up', async () => {
    const t = await run([{ content: '' }, { content: 'Action: math__add\nAction Input: {oops}' }, add], 5, { formatReminders: 1 })
    expect(t.answer).toBeNull()
    expect(model().requests[1]!.body.messages.slice(-2)).toEqual([
      { role: 'assistant', content: '(empty reply)' },
      { role: 'user', content: expect.stringMatching(/^Your last reply could not be used: the reply was empty\./) },
    ])
    expect(t.error).toMatch(
      /^ReAct agent: the model broke the reply format 2 times, more than the 1 reminder\(s\) allowed \(formatReminders\); last problem: the Action Input is not valid JSON/,
    )
    expect(t.turns.map((x) => x.parseError)).toEqual([expect.any(String), expect.any(String)])
    expect(t.calls).toEqual([])
    expect(model().pending()).toBe(1)
  })

  it('past the step limit asks once for an immediate final answer', async () => {
    const t = await run([add, multiply, { content: 'Thought: out of steps.\nFinal Answer: It is 45.' }], 2)
    expect(t.answer).toBe('It is 45.')
    expect(t.calls).toHaveLength(2)
    expect(t.rounds).toBe(3)
    expect(model().requests).toHaveLength(3)
    expect(lastMessage(2)).toMatch(/^You have used every step available\. Do not call any more tools\. Reply now with "Final Answer:"/)
    // The observation of the last step is still in the history the model answers from.
    expect(model().requests[2]!.body.messages.at(-2)).toEqual({ role: 'user', content: 'Observation: 45' })
  })

  it('takes an unlabelled reply as the answer after the step limit, but not another action', async () => {
    const plain = await run([add, { content: 'The sum is 5.' }], 1)
    expect(plain.answer).toBe('The sum is 5.')
    expect(plain.turns.at(-1)!.parseError).toBeUndefined()

    const stubborn = await run([add, multiply], 1)
    expect(stubborn.answer).toBeNull()
    expect(stubborn.calls).toHaveLength(1)
    expect(stubborn.turns.at(-1)!.parseError).toBe(
      'asked for a final answer after the step limit, the model requested the action math__multiply instead',
    )
  })

  it('counts malformed steps against the step limit', async () => {
    const t = await run([{ content: 'Hmm.' }, { content: 'Still thinking.' }, { content: 'Final Answer: no idea' }], 2)
    expect(t.answer).toBe('no idea')
    expect(t.turns.map((x) => x.round)).toEqual([1, 2, 3])
    expect(lastMessage(2)).toMatch(/^You have used every step available/)
  })
})
