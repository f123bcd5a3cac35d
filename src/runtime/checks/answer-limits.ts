import { AnswerLimitsSchema, type AnswerLimits } from '../../contracts/options.ts'
import type { Fact, ReferencePlan } from '../../contracts/task-spec.ts'
import { isNumberFact } from '../../scoring/facts.ts'
import { readNumbers } from '../../scoring/numbers.ts'

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = AnswerLimitsSchema.parse({})

type LimitRule = 'answer-too-long' | 'number-spray'

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
function maxAnswerChars(reference: ReferencePlan | undefined, limits: AnswerLimits): number {
  return reference?.maxAnswerChars ?? Math.max(limits.minLength, Math.ceil(limits.lengthFactor * (reference?.answer?.length ?? 0)))
}

/** The most different numbers an answer may state when the task has number facts. */
function maxAnswerNumbers(reference: ReferencePlan | undefined, limits: AnswerLimits): number {
  return (
    reference?.maxAnswerNumbers ?? Math.max(limits.minNumbers, Math.ceil(limits.numberFactor * distinctNumbers(reference?.answer ?? '')))
  )
}

/**
 * Why the answer cannot be checked against the facts, or null when it can.
 * `limits: false` turns both rules off, but a task's own `maxAnswerChars` or
 * `maxAnswerNumbers` still holds.
 */
export function answerLimitBreach(
  answer: string | null,
  facts: readonly Fact[],
  reference: ReferencePlan | undefined,
  limits: AnswerLimits | false,
): LimitBreach | null {
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
