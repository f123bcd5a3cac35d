import { describe, expect, it } from 'vitest'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { taskTools, toolDiagnostics, worstTools } from '../../src/scoring/tool-diagnostics.ts'
import { LeaderboardSchema, type TaskRecord } from '../../src/contracts/leaderboard.ts'
import type { ReferencePlan } from '../../src/contracts/task-spec.ts'
import { call, outcome, record, trajectory } from '../support/trajectories.ts'

const ref = (id: string, tool: string, args: Record<string, unknown> = {}, after: string[] = []) => ({ id, tool, args, after })
const plan = (...calls: ReturnType<typeof ref>[]): ReferencePlan => ({ calls, facts: [] })
const at = (tool: string, round: number, over: Parameters<typeof call>[0] = {}) => {
  const [server, name] = tool.split('.') as [string, string]
  return call({ id: `${tool}@${round}`, name: `${server}__${name}`, server, tool: name, round, ...over })
}
const use = (tools: ReturnType<typeof taskTools>, tool: string) => tools!.uses.find((u) => u.tool === tool)

describe('per-task tool counts', () => {
  it('count called, ok, schema violations and execution errors per tool, with their messages', () => {
    const tools = taskTools(
      outcome({
        offered: ['math.add', 'math.max', 'math.sum'],
        trajectory: trajectory([
          at('math.add', 1),
          at('math.add', 1, { schemaValid: false, schemaErrors: ['/a: must be number'], isError: true, error: 'a is not a number' }),
          at('math.max', 2, { isError: true, result: [{ type: 'text', text: 'empty\nlist' }] }),
          call({ name: 'math__nope', server: null, tool: null, valid: false, schemaValid: null, isError: true }),
        ]),
      }),
    )
    expect(tools).toMatchObject({ offered: ['math.add', 'math.max', 'math.sum'], planned: false, unknownCalls: 1 })
    expect(use(tools, 'math.add')).toMatchObject({
      called: 2,
      calledOk: 1,
      schemaViolations: 1,
      executionErrors: 1,
      unneeded: 0,
      referenced: 0,
    })
    expect(use(tools, 'math.add')!.messages).toEqual([
      { kind: 'execution', message: 'a is not a number', count: 1 },
      { kind: 'schema', message: '/a: must be number', count: 1 },
    ])
    expect(use(tools, 'math.max')!.messages).toEqual([{ kind: 'execution', message: 'empty list', count: 1 }])
    // A tool only offered has no entry: its offer is in `offered`.
    expect(use(tools, 'math.sum')).toBeUndefined()
  })

  it('bound each message and keep the most common first', () => {
    const long = 'x'.repeat(500)
    const calls = [...Array(7).keys()].map((i) => at('math.add', 1, { id: `c${i}`, isError: true, error: i < 3 ? 'same' : `${i}${long}` }))
    const messages = use(taskTools(outcome({ trajectory: trajectory(calls) })), 'math.add')!.messages
    expect(messages).toHaveLength(5)
    expect(messages[0]).toEqual({ kind: 'execution', message: 'same', count: 3 })
    expect(messages.every((m) => m.message.length <= 200)).toBe(true)
  })

  it('without a trajectory there are no counts', () => {
    expect(taskTools(outcome({ trajectory: null }))).toBeNull()
  })

  it('a wrong tool in place of a reference call of the same step is a confusion, not an unneeded call', () => {
    const reference = plan(ref('s', 'math.sum'), ref('m', 'math.multiply', {}, ['s']))
    const tools = taskTools(outcome({ reference, trajectory: trajectory([at('math.add', 1), at('math.multiply', 2)]) }))
    expect(use(tools, 'math.sum')).toMatchObject({ referenced: 1, matched: 0, missed: 1, called: 0 })
    expect(use(tools, 'math.add')).toMatchObject({ called: 1, unneeded: 0, confusedFor: [{ intended: 'math.sum', count: 1 }] })
    expect(use(tools, 'math.multiply')).toMatchObject({ referenced: 1, matched: 1, missed: 0, unneeded: 0 })
  })

  it('a wrong call outside the step of the missed one is unneeded, not a confusion', () => {
    // The missed call is of step 2; the extra call came before the agent's step-1 call, outside its window.
    const reference = plan(ref('s', 'math.sum'), ref('m', 'math.multiply', {}, ['s']))
    const tools = taskTools(outcome({ reference, trajectory: trajectory([at('math.add', 1), at('math.sum', 2)]) }))
    expect(use(tools, 'math.add')).toMatchObject({ called: 1, unneeded: 1, confusedFor: [] })
    expect(use(tools, 'math.multiply')).toMatchObject({ missed: 1 })
  })

  it("prefers a stand-in from the missed tool's own server", () => {
    const reference = plan(ref('s', 'math.sum'))
    const tools = taskTools(outcome({ reference, trajectory: trajectory([at('time.now', 1), at('math.add', 1)]) }))
    expect(use(tools, 'math.add')!.confusedFor).toEqual([{ intended: 'math.sum', count: 1 }])
    expect(use(tools, 'time.now')).toMatchObject({ unneeded: 1, confusedFor: [] })
  })

  it("compare arguments by field for a call to the right tool, within the task's tolerance", () => {
    const reference = plan(ref('a', 'math.add', { a: 1, b: 2.0001, c: 'x' }))
    const sent = trajectory([at('math.add', 1, { args: { a: 1, b: 2, d: true } })])
    const strict = use(taskTools(outcome({ reference, trajectory: sent })), 'math.add')!
    expect(strict).toMatchObject({ matched: 1, argMismatches: 1 })
    expect(strict.argFields.map((f) => f.field)).toEqual(['b', 'c', 'd'])
    const loose = use(taskTools(outcome({ reference, trajectory: sent, callMatch: { args: 'exact', tolerance: 0.01 } })), 'math.add')!
    expect(loose.argFields.map((f) => f.field)).toEqual(['c', 'd'])
  })

  it('pair a repeated tool by equal arguments first', () => {
    const reference = plan(ref('a', 'math.add', { a: 1 }), ref('b', 'math.add', { a: 2 }))
    const tools = taskTools(
      outcome({
        reference,
        trajectory: trajectory([at('math.add', 1, { id: 'x', args: { a: 2 } }), at('math.add', 1, { id: 'y', args: { a: 1 } })]),
      }),
    )
    expect(use(tools, 'math.add')).toMatchObject({ matched: 2, argMismatches: 0, unneeded: 0 })
  })

  it('without a reference plan nothing is missed, unneeded or confused', () => {
    const tools = taskTools(outcome({ reference: null, trajectory: trajectory([at('math.add', 1)]) }))
    expect(tools!.planned).toBe(false)
    expect(use(tools, 'math.add')).toMatchObject({ called: 1, unneeded: 0, missed: 0, confusedFor: [] })
  })
})

