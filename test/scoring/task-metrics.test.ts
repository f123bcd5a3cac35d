import { describe, expect, it } from 'vitest'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { call, trajectory } from '../support/trajectories.ts'

describe('rule metrics (MCP-Bench Tables 3-5)', () => {
  it('are null, not 0, for a task with no tool calls', () => {
    const m = ruleMetrics(trajectory([]))
    expect(m).toMatchObject({ validToolNameRate: null, schemaCompliance: null, executionSuccess: null, toolCalls: 0 })
  })

  it('valid tool name rate = valid calls / all calls', () => {
    const m = ruleMetrics(trajectory([call(), call(), call({ valid: false, server: null, tool: null, schemaValid: null, isError: true })]))
    expect(m.validToolNameRate).toBeCloseTo(2 / 3)
  })

  it('schema compliance counts valid-name calls only', () => {
    const m = ruleMetrics(
      trajectory([
        call({ schemaValid: true }),
        call({ schemaValid: false }),
        call({ valid: false, server: null, tool: null, schemaValid: null, isError: true }),
      ]),
    )
    expect(m.schemaCompliance).toBe(0.5)
  })

  it('schema compliance is null when no call had a valid name', () => {
    const m = ruleMetrics(trajectory([call({ valid: false, server: null, tool: null, schemaValid: null, isError: true })]))
    expect(m.validToolNameRate).toBe(0)
    expect(m.schemaCompliance).toBeNull()
    expect(m.executionSuccess).toBe(0)
  })

  it('execution success counts isError results and invalid names as failures', () => {
    const m = ruleMetrics(
      trajectory([
        call(),
        call({ isError: true }),
        call({ isError: true, error: 'timeout' }),
        call({ valid: false, server: null, tool: null, schemaValid: null, isError: true }),
      ]),
    )
    expect(m.executionSuccess).toBe(0.25)
  })

  it('a call whose arguments were not JSON is schema-invalid', () => {
    const m = ruleMetrics(trajectory([call({ args: '{bad', argsError: 'not valid JSON', schemaValid: false, isError: true })]))
    expect(m).toMatchObject({ validToolNameRate: 1, schemaCompliance: 0, executionSuccess: 0 })
  })

  it('counts distractor calls', () => {
    expect(ruleMetrics(trajectory([call({ distractor: true }), call()])).distractorCalls).toBe(1)
  })
})

describe('tool-call precision and recall in the task record', () => {
  it('are computed against the reference plan and count a crash as 0', async () => {
    const { record } = await import('../support/trajectories.ts')
    const reference = {
      calls: [
        { id: 'a', tool: 'math.add', args: {}, after: [] },
        { id: 'b', tool: 'math.sum', args: {}, after: [] },
      ],
      facts: [],
    }
    const half = record({ reference, trajectory: trajectory([call(), call({ id: 'x', name: 'math__max', tool: 'max' })]) }, 'failed')
    expect(half.metrics).toMatchObject({ callPrecision: 0.5, callRecall: 0.5, callF1: 0.5 })
    const crashed = record({ reference, trajectory: null, stopped: { phase: 'agent', message: 'boom' } }, 'failed')
    expect(crashed.metrics).toMatchObject({ callPrecision: 0, callRecall: 0, callF1: 0 })
    expect(record().metrics).toMatchObject({ callPrecision: null, callRecall: null, callF1: null })
  })
})
