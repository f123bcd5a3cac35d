import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planFollower, type FollowedTask } from '../../fixtures/models/plan-follower.ts'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { openaiAgent } from '../../src/runtime/agents/openai.ts'
import { plannerAgent } from '../../src/runtime/agents/planner.ts'
import { reactAgent } from '../../src/runtime/agents/react.ts'
import type { Agent } from '../../src/runtime/agents/types.ts'
import { matchCalls } from '../../src/scoring/call-match.ts'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub, type ServerSession } from '../../src/runtime/servers/hub.ts'
import { dependencyLayers } from '../../src/scoring/reference-layers.ts'
import { ReferencePlanSchema, type ReferencePlan } from '../../src/contracts/task-spec.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'

// Two plans over the math fixture: a sequential one and a parallel one.
const tasks: Array<{ id: string; prompt: string; plan: ReferencePlan }> = [
  {
    id: 'harvest',
    prompt: 'We brought in 120 tonnes and 150 tonnes. At $30 a tonne, what is the total and what is it worth?',
    plan: ReferencePlanSchema.parse({
      calls: [
        { id: 'total', tool: 'math.sum', args: { numbers: [120, 150] } },
        { id: 'revenue', tool: 'math.multiply', args: { firstNumber: 270, SecondNumber: 30 }, after: ['total'] },
      ],
      answer: 'The harvest totals 270 t, worth $8,100.',
    }),
  },
  {
    id: 'scores',
    prompt: 'My students scored 72, 85, 90, 66 and 85. What were the average, the middle and the top score?',
    plan: ReferencePlanSchema.parse({
      calls: ['mean', 'median', 'max'].map((tool) => ({ id: tool, tool: `math.${tool}`, args: { numbers: [72, 85, 90, 66, 85] } })),
      answer: 'The mean is 79.6, the median 85 and the top score 90.',
    }),
  },
]

let hub: ServerHub
let session: ServerSession
let model: ScriptedModelServer
beforeAll(async () => {
  hub = new ServerHub({
    ...parseServers({ mcpServers: { math: { module: './fixtures/servers/math/server.ts' } } }, 't'),
    root: process.cwd(),
  })
  session = await hub.acquire(['math'])
  const followed: FollowedTask[] = tasks.map((t) => ({
    prompt: t.prompt,
    answer: t.plan.answer!,
    layers: dependencyLayers(t.plan.calls).layers,
  }))
  model = await startScriptedModel({ script: planFollower(followed) })
})
afterAll(async () => {
  await model.close()
  await hub.close()
})

async function solve(agent: Agent, task: (typeof tasks)[number]) {
  const recorder = new TrajectoryRecorder({
    task: { id: task.id, prompt: task.prompt },
    agent: agent.name,
    catalog: session.catalog,
    connections: session.connections,
    maxRounds: 10,
    signal: new AbortController().signal,
    maxToolOutputChars: 20_000,
    maxRecordedOutputChars: 1_000,
    callTimeoutMs: () => 5_000,
  })
  const answer = (await agent.run(recorder.context())) ?? null
  return recorder.finish(answer, null)
}

describe('one scripted model behind the three loops', () => {
  const options = () => ({ model: 'scripted-1', baseURL: model.url, apiKey: 'k', maxRetries: 0 })

  it('solves both plans through native tools, the planner and ReAct, as three rows with their own round counts', async () => {
    const agents = [openaiAgent(options()), plannerAgent(options()), reactAgent(options())]
    expect(agents.map((a) => a.name)).toEqual(['scripted-1', 'scripted-1 (planner)', 'scripted-1 (react)'])
    const rows = []
    for (const agent of agents) {
      for (const task of tasks) {
        const t = await solve(agent, task)
        const match = matchCalls(t.calls, task.plan.calls, { args: 'exact' })
        rows.push({
          agent: agent.name,
          task: task.id,
          answer: t.answer,
          rounds: t.rounds,
          calls: t.calls.length,
          recall: match.recall,
          precision: match.precision,
          errors: t.calls.filter((c) => c.isError).length,
        })
      }
    }
    for (const row of rows) {
      expect(row).toMatchObject({ answer: tasks.find((t) => t.id === row.task)!.plan.answer, recall: 1, precision: 1, errors: 0 })
    }
    // Parallel calls cost ReAct a round each: it runs one action per step.
    expect(rows.map((r) => [r.agent, r.task, r.rounds])).toEqual([
      ['scripted-1', 'harvest', 3],
      ['scripted-1', 'scores', 2],
      // The planner stops in a round of its own, with an empty plan, so that no call sits in a stopping plan.
      ['scripted-1 (planner)', 'harvest', 4],
      ['scripted-1 (planner)', 'scores', 3],
      ['scripted-1 (react)', 'harvest', 3],
      ['scripted-1 (react)', 'scores', 4],
    ])
  })
})
