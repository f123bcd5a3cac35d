import { convert, stepRatio, unitAt, type Unit } from '../contracts/units.ts'

/**
 * The numbers of a text as a reader sees them. A number stands alone when it
 * is not joined to letters or to other digits: the parts of a date
 * ("2024-05-10"), a clock time ("10:17"), a phone number, a version
 * ("1.2.3"), a code ("15w1d", "X8.7", "CO2") are not numbers in their own
 * right, so the fact 10 is not stated by "2024-05-10". A hyphen right after
 * a letter or digit is a hyphen, not a minus sign.
 */

export interface Written {
  value: number
  /** Digits after the decimal point: the precision it was written with. */
  decimals: number
}

export interface NumberToken extends Written {
  start: number
  end: number
  standalone: boolean
}

/** A standalone number with the unit written after it, if any, and half its rounding step (in that unit). */
export interface SaidNumber {
  value: number
  step: number
  unit?: Unit
}

const NUMBER = /[-−]?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|[-−]?\.\d+/g
/** Letter, digit or underscore; ASCII by char code, since answers may hold tens of thousands of numbers. */
function isWordChar(c: string): boolean {
  if (!c) return false
  const code = c.charCodeAt(0)
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  return /[\p{L}\p{N}]/u.test(c)
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9'
}

/** Letters running straight into a digit after a number: "15w1d", "3x3". */
function lettersThenDigit(text: string, from: number): boolean {
  let at = from
  while (at < text.length && at - from < 12 && isWordChar(text.charAt(at)) && !isDigit(text.charAt(at))) at++
  return at > from && isDigit(text.charAt(at))
}
const JOINERS = new Set(['-', '‐', ':', '.'])

export function numberTokens(text: string): NumberToken[] {
  return [...readNumbers(text)]
}

/** The numbers of a text one by one, so a reader that has seen enough can stop. */
export function* readNumbers(text: string): Generator<NumberToken> {
  for (const match of text.matchAll(NUMBER)) {
    let start = match.index
    let raw = match[0]
    const signed = raw[0] === '-' || raw[0] === '−'
    const before = text.charAt(start - 1)
    // "2024-05": the "-" joins two parts, it is no minus sign.
    if (signed && isWordChar(before)) {
      start += 1
      raw = raw.slice(1)
    }
    const end = match.index + match[0].length
    const prev = text.charAt(start - 1)
    const joinedBefore = isWordChar(prev) || (JOINERS.has(prev) && isWordChar(text.charAt(start - 2)))
    const joinedAfter = (JOINERS.has(text.charAt(end)) && isDigit(text.charAt(end + 1))) || lettersThenDigit(text, end)
    const clean = raw.replace(/,/g, '').replace('−', '-')
    yield {
      start,
      end,
      value: Number(clean),
      decimals: clean.includes('.') ? clean.split('.')[1]!.length : 0,
      standalone: !joinedBefore && !joinedAfter,
    }
  }
}

export function halfStep(decimals: number): number {
  return 0.5 * 10 ** -decimals
}

/** Between the parts of a compound quantity: "15 weeks 1 day", "5 ft, 4 in", "1 hour and 14 minutes". */
const COMPOUND_GAP = /^\s*,?\s*(?:and\s+)?$/i

/**
 * Every standalone number of a text with its unit, and the sums of compound
 * quantities ("15 weeks and 1 day" is also 15.14 weeks, "1 h 14 min" also
 * 1.23 h): each later part in a smaller unit of the same quantity. `tokens`
 * are the text's numbers, when the caller has already read them.
 */
export function quantitiesIn(text: string, tokens: readonly NumberToken[] = numberTokens(text)): SaidNumber[] {
  const said: Array<SaidNumber & { start: number; end: number }> = []
  for (const token of tokens) {
    if (!token.standalone) continue
    const unit = unitAt(text.slice(token.end, token.end + 40))
    said.push({
      value: token.value,
      step: halfStep(token.decimals),
      unit: unit?.unit,
      start: token.start,
      end: token.end + (unit?.length ?? 0),
    })
  }
  const sums: SaidNumber[] = []
  for (let i = 0; i < said.length; i++) {
    const first = said[i]!
    if (!first.unit || first.unit.offset !== 0) continue
    let total = { value: first.value, step: first.step, unit: first.unit }
    let last = first
    for (let j = i + 1; j < said.length; j++) {
      const part = said[j]!
      if (!part.unit || part.unit.quantity !== first.unit.quantity || part.unit.scale >= last.unit!.scale) break
      if (!COMPOUND_GAP.test(text.slice(last.end, part.start))) break
      total = {
        value: total.value + convert(part.value, part.unit, first.unit),
        step: part.step * stepRatio(part.unit, first.unit),
        unit: first.unit,
      }
      sums.push({ ...total })
      last = part
    }
  }
  return [...said.map(({ value, step, unit }) => ({ value, step, unit })), ...sums]
}
