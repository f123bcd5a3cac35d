import { describe, expect, it } from 'vitest'
import {
  bracketed,
  clockTimes,
  dates,
  identifiers,
  isNegated,
  keywords,
  labelledNumbers,
  locatedNames,
  numbers,
  properNouns,
  sentences,
  terms,
} from '../../support/prompt-reading/words.ts'

describe('prompt words', () => {
  it('splits sentences, keeps keywords and reads names and numbers', () => {
    const text = 'We fly into Salt Lake City on Friday. Is Arches National Park open? Budget is 1,200 dollars for 3.5 days.'
    expect(sentences(text)).toEqual([
      'We fly into Salt Lake City on Friday.',
      'Is Arches National Park open?',
      'Budget is 1,200 dollars for 3.5 days.',
    ])
    // Weekdays, months, units and short acronyms are capitalised but name nothing a tool could look up.
    expect(properNouns(text)).toEqual(['Salt Lake City', 'Arches National Park'])
    expect(properNouns('Her BMI and INR were checked in Celsius on Monday in New York.')).toEqual(['New York'])
    expect(numbers(text)).toEqual([1200, 3.5])
    expect(keywords('getAlerts for national_parks')).toEqual(['alert', 'national', 'park'])
  })

  it('stems British spellings and common endings alike on both sides of a match', () => {
    expect(keywords('kilometres')).toEqual(keywords('kilometers'))
    expect(keywords('kilometres')).toEqual(keywords('kilometer'))
    expect(keywords('driving')).toEqual(keywords('drive'))
    expect(keywords('rated')).toEqual(keywords('rating'))
    expect(keywords('forecasts')).toEqual(['forecast'])
  })

  it('keeps search words as written, without stems or stopwords', () => {
    expect(terms("I'm reading about lattice-based signatures on arXiv")).toEqual(['reading', 'lattice-based', 'signatures', 'arxiv'])
  })

  it('reads quoted phrases as names, splits lists at commas and notes the words around each name', () => {
    const names = locatedNames('We drive from Denver to "Twentynine" Palms, Estes Park, Moab and the Curiosity rover.')
    expect(names.map((n) => n.name)).toEqual(['Denver', 'Twentynine', 'Palms', 'Estes Park', 'Moab', 'Curiosity'])
    expect(names[0]).toMatchObject({ before: 'from', after: 'to' })
    expect(names[1]).toMatchObject({ before: 'to' })
    expect(names[5]).toMatchObject({ before: 'the', after: 'rover' })
  })

  it('finds identifiers: paths, files, owner/name ids, arXiv, IACR and DOI ids, but not ratios or units', () => {
    const text =
      'Compare config/staging.env and todo.md; openai/gsm8k, arXiv 2212.04356, IACR 2018/506 and 10.1101/2024.02.05.21609819. BP 150/90, creatinine 1.1 mg/dL, and/or 12 km/h.'
    expect(identifiers(text)).toEqual([
      'config/staging.env',
      'todo.md',
      'openai/gsm8k',
      '2212.04356',
      '2018/506',
      '10.1101/2024.02.05.21609819',
    ])
    // An identifier is no number; a blood pressure still is two.
    expect(numbers(text)).toEqual([150, 90, 1.1, 12])
  })

  it('does not read dates, clock times or spelled-out hours as numbers', () => {
    expect(numbers('On 2025-06-15 at 09:30, or 3 March 2025 at half past nine, we need 4 seats')).toEqual([4])
  })

  it('reads ISO and written dates as ISO dates, in order', () => {
    expect(dates('From 3 March 2025 to 2025-04-01, and again on May 5, 2025.')).toEqual(['2025-03-03', '2025-04-01', '2025-05-05'])
  })

  it('reads clock times on the 24-hour clock, written or spelled', () => {
    expect(clockTimes('at 9:00, 9:30 pm, 9 am, 12 a.m., half past nine, quarter to ten and noon')).toEqual([
      '09:00',
      '21:30',
      '09:00',
      '00:00',
      '09:30',
      '09:45',
      '12:00',
    ])
  })

  it('reads spelled numbers, marked so, and never "one"', () => {
    const found = labelledNumbers('Two invoices, one for $1,299, over the next three days.')
    expect(found.map((n) => [n.value, n.spelled ?? false])).toEqual([
      [2, true],
      [1299, false],
      [3, true],
    ])
    expect(found[2]!.labels).toContain('day')
  })

  it('labels numbers with the words next to them, units spelled out right after the number', () => {
    // A unit abbreviation is spelled out only right after its number ("2.5 mg"), not two words away.
    expect(labelledNumbers('bilirubin 2.5 mg/dL, 70 kg').map(({ value, labels }) => ({ value, labels }))).toEqual([
      { value: 2.5, labels: ['bilirubin', 'milligram', 'dl'] },
      { value: 70, labels: ['dl', 'kilogram', 'mg'] },
    ])
    // A hyphen inside a word is no minus sign.
    expect(numbers('a 9-year-4-month-old girl, -3.5 degrees')).toEqual([9, 4, -3.5])
  })

  it('finds bracketed lists, outermost only', () => {
    expect(bracketed('field [-y, x, 0] and matrix [[4,-2],[-2,5]]').map((b) => b.text)).toEqual(['[-y, x, 0]', '[[4,-2],[-2,5]]'])
  })

  it('sees negation shortly before a word', () => {
    expect(isNegated('no heart failure, but diabetes', 'heart')).toBe(true)
    expect(isNegated('no heart failure, but diabetes', 'diabet')).toBe(false)
  })
})
