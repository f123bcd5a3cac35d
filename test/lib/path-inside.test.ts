import { describe, expect, it } from 'vitest'
import { isInside } from '../../src/lib/path-inside.ts'

describe('isInside', () => {
  it('holds for the directory and what lies below it, and for a name that merely starts with two dots', () => {
    expect(isInside('/p', '/p')).toBe(true)
    expect(isInside('/p/a/b', '/p')).toBe(true)
    expect(isInside('/p/..x', '/p')).toBe(true)
    expect(isInside('/p2', '/p')).toBe(false)
    expect(isInside('/', '/p')).toBe(false)
    expect(isInside('/q/p', '/p')).toBe(false)
  })
})
