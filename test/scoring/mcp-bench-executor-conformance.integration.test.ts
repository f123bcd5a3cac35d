import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type RecordedRequest, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { plannerAgent } from '../../src/runtime/agents/planner.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'
import type { CatalogEntry } from '../../src/contracts/catalog.ts'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { executorCases, type ExecutorCase } from '../support/messy-planner-scripts.ts'

/**
 * The released-code planner against MCP-Bench's own executor: for each of the 104 messy planner scripts
 * (test/support/messy-planner-scripts.ts), scripts/mcp-bench-executor-conformance.py ran agent/executor.py's
 * `TaskExecutor.execute` on the same replies (the commit is in executor-expected.json). The planner must make
 * the same calls, with the arguments as written, in the same rounds and order, and stop after as many rounds.
 */
const expected = JSON.parse(readFileSync(new URL('../fixtures/mcp-bench-conformance/executor-expected.json', import.meta.url), 'utf8')) as {
  sequentialOnlyTools: string[]
  cases: Array<{ id: string; total_rounds: number; calls: Array<[number, string, unknown]>; schemaCompliant: Array<boolean | null>; inputSchemaCompliance: number | null }>
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
}, 300_000)
afterAll(() => server.close())

/**
 * The planner through the recorder, as in a run under `fidelity: 'released-code'` (MCP-Bench's schema semantics),
 * with servers whose tools answer with their arguments, as the Python stand-in's do.
 */
async function replay(c: ExecutorCase) {
  queue = [...c.replies]
  const entries = c.tools.map((t) => ({ ...t, distractor: false })) as CatalogEntry[]
  const byName = new Map(entries.map((e) => [e.name, e]))
  const echo = { alive: () => true, stderrTail: () => '', client: { callTool: async (req: { arguments: unknown }) => ({ content: [{ type: 'text', text: JSON.stringify(req.arguments ?? null) }] }) } }
  const recorder = new TrajectoryRecorder({
    task: { id: c.id, prompt: 'scripted task' }, agent: 'stand-in', catalog: { entries, resolve: (name: string) => byName.get(name) } as never,
    connections: new Map(c.tools.map((t) => [t.server, echo])) as never, maxRounds: 20, signal: new AbortController().signal,
    maxToolOutputChars: 100_000, maxRecordedOutputChars: 100_000, callTimeoutMs: () => 10_000, schemaSemantics: 'mcp-bench',
  })
  const agent = plannerAgent({ model: 'stand-in', baseURL: server.url, apiKey: 'k', executor: 'released-code', stoppingPlan: 'drop', sequentialTools: expected.sequentialOnlyTools })
  await agent.run(recorder.context())
  const t = recorder.trajectory
  return {
    // The loop's rounds and the final answer's: MCP-Bench reports round_num - 1, the round that stopped the loop less one.
    total_rounds: t.rounds - 2,
    // The arguments as the model wrote them: the repair where there was none to make.
    calls: t.calls.map((x) => [x.round, x.name, x.rawArgs !== undefined ? x.rawArgs : x.args]),
    schemaCompliant: t.calls.map((x) => (x.valid ? x.schemaValid : null)),
    inputSchemaCompliance: ruleMetrics(t, null, { fidelity: 'released-code' }).schemaCompliance,
  }
}

describe('released-code planner = MCP-Bench\'s executor (executor-expected.json)', () => {
  it('covers the 104 tasks', () => {
    expect(expected.cases.map((c) => c.id)).toEqual(cases.map((c) => c.id))
  })

  let replays: Array<Awaited<ReturnType<typeof replay>>>
  beforeAll(async () => {
    replays = []
    for (const c of cases) replays.push(await replay(c))
  }, 600_000)

  it('makes the same calls, with the arguments as written, in the same rounds, and stops after as many rounds, on every script', () => {
    const differ = cases.flatMap((c, i) => {
      const [got, want] = [replays[i]!, expected.cases[i]!]
      return JSON.stringify([got.total_rounds, got.calls]) === JSON.stringify([want.total_rounds, want.calls]) ? [] : [`${c.id}: ${JSON.stringify(got).slice(0, 300)}`]
    })
    expect(differ).toEqual([])
  })

  it('decides schema compliance on the arguments as written as MCP-Bench\'s evaluator does, call by call and per task', () => {
    const differ = cases.flatMap((c, i) => {
      const [got, want] = [replays[i]!, expected.cases[i]!]
      return JSON.stringify([got.schemaCompliant, got.inputSchemaCompliance]) === JSON.stringify([want.schemaCompliant, want.inputSchemaCompliance]) ? [] : [c.id]
    })
    expect(differ).toEqual([])
  })
})
