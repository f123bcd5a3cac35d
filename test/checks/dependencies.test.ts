import { describe, expect, it } from 'vitest'
import { dependencyOrder, referenceLayers } from '../../src/scoring/dependencies.ts'
import { ReferencePlanSchema } from '../../src/contracts/task-spec.ts'
import { call, trajectory } from '../support/trajectories.ts'

const plan = ReferencePlanSchema.parse({
  calls: [
    { id: 'a', tool: 'math.sum' },
    { id: 'b', tool: 'math.mean' },
    { id: 'c', tool: 'math.multiply', after: ['a', 'b'] },
  ],
})

describe('reference plan dependencies', () => {
  it('layers calls by dependency', () => {
    expect(referenceLayers(plan)).toEqual([['a', 'b'], ['c']])
  })

  it('rejects cycles and unknown ids, naming them', () => {
    expect(() =>
      referenceLayers(
        ReferencePlanSchema.parse({
          calls: [
            { id: 'x', tool: 's.t', after: ['y'] },
            { id: 'y', tool: 's.u', after: ['x'] },
          ],
        }),
      ),
    ).toThrow(/cycle among: x, y/)
    // The spec's schema refuses an unknown id (test/scoring/dependency-order.test.ts); a plan that skipped it still does not layer.
    expect(() => ReferencePlanSchema.parse({ calls: [{ id: 'x', tool: 's.t', after: ['nope'] }] })).toThrow(/unknown call id \\"nope\\"/)
    expect(() => referenceLayers({ calls: [{ id: 'x', tool: 's.t', args: {}, after: ['nope'] }], facts: [] })).toThrow(
      /unknown call "nope"/,
    )
  })

  it('scores respected edges over observed ones', () => {
    const good = trajectory([call({ tool: 'sum', round: 1 }), call({ tool: 'mean', round: 1 }), call({ tool: 'multiply', round: 2 })])
    expect(dependencyOrder(good, plan).rate).toBe(1)
    const bad = trajectory([call({ tool: 'sum', round: 1 }), call({ tool: 'multiply', round: 1 }), call({ tool: 'mean', round: 2 })])
    const result = dependencyOrder(bad, plan)
    expect(result.rate).toBe(0)
    expect(result.edges.filter((e) => !e.respected).map((e) => e.before)).toEqual(['math.sum', 'math.mean'])
  })

  it('is null when no dependent pair was called', () => {
    expect(dependencyOrder(trajectory([call({ tool: 'sum' })]), plan).rate).toBeNull()
  })
})
