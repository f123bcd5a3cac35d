import { describe, expect, it } from 'vitest'
import { mentionsFact, missingFacts, normalizeText } from '../../src/checks/facts.ts'

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
    expect(mentionsFact('BMI is 42.3', '42.16')).toBe(false)     // wrong at its own precision
    expect(mentionsFact('3.4 days', '3')).toBe(false)            // within half a unit, but 13% off
    expect(mentionsFact('score 1', '0.85')).toBe(false)          // 18% off
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
