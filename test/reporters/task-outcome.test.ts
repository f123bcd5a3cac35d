import { describe, expect, it } from 'vitest'
import { validOutcome } from '../../reporters/task-outcome.ts'
import { taskRecord } from '../../src/scoring/task-record.ts'
import { call, outcome, trajectory } from '../support/trajectories.ts'

const identity = { taskId: 't', agent: 'A', trial: 1 }
const usage = { promptTokens: 40, completionTokens: 10, totalTokens: 50 }

describe('an outcome record that fails validation where it arrives', () => {
  // What a harness bug would send: one turn the trajectory schema cannot hold, the rest sound.
  const turns = [
    {
      round: 1,
      content: null,
      toolCalls: [{ id: 'c', name: 'math__add', arguments: { a: 1 } }],
      usage,
      finishReason: 'tool_calls',
      durationMs: 5,
    },
    { round: 2, content: 'It is 3.', toolCalls: [], usage, finishReason: 'stop', durationMs: 5 },
  ]
  const raw = outcome({
    servers: ['math'],
    category: 'math',
    trajectory: { ...trajectory([call()], { usage: { promptTokens: 80, completionTokens: 20, totalTokens: 100 } }), turns } as never,
  })

  it("is the harness's fault: a setup error naming the field, never the agent erroring", () => {
    const o = validOutcome(raw, identity, 'benchmarks/t.test.ts', [])
    expect(o.stopped).toMatchObject({
      phase: 'harness',
      message: expect.stringMatching(
        /^harness fault: the outcome record of this task failed validation \(trajectory\.turns\.0\.toolCalls\.0\.arguments: .*expected string/,
      ),
    })
    expect(o.stopped!.message).toMatch(/left out: trajectory\.turns 0;.*not the agent's failure/)
    const record = taskRecord(o, { state: 'passed', errors: [], durationMs: 1 })
    expect(record).toMatchObject({ status: 'setup-error', errorPhase: 'harness', servers: ['math'], category: 'math' })
  })

  it('keeps the trajectory without the bad turn, so its calls and tokens are not lost', () => {
    const o = validOutcome(raw, identity, 'benchmarks/t.test.ts', [])
    expect(o.trajectory?.turns).toHaveLength(1)
    expect(o.trajectory?.calls).toHaveLength(1)
    expect(taskRecord(o, { state: 'passed', errors: [], durationMs: 1 }).tokens).toEqual({ prompt: 80, completion: 20, total: 100 })
  })

  it('leaves a missing record as before: the task ended before it recorded one', () => {
    expect(validOutcome(undefined, identity, 'f', ['worker died']).stopped).toEqual({ phase: 'agent', message: 'worker died' })
  })
})

describe('an outcome validated once', () => {
  it('is not validated again: the same object gives the same validated copy', () => {
    const raw = outcome({ servers: ['math'], category: 'math', trajectory: trajectory([call()]) })
    const valid = validOutcome(raw, identity, 'f', [])
    expect(valid).not.toBe(raw)
    expect(validOutcome(raw, identity, 'f', [])).toBe(valid)
  })
})
