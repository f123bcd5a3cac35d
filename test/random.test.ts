import { describe, expect, it } from 'vitest'
import { createRng, hashSeed, sampleSeed, shuffled } from '../src/lib/random.ts'

describe('seeded PRNG', () => {
  it('is reproducible and seed-sensitive', () => {
    const a = createRng('task#0')
    const b = createRng('task#0')
    const c = createRng('task#1')
    const xs = Array.from({ length: 5 }, () => a())
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs)
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(xs)
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true)
    expect(hashSeed('task#0')).not.toBe(hashSeed('task#1'))
  })

  it('shuffles into a permutation without touching the input', () => {
    const items = [1, 2, 3, 4, 5, 6]
    const out = shuffled(items, createRng(sampleSeed('t', 3)))
    expect(items).toEqual([1, 2, 3, 4, 5, 6])
    expect([...out].sort()).toEqual(items)
    expect(shuffled(items, createRng(sampleSeed('t', 3)))).toEqual(out)
  })

  it('draws every order of three items over many seeds', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 200; i++) seen.add(shuffled(['a', 'b', 'c'], createRng(sampleSeed('x', i))).join(''))
    expect(seen.size).toBe(6)
  })
})
