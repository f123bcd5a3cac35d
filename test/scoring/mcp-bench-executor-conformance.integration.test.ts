import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type RecordedRequest, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { plannerAgent } from '../../src/runtime/agents/planner.ts'
import { executorCases, type ExecutorCase } from '../support/messy-planner-scripts.ts'
import { fakeContext, ok } from '../support/fake-agent-context.ts'

/**
 * The released-code planner against MCP-Bench's own executor: for each of the 104 messy planner scripts
 * (test/support/messy-planner-scripts.ts), scripts/mcp-bench-executor-conformance.py ran agent/executor.py's
 * `TaskExecutor.execute` on the same replies (the commit is in executor-expected.json). The planner must make
 * the same calls, with the arguments as written, in the same rounds and order, and stop after as many rounds.
 */
const expected = JSON.parse(readFileSync(new URL('../fixtures/mcp-bench-conformance/executor-expected.json', import.meta.url), 'utf8')) as {
  sequentialOnlyTools: string[]
  cases: Array<{ id: string; total_rounds: number; calls: Array<[number, string, unknown]> }>
}

let server: ScriptedModelServer
let queue: string[] = []
const STOP = JSON.stringify({ reasoning: 'script ended', should_continue: false, planned_tools: [] })
/** Planning and format-fix requests read the script, as the Python stand-in's do; anything else (summaries, the answer) gets a fixed text. */
const answer = (req: RecordedRequest) => {
  const system = String(req.body.messages?.[0]?.content ?? '')
  const scripted = system.includes('planning tool calls') || system.includes('Rewrite a planning reply')
  return { content: scripted ? (queue.shift() ?? STOP) : 'final answer' }
}

let cases: ExecutorCase[]
beforeAll(async () => {
  server = await startScriptedModel({ script: answer })
  cases = await executorCases()
}, 60_000)
afterAll(() => server.close())

async function replay(c: ExecutorCase) {
  queue = [...c.replies]
  let rounds = 0
  const { ctx, calls } = fakeContext('scripted task', c.tools, (_name, args) => ok(JSON.stringify(args ?? null)), { nextRound: () => ++rounds })
  const agent = plannerAgent({ model: 'stand-in', baseURL: server.url, apiKey: 'k', executor: 'released-code', stoppingPlan: 'drop', sequentialTools: expected.sequentialOnlyTools })
  await agent.run(ctx)
  // The loop's rounds and the final answer's: MCP-Bench reports round_num - 1, the round that stopped the loop less one.
  return { total_rounds: rounds - 2, calls: calls.map((x) => [x.round, x.name, x.args]) }
}

describe('released-code planner = MCP-Bench\'s executor (executor-expected.json)', () => {
  it('covers the 104 tasks', () => {
    expect(expected.cases.map((c) => c.id)).toEqual(cases.map((c) => c.id))
  })

  it('makes the same calls in the same rounds and stops after as many rounds, on every script', async () => {
    const differ: string[] = []
    for (const [i, c] of cases.entries()) {
      const got = await replay(c)
      const want = expected.cases[i]!
      if (JSON.stringify(got) !== JSON.stringify({ total_rounds: want.total_rounds, calls: want.calls })) differ.push(`${c.id}: ${JSON.stringify(got).slice(0, 300)} vs ${JSON.stringify(want).slice(0, 300)}`)
    }
    expect(differ).toEqual([])
  }, 120_000)
})
