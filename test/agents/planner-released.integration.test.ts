import { afterEach, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer, type ScriptedTurn } from '../../fixtures/models/scripted-server.ts'
import { plannerAgent } from '../../src/runtime/agents/planner.ts'
import { failed, fakeContext, ok, smallCatalog } from '../support/fake-agent-context.ts'

const servers: ScriptedModelServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function run(script: ScriptedTurn[], answer = (name: string, args: unknown) => ok(`${name} ${JSON.stringify(args)}`)) {
  const server = await startScriptedModel({ script })
  servers.push(server)
  const { ctx, calls } = fakeContext('Plan a trip.', smallCatalog, answer)
  const agent = plannerAgent({ model: 'm', baseURL: server.url, apiKey: 'k', executor: 'released-code' })
  const final = await agent.run(ctx)
  return { calls, final, requests: server.requests.map((r) => r.body) }
}

const plan = (go: unknown, tools: unknown[]) => JSON.stringify({ reasoning: 'r', should_continue: go, planned_tools: tools })

describe('the planner under executor: released-code', () => {
  it('asks once to fix an unreadable plan, then stops when the fix is no plan either', async () => {
    const { calls, requests } = await run([{ content: 'I will look it up.' }, { content: 'still prose' }, { content: 'final' }])
    expect(calls).toEqual([])
    expect(requests).toHaveLength(3)
    // The final answer is asked with the planning limit too (_synthesize_final_solution passes get_planning_tokens()).
    expect(requests.map((b) => b.max_tokens)).toEqual([12_000, 8_000, 12_000])
  })

  it('runs the plan a fix gives, and reads should_continue as Python does ("false" goes on, 0 stops)', async () => {
    const { calls } = await run([
      { content: 'prose' },
      { content: plan(true, [{ tool: 'math__sum', parameters: { numbers: [1] } }]) },
      { content: plan('false', [{ tool: 'math__sum', parameters: 'as text' }, { parameters: {} }]) },
      { content: plan(0, [{ tool: 'math__sum', parameters: {} }]) },
      { content: 'final' },
    ])
    expect(calls).toEqual([
      { name: 'math__sum', args: { numbers: [1] }, round: 1 },
      { name: 'math__sum', args: 'as text', round: 2 },
    ])
  })

  it('tells the model in its history whether each call succeeded, and summarises long output, cut', async () => {
    const long = 'x'.repeat(5_000)
    const { requests } = await run(
      [
        {
          content: plan(true, [
            { tool: 'math__sum', parameters: {} },
            { tool: 'weather__get_weather_forecast_tool', parameters: { city: 'Oslo' } },
          ]),
        },
        { content: `  ${'s'.repeat(4_500)}  ` },
        { content: plan(false, []) },
        { content: 'final' },
      ],
      (name) => (name === 'math__sum' ? failed('bad numbers') : ok(long)),
    )
    const history = String(requests[2]!.messages[1].content)
    expect(history).toContain('- math__sum {} FAILED:\nbad numbers')
    expect(history).toContain(`- weather__get_weather_forecast_tool {"city":"Oslo"} succeeded:\n(summary) ${'s'.repeat(4_000)}\n`)
    expect(requests[1]!.max_tokens).toBe(10_000)
  })
})
