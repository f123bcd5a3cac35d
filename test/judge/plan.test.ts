import { describe, expect, it } from 'vitest'
import { describeDependencyLayers } from '../../src/runtime/judge/plan.ts'
import { dependencyLayers } from '../../src/scoring/reference-layers.ts'

const c = (id: string, after: string[] = [], tool = 'math.add') => ({ id, tool, args: {}, after })

describe('dependency layers from `after`', () => {
  it('layers a diamond', () => {
    const { layers, cyclic, unknown } = dependencyLayers([c('d', ['b', 'c']), c('a'), c('b', ['a']), c('c', ['a'])])
    expect(layers.map((l) => l.map((x) => x.id))).toEqual([['a'], ['b', 'c'], ['d']])
    expect(cyclic).toEqual([])
    expect(unknown).toEqual([])
  })

  it('reports unknown ids and cycles', () => {
    const r = dependencyLayers([c('a', ['ghost']), c('x', ['y']), c('y', ['x'])])
    expect(r.layers.map((l) => l.map((x) => x.id))).toEqual([['a']])
    expect(r.cyclic.map((x) => x.id)).toEqual(['x', 'y'])
    expect(r.unknown).toEqual([{ call: 'a', missing: 'ghost' }])
  })

  it('describes the plan', () => {
    const text = describeDependencyLayers([c('a'), c('b'), c('m', ['a', 'b'], 'math.multiply')])
    expect(text).toContain('3 reference calls in 2 dependency layers, with 2 dependencies.')
    expect(text).toContain('Layer 1 (independent, parallelisable):')
    expect(text).toContain('[m] math.multiply — needs a, b')
    expect(describeDependencyLayers([])).toMatch(/No reference plan/)
  })
})
