import type { Fact } from '../contracts/task-spec.ts'
import { convert, parseUnit, stepRatio, type Unit } from '../contracts/units.ts'
import { halfStep, numberTokens, quantitiesIn, type NumberToken, type SaidNumber, type Written } from './numbers.ts'

/**
 * Fact matching that forgives formatting and sensible rounding, since model
 * answers are read by people, but not hedging:
 * - numbers compare by value ("1,555" matches "1555.0", "$8,100" matches
 *   "8100"), and may be rounded to the precision either side wrote them with
 *   (42.16 matches 42.2 and 42.1648) as long as they stay within 1% of the
 *   fact. Only a number that stands alone counts: the 10 inside "2024-05-10",
 *   "10:17" or "X10" is part of a date, a time or a name, not the number 10.
 * - a fact with a `unit` converts what the answer wrote in another unit of
 *   the same quantity ("7,612 ft" for 2,320 m, "14.19 GiB" for 15.24 GB, "15
 *   weeks and 1 day" for 106 days); a bare number counts in the fact's unit,
 *   a number in a unit of another quantity does not count.
 * - text compares case-insensitively with white space folded and numbers
 *   normalised; where the fact starts or ends with a digit, the answer must
 *   not run on with another ("05:00" is not in "15:00").
 * - `anyOf` lists other spellings; `forbid` lists values whose mention fails
 *   the fact (numbers by the number rule, text as whole words), so an answer
 *   naming every candidate of a choice does not pass.
 * An answer too long or too full of numbers to check is a separate rule, in
 * answer-limits.ts.
 */
const RELATIVE_TOLERANCE = 0.01

/** Replaces every number with its canonical value and folds case and spacing. `tokens`: the text's numbers, if already read. */
export function normalizeText(text: string, tokens: readonly NumberToken[] = numberTokens(text)): string {
  let out = ''
  let at = 0
  for (const token of tokens) {
    out += text.slice(at, token.start) + String(token.value)
    at = token.end
  }
  return (out + text.slice(at)).toLowerCase().replace(/\s+/g, ' ').trim()
}

/** Every standalone number in a text, by value. */
export function numbersIn(text: string): number[] {
  return numberTokens(text)
    .filter((t) => t.standalone)
    .map((t) => t.value)
}

/** `said` is `fact` as written, or rounded to the coarser of the two rounding steps, within 1% of the fact. */
function close(fact: number, factStep: number, said: number, saidStep: number): boolean {
  const diff = Math.abs(fact - said)
  if (diff <= 1e-9 * Math.max(1, Math.abs(fact))) return true
  return diff <= Math.max(factStep, saidStep) + 1e-9 && diff <= RELATIVE_TOLERANCE * Math.abs(fact)
}

