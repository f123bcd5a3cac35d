import { describe, expect, it } from 'vitest'
import { factsStated, goalsMet, mentionsFact, missingFacts, normalizeText, ungroundedFacts } from '../../src/scoring/facts.ts'

describe('fact matching', () => {
  it('matches numbers by value across formatting', () => {
    expect(mentionsFact('The total is 1555.0 units', '1,555')).toBe(true)
    expect(mentionsFact('Revenue: $8,100', '8100')).toBe(true)
    expect(mentionsFact('Revenue: $8,100', 8100)).toBe(true)
    expect(mentionsFact('about 0.5 of them', '.5')).toBe(true)
    expect(mentionsFact('It was -3 degrees', '−3')).toBe(true)
  })

  it('accepts rounding to the precision either side wrote, within 1% of the fact', () => {
    expect(mentionsFact('BMI is about 42.2', '42.16')).toBe(true)
    expect(mentionsFact('BMI is 42.1648', '42.16')).toBe(true)
    expect(mentionsFact('roughly 42', '42.16')).toBe(true)
    expect(mentionsFact('total 270.4 t', '270')).toBe(true)
    expect(mentionsFact('BMI is 42.3', '42.16')).toBe(false) // wrong at its own precision
    expect(mentionsFact('3.4 days', '3')).toBe(false) // within half a unit, but 13% off
    expect(mentionsFact('score 1', '0.85')).toBe(false) // 18% off
    expect(mentionsFact('8,000 dollars', '8,100')).toBe(false)
  })

  it('does not match a different number or a number inside another', () => {
    expect(mentionsFact('The total is 15550', '1,555')).toBe(false)
    expect(mentionsFact('We got 81.00 dollars', '8100')).toBe(false)
    expect(mentionsFact('no numbers here', '42')).toBe(false)
  })

  it('matches text facts case- and spacing-insensitively, with numbers normalised', () => {
    expect(mentionsFact('Yellowstone   National Park is open', 'yellowstone national park')).toBe(true)
    expect(mentionsFact('Total 1,555.00 t harvested', '1555 t')).toBe(true)
    expect(mentionsFact('Paris', 'London')).toBe(false)
  })

  it('normalises numbers in text', () => {
    expect(normalizeText('A  1,000.50 B')).toBe('a 1000.5 b')
  })

  it('lists missing facts and treats a null answer as empty', () => {
    expect(missingFacts('270 t and $8,100', ['270', '8,100', 'tonnes'])).toEqual(['tonnes'])
    expect(missingFacts(null, ['x'])).toEqual(['x'])
  })
})

describe('fact objects, grounding and goals', () => {
  it('reads { value, derived, goal } facts like bare ones', () => {
    expect(mentionsFact('total 270 t', { value: 270, derived: 'sum of both fields' })).toBe(true)
    expect(missingFacts('total 270 t', [{ value: '8,100', goal: 'revenue' }, '270'])).toEqual([{ value: '8,100', goal: 'revenue' }])
  })

  it('finds facts that no tool output contains, exempting derived ones', () => {
    const outputs = ['{"total": 270}', 'Denver: 21.5 °C, clear']
    expect(ungroundedFacts(['270', 'clear', { value: '8,100', derived: '270 × 30' }], outputs)).toEqual([])
    expect(ungroundedFacts(['270', '125', { value: 'class B' }], outputs)).toEqual(['125', { value: 'class B' }])
  })

  it('counts the goals whose facts are all stated', () => {
    const facts = [
      { value: 'clear', goal: 'weather' },
      { value: 21.5, goal: 'weather' },
      { value: '270', goal: 'harvest' },
    ]
    expect(goalsMet('Denver is clear at 21.5 °C.', facts)).toEqual({ met: 1, total: 2 })
    expect(goalsMet('Clear, 21.5 °C; harvest 270 t.', facts)).toEqual({ met: 2, total: 2 })
    expect(goalsMet('no idea', ['270'])).toEqual({ met: 0, total: 1 })
    expect(goalsMet('anything', [])).toBeNull()
  })

  it('reads an answer once for its goals and missing facts, each fact judged as it is on its own', () => {
    const facts = [
      { value: 'clear', goal: 'weather' },
      { value: 21.5, goal: 'weather' },
      { value: '270', goal: 'harvest' },
      { value: 42, forbid: [41] },
    ]
    for (const answer of ['Denver is clear at 21.5 °C.', 'Clear, 21.5 °C; harvest 270 t; 42 or 41.', 'harvest 270 t, answer 42', '']) {
      // mentionsFact reads the answer afresh for each fact: the one-reading path must agree with it.
      const alone = facts.filter((f) => !mentionsFact(answer, f))
      expect(factsStated(answer, facts).missing).toEqual(alone)
      expect(missingFacts(answer, facts)).toEqual(alone)
    }
    expect(factsStated('Clear, 21.5 °C; harvest 270 t; 42 or 41.', facts)).toEqual({ goals: { met: 2, total: 3 }, missing: [facts[3]] })
    expect(factsStated('Denver is clear at 21.5 °C.', facts)).toEqual({ goals: { met: 1, total: 3 }, missing: [facts[2], facts[3]] })
    expect(factsStated('anything', [])).toEqual({ goals: null, missing: [] })
  })
})