describe("the board's per-tool rows", () => {
  const reference = plan(ref('s', 'math.sum'), ref('m', 'math.multiply', { x: 2 }, ['s']))
  const offered = ['math.add', 'math.multiply', 'math.sum']
  const confusedRun = (id: string, agent = 'A') =>
    record(
      { taskId: id, agent, reference, offered, trajectory: trajectory([at('math.add', 1), at('math.multiply', 2, { args: { x: 3 } })]) },
      'failed',
    )
  const goodRun = (id: string) =>
    record({ taskId: id, reference, offered, trajectory: trajectory([at('math.sum', 1), at('math.multiply', 2, { args: { x: 2 } })]) })

  it('sum the counted tasks into a row per agent and tool, and the confusion pairs', () => {
    const records: TaskRecord[] = [confusedRun('t1'), confusedRun('t2'), goodRun('t3'), confusedRun('t1', 'B')]
    const setupError = record(
      { taskId: 't4', offered, stopped: { phase: 'servers', message: 'down' }, trajectory: trajectory([at('math.add', 1)]) },
      'failed',
    )
    const d = toolDiagnostics([...records, setupError])
    expect(d.tasks).toEqual([
      { agent: 'A', tasks: 3, planned: 3, unknownCalls: 0 },
      { agent: 'B', tasks: 1, planned: 1, unknownCalls: 0 },
    ])
    const row = (agent: string, tool: string) => d.rows.find((r) => r.agent === agent && `${r.server}.${r.tool}` === tool)
    expect(row('A', 'math.sum')).toMatchObject({
      offered: 3,
      referenced: 3,
      matched: 1,
      missed: 2,
      tasksMissed: 2,
      confusedAway: 2,
      recall: 1 / 3,
      issues: 2,
    })
    expect(row('A', 'math.add')).toMatchObject({
      offered: 3,
      called: 2,
      tasksCalled: 2,
      confusedFor: 2,
      unneeded: 0,
      issues: 2,
      issuesPerUse: 1,
    })
    expect(row('A', 'math.multiply')).toMatchObject({ matched: 3, argMismatches: 2, argFields: [{ field: 'x', count: 2 }], successRate: 1 })
    expect(d.confusions).toEqual([
      { agent: 'A', intended: 'math.sum', called: 'math.add', count: 2, tasks: 2 },
      { agent: 'B', intended: 'math.sum', called: 'math.add', count: 1, tasks: 1 },
    ])
    // The ten worst: most issues first, ties by issue rate (add 2/2, sum 2/4, multiply 2/6).
    expect(
      worstTools(d)
        .slice(0, 3)
        .map((r) => `${r.agent}:${r.server}.${r.tool}`),
    ).toEqual(['A:math.add', 'A:math.sum', 'A:math.multiply'])
  })

  it('count a confused call that also failed twice, so issues per use can pass 1, and the schema takes it', () => {
    const failing = record(
      {
        reference,
        offered,
        trajectory: trajectory([at('math.add', 1, { isError: true, error: 'no' }), at('math.multiply', 2, { args: { x: 2 } })]),
      },
      'failed',
    )
    const board = buildLeaderboard({ records: [failing], fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null })
    expect(board.tools!.rows.find((r) => r.tool === 'add')).toMatchObject({
      confusedFor: 1,
      executionErrors: 1,
      issues: 2,
      issuesPerUse: 2,
    })
    expect(() => LeaderboardSchema.parse(board)).not.toThrow()
  })

  it('reach the board, which its schema accepts', () => {
    const board = buildLeaderboard({
      records: [confusedRun('t1')],
      fileErrors: [],
      interrupted: false,
      unfinished: [],
      gate: {},
      gateDeferred: null,
    })
    expect(board.tools?.confusions).toEqual([{ agent: 'A', intended: 'math.sum', called: 'math.add', count: 1, tasks: 1 }])
    expect(() => LeaderboardSchema.parse(board)).not.toThrow()
  })
})