const NUMERIC = /^\s*[-−]?[$€£]?\s*(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?\s*%?\s*$/
const WITH_UNIT = /^\s*([-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-−]?\.\d+)\s*(\S.*?)\s*$/

/** A number fact: its value, its precision and the unit it is in (the fact's own `unit`, or one written after it). */
interface NumberSpelling extends Written {
  unit?: Unit
}

/** The spelling as a number, when it is one ("1,555", "$8,100", "15%", or "7,612 ft" for a fact with a unit). */
function asNumber(spelling: string | number, unit: Unit | undefined): NumberSpelling | undefined {
  const text = String(spelling)
  if (NUMERIC.test(text) && /\d/.test(text)) return { ...numberTokens(text.replace(/[$€£%]/g, ' '))[0]!, unit }
  if (!unit) return undefined
  const match = WITH_UNIT.exec(text)
  const own = match && parseUnit(match[2]!)
  if (!own || own.quantity !== unit.quantity) return undefined
  return { ...numberTokens(match[1]!)[0]!, unit: own }
}

/** The fact's spellings: `value`, then `anyOf`. */
function spellings(fact: Fact): Array<string | number> {
  if (typeof fact !== 'object') return [fact]
  return [...(fact.value !== undefined ? [fact.value] : []), ...(fact.anyOf ?? [])]
}

/** The unit a fact is in, if it names one. Unknown names are rejected by the task schema. */
function unitOf(fact: Fact): Unit | undefined {
  return typeof fact === 'object' && fact.unit ? parseUnit(fact.unit) : undefined
}

/** The value a fact asks for, whether written bare or as `{ value, derived, goal }`. */
function factValue(fact: Fact): string | number {
  return typeof fact === 'object' ? (fact.value ?? fact.anyOf![0]!) : fact
}

/** How a fact reads in messages: its value, with its unit, how it is derived, and what it forbids. */
export function describeFact(fact: Fact): string {
  if (typeof fact !== 'object') return JSON.stringify(fact)
  const parts = [JSON.stringify(factValue(fact)) + (fact.unit ? ` ${fact.unit}` : '')]
  if (fact.anyOf?.length)
    parts.push(
      `or ${spellings(fact)
        .slice(1)
        .map((s) => JSON.stringify(s))
        .join(' or ')}`,
    )
  if (fact.derived) parts.push(`(derived: ${fact.derived})`)
  if (fact.forbid?.length) parts.push(`(not ${fact.forbid.map((f) => JSON.stringify(f)).join(', ')})`)
  return parts.join(' ')
}

/** Whether the answer states the number, in the fact's unit or converted from another of the same quantity. */
function statesNumber(said: readonly SaidNumber[], wanted: NumberSpelling, factUnit: Unit | undefined): boolean {
  const target = wanted.unit ?? factUnit
  const wantedStep = halfStep(wanted.decimals)
  return said.some((q) => {
    if (!target) return close(wanted.value, wantedStep, q.value, q.step)
    // A bare number counts in the fact's unit; a number in another quantity's unit (29 km/h for 29 °C) does not count.
    const from = q.unit ?? factUnit ?? target
    if (from.quantity !== target.quantity) return false
    return close(wanted.value, wantedStep, convert(q.value, from, target), q.step * stepRatio(from, target))
  })
}

/**
 * Whether the normalised answer contains the normalised text. An edge of the
 * text that is a digit must not touch another digit (or a decimal point and
 * digit) in the answer; with `wholeWord`, no edge may touch a letter or digit.
 */
function containsText(normalisedAnswer: string, text: string, wholeWord: boolean): boolean {
  const needle = normalizeText(text)
  if (!needle) return false
  const guarded = wholeWord ? /[\p{L}\p{N}]/u : /\p{N}/u
  const guardStart = guarded.test(needle[0]!)
  const guardEnd = guarded.test(needle.at(-1)!)
  for (let at = normalisedAnswer.indexOf(needle); at >= 0; at = normalisedAnswer.indexOf(needle, at + 1)) {
    const before = normalisedAnswer.slice(Math.max(0, at - 2), at)
    const after = normalisedAnswer.slice(at + needle.length, at + needle.length + 2)
    // "3.5" must not be found in "13.5" or "0.35"; "Camp 4" not in "Camp 40".
    if (guardStart && (guarded.test(before.at(-1) ?? '') || /\p{N}\.$/u.test(before))) continue
    if (guardEnd && (guarded.test(after[0] ?? '') || /^\.\p{N}/u.test(after))) continue
    return true
  }
  return false
}

/**
 * A reader of one answer: its numbers and normalised text are worked out once for all of a task's facts, from
 * one reading of its numbers (the text may be every tool output of a run, for grounding).
 */
class AnswerReader {
  private tokens?: NumberToken[]
  private quantities?: SaidNumber[]
  private normalised?: string
  constructor(readonly text: string) {}

  private numbers(): NumberToken[] {
    return (this.tokens ??= numberTokens(this.text))
  }

  private said(): SaidNumber[] {
    return (this.quantities ??= quantitiesIn(this.text, this.numbers()))
  }

  private norm(): string {
    return (this.normalised ??= normalizeText(this.text, this.numbers()))
  }

  states(spelling: string | number, unit: Unit | undefined, wholeWord: boolean): boolean {
    const number = asNumber(spelling, unit)
    if (number) return statesNumber(this.said(), number, unit)
    return containsText(this.norm(), String(spelling), wholeWord)
  }

  mentions(fact: Fact): boolean {
    const unit = unitOf(fact)
    if (!spellings(fact).some((s) => this.states(s, unit, false))) return false
    return typeof fact !== 'object' || !fact.forbid?.some((f) => this.states(f, unit, true))
  }

  /** The forbidden values of a fact that the answer states. */
  forbidden(fact: Fact): Array<string | number> {
    if (typeof fact !== 'object' || !fact.forbid) return []
    const unit = unitOf(fact)
    return fact.forbid.filter((f) => this.states(f, unit, true))
  }
}

export function mentionsFact(answer: string, fact: Fact): boolean {
  return new AnswerReader(answer).mentions(fact)
}

export function missingFacts(answer: string | null, facts: readonly Fact[]): Fact[] {
  return factsStated(answer, facts).missing
}

/** For messages: each fact the answer fails because it also states a value the fact forbids. */
export function forbiddenMentions(answer: string | null, facts: readonly Fact[]): Array<{ fact: Fact; stated: Array<string | number> }> {
  const reader = new AnswerReader(answer ?? '')
  return facts.map((fact) => ({ fact, stated: reader.forbidden(fact) })).filter((f) => f.stated.length > 0)
}

/**
 * Facts that should come from the tools but appear in none of their outputs,
 * in any of their spellings. A fact marked `derived` is computed from the
 * outputs, so it is exempt. Forbidden values are no concern here: the outputs
 * list every candidate.
 */
export function ungroundedFacts(facts: readonly Fact[], outputs: readonly string[]): Fact[] {
  const reader = new AnswerReader(outputs.join('\n'))
  return facts.filter((f) => !(typeof f === 'object' && f.derived) && !spellings(f).some((s) => reader.states(s, unitOf(f), false)))
}

/**
 * Goals of a multi-goal task: the facts grouped by their `goal`. Facts
 * without a goal form one goal of their own (the whole task, for a task
 * that names no goals). A goal is met when the answer states all its facts.
 */
export function goalsMet(answer: string | null, facts: readonly Fact[]): { met: number; total: number } | null {
  return factsStated(answer, facts).goals
}

/** goalsMet and missingFacts of one answer together, from one reading of it (a task record needs both). */
export function factsStated(
  answer: string | null,
  facts: readonly Fact[],
): { goals: { met: number; total: number } | null; missing: Fact[] } {
  const reader = new AnswerReader(answer ?? '')
  const stated = new Map(facts.map((fact) => [fact, reader.mentions(fact)]))
  const missing = facts.filter((fact) => !stated.get(fact))
  if (facts.length === 0) return { goals: null, missing }
  const goals = new Map<string, Fact[]>()
  for (const fact of facts) {
    const goal = typeof fact === 'object' && fact.goal ? fact.goal : ''
    const group = goals.get(goal)
    if (group) group.push(fact)
    else goals.set(goal, [fact])
  }
  const met = [...goals.values()].filter((group) => group.every((f) => stated.get(f))).length
  return { goals: { met, total: goals.size }, missing }
}

/** Whether a fact is a number fact (its first spelling reads as a number): the facts a number spray could hit. */
export function isNumberFact(fact: Fact): boolean {
  return spellings(fact).some((s) => asNumber(s, unitOf(fact)) !== undefined)
}
