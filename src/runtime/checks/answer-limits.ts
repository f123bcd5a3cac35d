import * as z from 'zod'
import type { Fact, ReferencePlan } from '../../contracts/task-spec.ts'
import { isNumberFact } from '../../scoring/facts.ts'
import { readNumbers } from '../../scoring/numbers.ts'

/**
 * The two rules that keep a fact check meaningful, measured against the
 * task's own reference answer: an answer may not be far longer than the
 * answer the task needs, and, when the task has number facts, it may not
 * state far more different numbers than that answer does. Without them a
 * fact check is a lottery a hedge wins: the task's prompt followed by every
 * number from 0 to 10,000 with one to three decimals (230 KB, ~41,000
 * numbers) "states" any number fact within rounding.
 *
 * Why these numbers: the bundled reference answers are 30 to 965
 * characters and state 0 to 31 different numbers. A careful answer may be
 * several times as long (it restates the question, shows its working, adds a
 * table), so the defaults allow eight times the reference's length, at least
 * 1,500 characters (a page of a chat reply), and three times its numbers, at
 * least 30 (a 3×3 matrix and its inverse, or a table of five rows of five
 * numbers, fit). Dumping every tool's output instead of answering mostly
 * does not: that is the hedge the length rule is for.
 */
export const AnswerLimitsSchema = z.strictObject({
  /** An answer may be this many times as long as the reference answer… */
  lengthFactor: z.number().positive().default(8),
  /** …and at least this many characters long, whatever the reference (and for a task without one). */
  minLength: z.number().int().positive().default(1_500),
  /** When the task has number facts, the answer may state this many times as many different numbers as the reference answer… */
  numberFactor: z.number().positive().default(3),
  /** …and at least this many. */
  minNumbers: z.number().int().positive().default(30),
})
export type AnswerLimits = z.infer<typeof AnswerLimitsSchema>

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = AnswerLimitsSchema.parse({})

export type LimitRule = 'answer-too-long' | 'number-spray'

export interface LimitBreach {
  rule: LimitRule
  message: string
}

/** Different standalone numbers in a text, by value: "1,555" and "1555.0" are one number, the parts of a date none. */
export function distinctNumbers(text: string, stopAfter = Infinity): number {
  const seen = new Set<number>()
  for (const token of readNumbers(text)) {
    if (token.standalone) seen.add(token.value)
    if (seen.size > stopAfter) break
  }
  return seen.size
}

/** The longest answer a task's facts are checked in: its own `maxAnswerChars`, else the run's rule. */
export function maxAnswerChars(reference: ReferencePlan | undefined, limits: AnswerLimits): number {
  return reference?.maxAnswerChars ?? Math.max(limits.minLength, Math.ceil(limits.lengthFactor * (reference?.answer?.length ?? 0)))
}

/** The most different numbers an answer may state when the task has number facts. */
export function maxAnswerNumbers(reference: ReferencePlan | undefined, limits: AnswerLimits): number {
  return reference?.maxAnswerNumbers ?? Math.max(limits.minNumbers, Math.ceil(limits.numberFactor * distinctNumbers(reference?.answer ?? '')))
}

/**
 * Why the answer cannot be checked against the facts, or null when it can.
 * `limits: false` turns both rules off, but a task's own `maxAnswerChars` or
 * `maxAnswerNumbers` still holds.
 */
export function answerLimitBreach(answer: string | null, facts: readonly Fact[], reference: ReferencePlan | undefined, limits: AnswerLimits | false): LimitBreach | null {
  if (!answer || facts.length === 0) return null
  const rules = limits === false ? { ...DEFAULT_ANSWER_LIMITS, minLength: Infinity, minNumbers: Infinity } : limits
  const chars = maxAnswerChars(reference, rules)
  if (answer.length > chars) {
    return {
      rule: 'answer-too-long',
      message: `answer too long to check: ${answer.length.toLocaleString('en-US')} characters, where this task allows ${chars.toLocaleString('en-US')} (${limitSource(reference, 'maxAnswerChars', `${rules.lengthFactor}× the reference answer's ${reference?.answer?.length ?? 0}, at least ${rules.minLength}`)}); state what was asked, not everything the tools returned`,
    }
  }
  if (!facts.some(isNumberFact)) return null
  const numbers = maxAnswerNumbers(reference, rules)
  // Counting stops past the limit: a sprayed answer may hold tens of thousands of numbers.
  if (distinctNumbers(answer, numbers) > numbers) {
    return {
      rule: 'number-spray',
      message: `too many numbers to check: the answer states more than ${numbers} different numbers, where this task allows ${numbers} (${limitSource(reference, 'maxAnswerNumbers', `${rules.numberFactor}× the reference answer's ${distinctNumbers(reference?.answer ?? '')}, at least ${rules.minNumbers}`)}); a number fact must stand as a number, not among a spray of them`,
    }
  }
  return null
}

function limitSource(reference: ReferencePlan | undefined, field: 'maxAnswerChars' | 'maxAnswerNumbers', rule: string): string {
  return reference?.[field] !== undefined ? `the task's ${field}` : rule
}
