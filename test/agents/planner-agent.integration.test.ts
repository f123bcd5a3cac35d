import { describe, expect, it } from 'vitest'
import type { ScriptedTurn } from '../../fixtures/models/scripted-server.ts'
import { parsePlan, plannerAgent } from '../../src/runtime/agents/planner.ts'
import { mathAgentRuns } from '../support/math-agent-runs.ts'

const runs = mathAgentRuns('planner', 'Add 2 and 3, add 4 and 5, then multiply the two sums.')
const model = () => runs.model()

const plan = (reasoning: string, calls: Array<[string, object]>, more = true) => ({
  content: `Plan:\n\`\`\`json\n${JSON.stringify({ reasoning, should_continue: more, planned_tools: calls.map(([tool, parameters]) => ({ tool, parameters })) })}\n\`\`\``,
})

const run = (script: ScriptedTurn[], maxRounds = 5, extra: Partial<Parameters<typeof plannerAgent>[0]> = {}) =>
  runs.run(script, maxRounds, (baseURL) => plannerAgent({ model: 'plain-chat', baseURL, apiKey: 'k', maxRetries: 0, ...extra }))

describe('plannerAgent (MCP-Bench multi-turn planning)', () => {
  it("runs each plan's calls in parallel, round by round, then writes the answer from the history", async () => {
    const t = await run([
      plan('two independent sums', [
        ['math__add', { firstNumber: 2, secondNumber: 3 }],
        ['math__add', { firstNumber: 4, secondNumber: 5 }],
      ]),
      plan('multiply the sums', [['math__multiply', { firstNumber: 5, SecondNumber: 9 }]], false),
      { content: 'The product is 45.' },
    ])
    expect(t.answer).toBe('The product is 45.')
    expect(t.calls.map((c) => [c.round, c.tool])).toEqual([
      [1, 'add'],
      [1, 'add'],
      [2, 'multiply'],
    ])
    expect(t.calls.every((c) => !c.isError)).toBe(true)
    // Tools are described in the prompt, never sent as native `tools`, so any chat model can plan.
    expect(model().requests.every((r) => r.body.tools === undefined)).toBe(true)
    expect(model().requests[0]!.body.messages[0].content).toContain('math__multiply')
    // The round and the budget, as MCP-Bench's planning prompt gives them.
    expect(model().requests[0]!.body.messages[1].content).toContain('Planning round 1 of at most 5.')
    expect(model().requests[1]!.body.messages[1].content).toContain('Planning round 2 of at most 5.')
    // Round 2 and the final answer see the earlier results.
    expect(model().requests[1]!.body.messages[1].content).toMatch(/math__add \{"firstNumber":4,"secondNumber":5\} →\n9/)
    expect(model().requests[2]!.body.messages[1].content).toContain('45')
    expect(t.turns).toHaveLength(3)
  })

  it('tells the model when a reply is not a plan, and goes on', async () => {
    const t = await run([
      { content: 'I will add the numbers now!' },
      plan('add', [['math__add', { firstNumber: 2, secondNumber: 3 }]], false),
      { content: 'It is 5.' },
    ])
    expect(t.answer).toBe('It is 5.')
    expect(model().requests[1]!.body.messages[1].content).toMatch(/could not be read as a plan \(no JSON object\)/)
    expect(t.calls).toHaveLength(1)
  })

  it('records a planned tool that does not exist as an invalid call', async () => {
    const t = await run([plan('power', [['math__power', { base: 2 }]], false), { content: 'No such tool.' }])
    expect(t.calls[0]).toMatchObject({ valid: false, isError: true })
  })

  it('shortens long observations: truncated by default, or summarised by the model', async () => {
    const huge = await run(
      [plan('mode', [['math__mode', { numbers: Array.from({ length: 300 }, (_, i) => i) }]], false), { content: 'Done.' }],
      5,
      { observationChars: 100 },
    )
    expect(huge.answer).toBe('Done.')
    expect(model().requests[1]!.body.messages[1].content).toMatch(/characters omitted\]/)
    const summarised = await run(
      [
        plan('mode', [['math__mode', { numbers: Array.from({ length: 300 }, (_, i) => i) }]], false),
        { content: 'Every value appears once.' },
        { content: 'Done.' },
      ],
      5,
      { observationChars: 100, compress: 'model' },
    )
    expect(model().requests[1]!.body.messages[0].content).toMatch(/^Summarise this tool output/)
    expect(model().requests[2]!.body.messages[1].content).toContain('(summary) Every value appears once.')
    expect(summarised.turns).toHaveLength(3)
  })

  it('stops at maxRounds and still answers', async () => {
    const loop = plan('again', [['math__add', { firstNumber: 1, secondNumber: 1 }]])
    const t = await run([loop, loop, { content: 'Stopped.' }], 2)
    expect(t.calls).toHaveLength(2)
    expect(t.answer).toBe('Stopped.')
  })
})

describe('parsePlan', () => {
  it('reads fenced or bare plans and the usual variants', () => {
    expect(parsePlan('{"reasoning":"r","should_continue":false,"planned_tools":[]}')).toEqual({
      reasoning: 'r',
      continue: false,
      calls: [],
    })
    expect(parsePlan('ok ```json\n{"planned_tools":[{"name":"a__b","arguments":{"x":1}}],}\n```')).toEqual({
      reasoning: '',
      continue: true,
      calls: [{ tool: 'a__b', parameters: { x: 1 } }],
    })
    expect(parsePlan('nothing here')).toBe('no JSON object')
    expect(parsePlan('{"answer": 3}')).toBe('no "planned_tools" or "should_continue" in the JSON')
  })
})
