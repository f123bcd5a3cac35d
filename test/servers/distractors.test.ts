import { describe, expect, it } from 'vitest'
import { drawDistractors } from '../../src/runtime/servers/distractors.ts'

const pool = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']

describe('distractor draw', () => {
  it('is seeded by the task id: same task, same draw, whatever the pool order', () => {
    expect(drawDistractors('task-1', pool, 4, [])).toEqual(drawDistractors('task-1', [...pool].reverse(), 4, []))
  })

  it('differs between tasks', () => {
    const draws = new Set(['t1', 't2', 't3', 't4', 't5'].map((t) => drawDistractors(t, pool, 4, []).join()))
    expect(draws.size).toBeGreaterThan(1)
  })

  it("never draws the task's own servers and stops at the pool size", () => {
    const drawn = drawDistractors('x', pool, 50, ['a', 'b'])
    expect(drawn).toHaveLength(10)
    expect(drawn).not.toContain('a')
    expect(new Set(drawn).size).toBe(10)
  })
})
