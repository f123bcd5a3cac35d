import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import type { AgentContext } from '../../src/runtime/agents/types.ts'
import type { AgentSetting } from '../../src/contracts/options.ts'
import { parseServers } from '../../src/config/load-servers.ts'
import { createRedactor } from '../../src/lib/redact.ts'
import type { Runtime } from '../../src/runtime/state.ts'
import type { RuntimeSettings } from '../../src/contracts/settings.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { runAgent } from '../../src/runtime/task/run-agent.ts'
import { TaskSpecSchema } from '../../src/contracts/task-spec.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'

/**
 * The package's own agents run in the worker, beside the referee. This pins down what they are handed: the
 * context (its keys and everything in it) and, for the model loops, every byte the model receives. None may
 * carry the reference (calls, answer, facts, analysis), the concrete prompt when the fuzzy one is shown, the
 * category or the tags.
 */
const servers = parseServers(
  {
    mcpServers: {
      probe: { module: './test/support/probe-server.ts' },
      decoy: { module: './test/support/probe-server.ts', options: { name: 'decoy' } },
    },
  },
  'test',
)
const hub = new ServerHub({ ...servers, root: process.cwd() })
const settings = {
  root: process.cwd(),
  servers: { ...servers, source: 'test' },
  agents: [],
  defaultChecks: { answer: true, facts: true, validToolNames: false, schemaCompliance: false },
  taskTimeout: 10_000,
  judgeTimeout: 5_000,
  trials: 1,
  maxRounds: 3,
  maxToolOutputChars: 1_000,
  maxRecordedOutputChars: 1_000,
  judge: null,
  distractors: { resident: [], maxTools: 128 },
  excludeTools: [],
} as unknown as RuntimeSettings
const runtime: Runtime = { settings, hub, hubFor: () => hub, redactor: createRedactor([]) }

const HIDDEN = [
  'CONCRETE-PROMPT',
  'SECRET-ARG',
  'REFERENCE-ANSWER',
  'FACT-VALUE',
  'FACT-ALTERNATIVE',
  'FORBIDDEN-VALUE',
  'ANALYSIS-TEXT',
  'single-server/single',
  'TAG-SENTINEL',
]
const spec = TaskSpecSchema.parse({
  servers: ['probe'],
  prompt: 'CONCRETE-PROMPT: call probe.echo with SECRET-ARG',
  fuzzy: 'Could you say hello for me?',
  category: 'single-server/single',
  tags: ['TAG-SENTINEL'],
  distractors: ['decoy'],
  reference: {
    calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'SECRET-ARG' } }],
    answer: 'REFERENCE-ANSWER',
    facts: ['FACT-VALUE', { value: 'FACT-VALUE', anyOf: ['FACT-ALTERNATIVE'], forbid: ['FORBIDDEN-VALUE'] }],
    dependencyAnalysis: 'ANALYSIS-TEXT',
  },
})

let model: ScriptedModelServer
beforeAll(async () => {
  process.env.E2E_SCRIPTED_KEY = 'sk-scripted'
  // The tools loop gets one tool call, then everyone gets a final answer in the form its loop reads.
  model = await startScriptedModel({
    script: (request) => {
      const first = request.body.messages.filter((m: { role: string }) => m.role === 'assistant').length === 0
      if (request.body.tools && first) return { toolCalls: [{ name: 'probe__echo', arguments: { text: 'hello' } }] }
      return { content: 'Thought: done.\nFinal Answer: hello\n{"planned_tools": [], "should_continue": false, "final_answer": "hello"}' }
    },
  })
})
afterAll(async () => {
  await model.close()
  await hub.close()
})

const openai = (loop: 'tools' | 'planner' | 'react'): AgentSetting => ({
  kind: 'openai',
  model: 'scripted',
  baseURL: model.url,
  apiKeyEnv: 'E2E_SCRIPTED_KEY',
  loop,
  maxRetries: 0,
})
const baseline = (file: string): AgentSetting => ({
  kind: 'module',
  module: `./src/runtime/agents/baselines/${file}.ts`,
  export: 'default',
  isolation: 'none',
})

describe('what the built-in agents are handed', () => {
  it.each([
    ['tools loop', () => openai('tools')],
    ['planner loop', () => openai('planner')],
    ['react loop', () => openai('react')],
    ['random', () => baseline('random')],
    ['greedy-one-step', () => baseline('greedy-one-step')],
  ])('%s: the context holds the id, the shown prompt, the tools and the limits, and nothing the referee holds', async (_label, setting) => {
    const contexts: AgentContext[] = []
    const context = TrajectoryRecorder.prototype.context
    const spy = vi.spyOn(TrajectoryRecorder.prototype, 'context').mockImplementation(function (this: TrajectoryRecorder) {
      const ctx = context.call(this)
      contexts.push(ctx)
      return ctx
    })
    const before = model.requests.length
    // The random agent calls anything: the probe's tools that exit, sleep or flood stay out of the catalog.
    const excludeTools = ['probe', 'decoy'].flatMap((s) => ['crash', 'crash-now', 'sleep', 'huge', 'env'].map((t) => `${s}.${t}`))
    const session = await hub.acquire(spec.servers, { distractors: ['decoy'], excludeTools })
    try {
      const { trajectory } = await runAgent({
        id: 'builtin/task',
        spec,
        setting: setting(),
        name: 'builtin',
        runtime,
        session,
        timeout: 10_000,
        signal: new AbortController().signal,
      })
      expect(contexts).toHaveLength(1)
      const ctx = contexts[0]!
      expect(Object.keys(ctx).sort()).toEqual(['callTool', 'maxRounds', 'nextRound', 'recordTurn', 'signal', 'task', 'tools'])
      expect(ctx.task).toEqual({ id: 'builtin/task', prompt: 'Could you say hello for me?' })
      expect(ctx.maxRounds).toBe(3)
      expect(ctx.tools.every((t) => Object.keys(t).sort().join() === 'description,inputSchema,name,server,tool')).toBe(true)
      const seen = [JSON.stringify(ctx), JSON.stringify(trajectory.calls.map((c) => c.args))]
      // Every request the model received, in full.
      const requests = model.requests.slice(before).map((r) => JSON.stringify(r.body))
      if ((setting() as { kind?: string }).kind === 'openai') {
        expect(requests.length).toBeGreaterThan(0)
        expect(requests[0]).toContain('Could you say hello for me?')
      }
      for (const text of [...seen, ...requests]) for (const hidden of HIDDEN) expect(text).not.toContain(hidden)
    } finally {
      spy.mockRestore()
      await session.release()
    }
  })
})
