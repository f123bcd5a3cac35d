import { describe, expect, it } from 'vitest'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { notJudged } from '../../src/contracts/judge-result.ts'
import '../../src/runtime/matchers/setup.ts'
import '../../src/runtime/matchers/types.ts'
import { buildCatalog } from '../../src/runtime/servers/catalog.ts'
import { TaskSpecSchema } from '../../src/contracts/task-spec.ts'
import type { TaskRun } from '../../src/runtime/task/task-run.ts'
import type { ToolCallRecord } from '../../src/contracts/trajectory.ts'
import { call, trajectory } from '../support/trajectories.ts'

const catalog = buildCatalog([
  { server: 'math', tools: ['add', 'sum', 'multiply'].map((name) => ({ name, inputSchema: { type: 'object' as const } })) },
  { server: 'wiki', tools: [{ name: 'search', inputSchema: { type: 'object' as const } }] },
]).entries

function runOf(calls: ToolCallRecord[], answer: string | null = 'Total 270 t, revenue $8,100.'): TaskRun {
  const spec = TaskSpecSchema.parse({
    servers: ['math'],
    prompt: 'p',
    reference: {
      calls: [
        { id: 's', tool: 'math.sum' },
        { id: 'm', tool: 'math.multiply', after: ['s'] },
      ],
      facts: ['270', '8,100'],
    },
  })
  const t = trajectory(calls, { answer })
  return {
    kind: 'mcp-bench-run',
    taskId: 't',
    agent: 'a',
    spec,
    trajectory: t,
    catalog,
    metrics: ruleMetrics(t, spec.reference),
    distractors: [],
    workspaces: {},
    inspect: async () => ({ text: '{"n":1}', isError: false }),
    judge: async () => notJudged(),
    referenceJudge: async () => notJudged(),
  }
}

const sum = call({ name: 'math__sum', tool: 'sum', args: { numbers: [120, 150] }, round: 1 })
const multiply = call({ name: 'math__multiply', tool: 'multiply', args: { firstNumber: 270, SecondNumber: 30 }, round: 2 })
const unknown = call({
  name: 'math__power',
  server: null,
  tool: null,
  valid: false,
  schemaValid: null,
  isError: true,
  error: 'Unknown tool',
})

describe('rule matchers', () => {
  it('toCallTool matches server.tool, qualified and bare names, and argument subsets', () => {
    const run = runOf([sum, multiply])
    expect(run).toCallTool('math.sum')
    expect(run).toCallTool('math__sum')
    expect(run).toCallTool('sum')
    expect(run).toCallTool('math.sum', { numbers: [120, 150] })
    expect(run).toCallTool('math.multiply', { firstNumber: expect.any(Number) })
    expect(run).not.toCallTool('math.add')
    expect(() => expect(run).toCallTool('math.sum', { numbers: [1] })).toThrow(
      /expected agent to call math\.sum with arguments containing \{"numbers":\[1\]\}; it called math\.sum 1 time\(s\) with other arguments[\s\S]*round 1: math\.sum/,
    )
  })

  it('toCallToolsInOrder follows rounds and allows calls between', () => {
    const run = runOf([sum, call({ name: 'math__add', tool: 'add', round: 1 }), multiply])
    expect(run).toCallToolsInOrder(['math.sum', 'math.multiply'])
    expect(() => expect(run).toCallToolsInOrder(['math.multiply', 'math.sum'])).toThrow(
      /matched up to math\.multiply then found no math\.sum/,
    )
  })

  it('toHaveValidToolNames and toSucceedInToolCalls report the offending calls', () => {
    const run = runOf([sum, unknown])
    expect(() => expect(run).toHaveValidToolNames()).toThrow(/1 of 2 did not: math__power/)
    expect(run).toSucceedInToolCalls(0.5)
    expect(() => expect(run).toSucceedInToolCalls()).toThrow(/at least 100\.0%, got 50\.0%[\s\S]*math__power \(unknown tool\)/)
    expect(() => expect(runOf([])).toSucceedInToolCalls(0)).toThrow(/n\/a \(no calls\)/)
  })

  it('toComplyWithSchemas names the call and the schema error', () => {
    const bad = call({ name: 'math__add', tool: 'add', schemaValid: false, schemaErrors: ['/firstNumber must be number'] })
    expect(runOf([sum])).toComplyWithSchemas()
    expect(() => expect(runOf([bad])).toComplyWithSchemas()).toThrow(/math\.add: \/firstNumber must be number/)
  })

  it('toMentionFacts uses the reference facts by default and shows the answer', () => {
    expect(runOf([sum])).toMentionFacts()
    expect(runOf([sum], 'It comes to 270 tonnes, 8100 dollars')).toMentionFacts()
    expect(() => expect(runOf([sum], 'About 270 t.')).toMentionFacts()).toThrow(/missing "8,100"[\s\S]*Answer: About 270 t\./)
    expect(() => expect(runOf([sum])).toMentionFacts(['Paris'])).toThrow(/missing "Paris"/)
  })

  it('toFollowDependencies explains each broken edge', () => {
    expect(runOf([sum, multiply])).toFollowDependencies()
    const wrong = runOf([
      { ...multiply, round: 1 },
      { ...sum, round: 2 },
    ])
    expect(() => expect(wrong).toFollowDependencies()).toThrow(/math\.sum must come before math\.multiply: called in the wrong order/)
    expect(() => expect(runOf([sum])).toFollowDependencies()).toThrow(/not both called/)
  })

  it('toGiveAnswer fails on an empty answer', () => {
    expect(runOf([], 'ok')).toGiveAnswer()
    expect(() => expect(runOf([], '  ')).toGiveAnswer()).toThrow(/gave none/)
  })

  it('rejects something that is not a run', () => {
    expect(() => expect({}).toCallTool('x')).toThrow(/expects the `run`/)
  })

  it('toHaveServerState compares the parsed end state, with asymmetric matchers', async () => {
    await expect(runOf([])).toHaveServerState('s', { tool: 'read' }, { n: 1 })
    await expect(runOf([])).toHaveServerState('s', { tool: 'read' }, expect.objectContaining({ n: expect.any(Number) }))
    await expect(expect(runOf([])).toHaveServerState('s', { tool: 'read' }, { n: 2 })).rejects.toThrow(/to equal/)
  })
})
