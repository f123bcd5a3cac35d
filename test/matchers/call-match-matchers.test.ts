import { describe, expect, it } from 'vitest'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { notJudged } from '../../src/contracts/judge-result.ts'
import '../../src/runtime/matchers/setup.ts'
import '../../src/runtime/matchers/types.ts'
import { buildCatalog } from '../../src/runtime/servers/catalog.ts'
import { TaskSpecSchema, type TaskSpecInput } from '../../src/contracts/task-spec.ts'
import type { TaskRun } from '../../src/runtime/task/task-run.ts'
import type { ToolCallRecord } from '../../src/contracts/trajectory.ts'
import { call, trajectory } from '../support/trajectories.ts'

const catalog = buildCatalog([
  { server: 'math', tools: ['add', 'sum', 'multiply'].map((name) => ({ name, inputSchema: { type: 'object' as const } })) },
]).entries

const plan = [
  { id: 'total', tool: 'math.sum', args: { numbers: [120, 150] } },
  { id: 'revenue', tool: 'math.multiply', args: { firstNumber: 270, SecondNumber: 30 }, after: ['total'] },
]

function runOf(calls: ToolCallRecord[], spec: Partial<TaskSpecInput> = {}): TaskRun {
  const parsed = TaskSpecSchema.parse({ servers: ['math'], prompt: 'p', reference: { calls: plan }, ...spec })
  const t = trajectory(calls)
  return {
    kind: 'mcp-bench-run',
    taskId: 'harvest',
    agent: 'm (react)',
    spec: parsed,
    trajectory: t,
    catalog,
    metrics: ruleMetrics(t, parsed.reference),
    distractors: [],
    workspaces: {},
    inspect: async () => ({ text: '', isError: false }),
    judge: async () => notJudged(),
    referenceJudge: async () => notJudged(),
  }
}

const sum = call({ id: 'c1', name: 'math__sum', tool: 'sum', args: { numbers: [120, 150] }, round: 1 })
const multiply = call({ id: 'c2', name: 'math__multiply', tool: 'multiply', args: { firstNumber: 270.001, SecondNumber: 30 }, round: 2 })
const add = call({ id: 'c3', name: 'math__add', tool: 'add', args: { firstNumber: 120, secondNumber: 150 }, round: 1 })

describe('toRecallCalls', () => {
  it('passes at or above the minimum and lists the reference calls it missed when below', () => {
    expect(runOf([sum, multiply])).toRecallCalls()
    expect(runOf([add, sum])).toRecallCalls(0.5)
    expect(runOf([add, sum])).not.toRecallCalls(0.6)
    expect(() => expect(runOf([add, sum])).toRecallCalls()).toThrow(
      'expected tool-call recall of at least 100.0%, got 50.0%: 1 of 2 reference calls matched (by tool, arguments ignored).\n' +
        'Reference calls not matched:\n  revenue: math.multiply {"firstNumber":270,"SecondNumber":30}\n' +
        'Calls that matched no reference call:\n  round 1: math.add {"firstNumber":120,"secondNumber":150} → ok',
    )
  })

  it("compares arguments as the task's callMatch says, or as the matcher is told", () => {
    expect(runOf([sum, multiply], { callMatch: { args: 'exact' } })).not.toRecallCalls()
    expect(() => expect(runOf([sum, multiply], { callMatch: { args: 'exact' } })).toRecallCalls()).toThrow(
      /1 of 2 reference calls matched \(by tool and arguments, exactly\)[\s\S]*revenue: math\.multiply/,
    )
    expect(runOf([sum, multiply], { callMatch: { args: 'exact', tolerance: 0.01 } })).toRecallCalls()
    expect(runOf([sum, multiply])).not.toRecallCalls(1, { args: 'exact' })
    expect(runOf([sum, multiply])).toRecallCalls(1, { args: 'exact', relativeTolerance: 1e-4 })
    expect(() => expect(runOf([sum])).toRecallCalls(1, { args: 'exact', relativeTolerance: 0.01 })).toThrow(/numbers within ±1%/)
  })

  it('refuses a task without reference calls, and bad options, naming them', () => {
    expect(() => expect(runOf([sum], { reference: { calls: [] } })).toRecallCalls()).toThrow(
      'toRecallCalls needs reference calls (reference.calls) in task "harvest": without them precision and recall are undefined',
    )
    expect(() => expect(runOf([sum])).toRecallCalls(1, { tolerance: 1 })).toThrow(
      /toRecallCalls: invalid call matching options:[\s\S]*needs args: "exact"/,
    )
  })
})

describe('toHavePrecision', () => {
  it('passes at or above the minimum and lists the calls that matched nothing when below', () => {
    expect(runOf([sum, multiply])).toHavePrecision()
    const repeated = runOf([sum, { ...sum, id: 'c4', round: 2 }, add, multiply])
    expect(repeated).toHavePrecision(0.5)
    // The repeated sum counts once: the second is an extra call, like the add.
    expect(() => expect(repeated).toHavePrecision(0.75)).toThrow(
      'expected tool-call precision of at least 75.0%, got 50.0%: 2 of 4 calls matched a reference call (by tool, arguments ignored).\n' +
        'Reference calls not matched:\n  (none)\n' +
        'Calls that matched no reference call:\n  round 2: math.sum {"numbers":[120,150]} → ok\n  round 1: math.add {"firstNumber":120,"secondNumber":150} → ok',
    )
  })

  it('fails, with the reason, when the agent made no calls: no precision is not a precision of 0', () => {
    expect(() => expect(runOf([])).toHavePrecision(0)).toThrow(
      'expected tool-call precision of at least 0.0%, but agent m (react) made no tool calls, so it has no precision (recall 0 of 2 reference calls)',
    )
  })

  it('counts a call to an unknown tool against precision', () => {
    const unknown = call({
      id: 'c5',
      name: 'math__power',
      server: null,
      tool: null,
      valid: false,
      schemaValid: null,
      isError: true,
      error: 'Unknown tool',
    })
    expect(() => expect(runOf([sum, multiply, unknown])).toHavePrecision()).toThrow(/got 66\.7%[\s\S]*math__power \(unknown tool\)/)
  })
})
