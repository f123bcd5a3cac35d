import type { Fact } from '../task/spec.ts'

/**
 * Fact matching that forgives formatting and sensible rounding, since model
 * answers are read by people: numbers compare by value ("1,555" matches
 * "1555.0", "$8,100" matches "8100"), a number may be rounded to the
 * precision either side wrote it with (42.16 matches 42.2 and 42.1648) as
 * long as it stays within 1% of the fact, and text compares case-insensitively
 * with white space folded.
 */
const NUMBER = /[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-−]?\.\d+/g
const RELATIVE_TOLERANCE = 0.01

interface Written {
  value: number
  decimals: number
}

function parseNumber(text: string): Written {
  const clean = text.replace(/,/g, '').replace('−', '-')
  return { value: Number(clean), decimals: clean.includes('.') ? clean.split('.')[1]!.length : 0 }
}

/** Replaces every number with its canonical value and folds case and spacing. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(NUMBER, (n) => String(parseNumber(n).value))
    .replace(/\s+/g, ' ')
    .trim()
}

/** Every number in a text, by value. */
export function numbersIn(text: string): number[] {
  return writtenNumbers(text).map((n) => n.value)
}

function writtenNumbers(text: string): Written[] {
  return [...text.matchAll(NUMBER)].map((m) => parseNumber(m[0]))
}

/** Same value, or the same once rounded to the coarser of the two precisions, within 1%. */
export function sameNumber(fact: Written, said: Written): boolean {
  const diff = Math.abs(fact.value - said.value)
  if (diff <= 1e-9 * Math.max(1, Math.abs(fact.value))) return true
  const step = 0.5 * 10 ** -Math.min(fact.decimals, said.decimals)
  return diff <= step + 1e-9 && diff <= RELATIVE_TOLERANCE * Math.abs(fact.value)
}

function isNumericFact(fact: string): boolean {
  return /^\s*[-−]?[$€£]?\s*(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?\s*%?\s*$/.test(fact) && /\d/.test(fact)
}

/** The value a fact asks for, whether written bare or as `{ value, derived, goal }`. */
export function factValue(fact: Fact): string | number {
  return typeof fact === 'object' ? (fact.value ?? fact.anyOf![0]!) : fact
}

/** How a fact reads in messages: its value, plus how it is derived when it is. */
export function describeFact(fact: Fact): string {
  return typeof fact === 'object' && fact.derived ? `${JSON.stringify(fact.value)} (derived: ${fact.derived})` : JSON.stringify(factValue(fact))
}

export function mentionsFact(answer: string, fact: Fact): boolean {
  const value = factValue(fact)
  const text = String(value)
  if (typeof value === 'number' || isNumericFact(text)) {
    const wanted = writtenNumbers(text)[0]!
    return writtenNumbers(answer).some((said) => sameNumber(wanted, said))
  }
  return normalizeText(answer).includes(normalizeText(text))
}

export function missingFacts(answer: string | null, facts: readonly Fact[]): Fact[] {
  return facts.filter((f) => !mentionsFact(answer ?? '', f))
}

/**
 * Facts that should come from the tools but appear in none of their outputs.
 * A fact marked `derived` is computed from the outputs, so it is exempt.
 */
export function ungroundedFacts(facts: readonly Fact[], outputs: readonly string[]): Fact[] {
  const text = outputs.join('\n')
  return facts.filter((f) => !(typeof f === 'object' && f.derived) && !mentionsFact(text, f))
}

/**
 * Goals of a multi-goal task: the facts grouped by their `goal`. Facts
 * without a goal form one goal of their own (the whole task, for a task
 * that names no goals). A goal is met when the answer states all its facts.
 */
export function goalsMet(answer: string | null, facts: readonly Fact[]): { met: number; total: number } | null {
  if (facts.length === 0) return null
  const goals = new Map<string, Fact[]>()
  for (const fact of facts) {
    const goal = typeof fact === 'object' && fact.goal ? fact.goal : ''
    goals.set(goal, [...(goals.get(goal) ?? []), fact])
  }
  const met = [...goals.values()].filter((group) => missingFacts(answer, group).length === 0).length
  return { met, total: goals.size }
}
