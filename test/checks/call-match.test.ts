import { describe, expect, it } from 'vitest'
import { matchCalls, sameValue } from '../../src/scoring/call-match.ts'
import { CallMatchSchema, ReferenceCallSchema, TaskSpecSchema, type ReferenceCall } from '../../src/contracts/task-spec.ts'
import { call } from '../support/trajectories.ts'

const ref = (id: string, tool: string, args: Record<string, unknown> = {}): ReferenceCall => ReferenceCallSchema.parse({ id, tool, args })
const made = (tool: string, args: unknown = {}, id = tool) => {
  const [server, name] = tool.split('.')
  return call({ id, name: `${server}__${name}`, server: server!, tool: name!, args })
}

const sum = ref('s', 'math.sum', { numbers: [120, 150] })
const mul = ref('m', 'math.multiply', { firstNumber: 270, SecondNumber: 30 })

describe('matchCalls', () => {
  it('matches by qualified tool in any order: precision, recall and F1', () => {
    const m = matchCalls([made('math.multiply'), made('wiki.search'), made('math.sum')], [sum, mul])
    expect(m).toMatchObject({ precision: 2 / 3, recall: 1, agentCalls: 3, referenceCalls: 2 })
    expect(m.f1).toBeCloseTo(0.8) // 2·2 / (3 + 2)
    expect(m.matched.map((p) => [p.reference.id, p.call.id])).toEqual([
      ['s', 'math.sum'],
      ['m', 'math.multiply'],
    ])
    expect(m.missed).toEqual([])
    expect(m.extra.map((c) => c.id)).toEqual(['wiki.search'])
  })

  it('counts repeated calls as a multiset: each reference call is matched once', () => {
    const twiceInPlan = [ref('a', 'math.add'), ref('b', 'math.add'), sum]
    const once = matchCalls([made('math.add', {}, 'x')], twiceInPlan)
    expect(once).toMatchObject({ precision: 1, recall: 1 / 3 })
    expect(once.missed.map((r) => r.id)).toEqual(['b', 's'])
    const thrice = matchCalls(
      ['x', 'y', 'z'].map((id) => made('math.add', {}, id)),
      twiceInPlan,
    )
    expect(thrice).toMatchObject({ precision: 2 / 3, recall: 2 / 3 })
    // The earliest calls are paired; the repetition is the extra one.
    expect(thrice.extra.map((c) => c.id)).toEqual(['z'])
  })

  it('never matches a call to an unknown tool, even one that looks like a reference tool', () => {
    const unknown = call({ name: 'math.sum', server: null, tool: null, valid: false, schemaValid: null, isError: true })
    expect(matchCalls([unknown], [sum])).toMatchObject({ precision: 0, recall: 0, f1: 0 })
  })

  it('is null, not 0, where there is nothing to measure', () => {
    expect(matchCalls([made('math.sum')], [])).toMatchObject({ precision: null, recall: null, f1: null, extra: [expect.anything()] })
    expect(matchCalls([], undefined)).toMatchObject({ precision: null, recall: null, f1: null })
    // No calls against a plan that needs some: precision has nothing to measure, but everything was missed.
    expect(matchCalls([], [sum, mul])).toMatchObject({ precision: null, recall: 0, f1: 0, missed: [sum, mul] })
  })

  it('compares arguments only when asked, as parsed JSON with keys in any order', () => {
    const calls = [made('math.multiply', { SecondNumber: 30, firstNumber: 270 }), made('math.sum', { numbers: [150, 120] })]
    expect(matchCalls(calls, [sum, mul])).toMatchObject({ recall: 1 })
    const exact = matchCalls(calls, [sum, mul], { args: 'exact' })
    expect(exact).toMatchObject({ precision: 0.5, recall: 0.5 })
    // Arrays keep their order: [150, 120] is not [120, 150].
    expect(exact.missed).toEqual([sum])
    // Extra keys, missing keys, a number as a string, or unparsed JSON are all different arguments.
    for (const args of [{ numbers: [120, 150], extra: true }, {}, { numbers: ['120', 150] }, '{"numbers": [120, 150]']) {
      expect(matchCalls([made('math.sum', args)], [sum], { args: 'exact' }).recall).toBe(0)
    }
  })

  it('forgives numbers within the absolute or relative tolerance, and nothing else', () => {
    const near = [made('math.multiply', { firstNumber: 270.004, SecondNumber: 30 })]
    expect(matchCalls(near, [mul], { args: 'exact' }).recall).toBe(0)
    expect(matchCalls(near, [mul], { args: 'exact', tolerance: 0.01 }).recall).toBe(1)
    expect(matchCalls(near, [mul], { args: 'exact', tolerance: 0.001 }).recall).toBe(0)
    expect(matchCalls(near, [mul], { args: 'exact', relativeTolerance: 1e-4 }).recall).toBe(1)
    expect(matchCalls(near, [mul], { args: 'exact', relativeTolerance: 1e-6 }).recall).toBe(0)
    // A tolerance without argument matching changes nothing (the task option refuses it outright).
    expect(matchCalls([made('math.multiply', { firstNumber: 1 })], [mul], { tolerance: 0.01 }).recall).toBe(1)
    const city = ref('w', 'weather.forecast', { city: 'Paris', lat: 48.8566 })
    expect(matchCalls([made('weather.forecast', { city: 'paris', lat: 48.8566 })], [city], { args: 'exact', tolerance: 1 }).recall).toBe(0)
  })

  it('finds the largest pairing when a tolerance makes several pairings possible', () => {
    // With tolerance 0.15, the call 1.1 fits both 1.0 and 1.2, but 0.95 fits only 1.0:
    // pairing first come first served would give 1; the maximum is 2.
    const plan = [ref('a', 'math.round', { x: 1.0 }), ref('b', 'math.round', { x: 1.2 })]
    const m = matchCalls([made('math.round', { x: 1.1 }, 'p'), made('math.round', { x: 0.95 }, 'q')], plan, {
      args: 'exact',
      tolerance: 0.15,
    })
    expect(m).toMatchObject({ precision: 1, recall: 1 })
    expect(m.matched.map((p) => [p.reference.id, p.call.id])).toEqual([
      ['a', 'q'],
      ['b', 'p'],
    ])
  })

  it('matches a long trajectory: 1,000 calls against a 30-step plan', () => {
    const plan = Array.from({ length: 30 }, (_, i) => ref(`r${i}`, 'math.add', { a: i }))
    const calls = Array.from({ length: 1_000 }, (_, i) => made('math.add', { a: i % 40 }, `c${i}`))
    const m = matchCalls(calls, plan, { args: 'exact', tolerance: 0.5 })
    expect(m.recall).toBe(1)
    expect(m.matched).toHaveLength(30)
  })
})

describe('sameValue', () => {
  it('is deep equality of JSON values', () => {
    expect(sameValue({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true)
    expect(sameValue({ a: null }, { a: 0 })).toBe(false)
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false)
    expect(sameValue({ a: 1 }, { b: 1 })).toBe(false)
  })
})

describe('the callMatch task option', () => {
  it('defaults to ignoring arguments and rejects a tolerance without argument matching, naming the field', () => {
    expect(TaskSpecSchema.parse({ servers: ['math'], prompt: 'p', callMatch: {} }).callMatch).toEqual({ args: 'ignore' })
    expect(TaskSpecSchema.parse({ servers: ['math'], prompt: 'p' }).callMatch).toBeUndefined()
    const bad = CallMatchSchema.safeParse({ tolerance: 0.1 })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0]).toMatchObject({ path: ['args'], message: 'a tolerance compares arguments, so it needs args: "exact"' })
    expect(CallMatchSchema.safeParse({ args: 'fuzzy' }).success).toBe(false)
    expect(CallMatchSchema.safeParse({ args: 'exact', tolerance: -1 }).success).toBe(false)
  })
})
