import {
  bracketed,
  clockTimes,
  dates,
  identifiers,
  keywords,
  labelledNumbers,
  locatedNames,
  sentences,
  terms,
  type LabelledNumber,
  type LocatedName,
} from './words.ts'

/**
 * A prompt read once, sentence by sentence, into the values a keyword
 * matcher can hand to a tool: names, numbers with the words around them,
 * dates, clock times, identifiers and words. The greedy baseline calls one
 * tool per sentence but may take that call's values from anywhere in the
 * prompt, its own sentence first: "A marathon is 26.2 miles. How long is
 * that in kilometres?" asks one question in two sentences.
 */
export interface PromptReading {
  sentences: SentenceReading[]
}

export interface SentenceReading {
  text: string
  names: LocatedName[]
  numbers: LabelledNumber[]
  dates: string[]
  times: string[]
  ids: string[]
  /** Bracketed lists and expressions ("[-y, x, 0]"), with their place in the sentence. */
  brackets: Array<{ text: string; at: number; end: number }>
  /** Keyword stems, for matching parameter and tool names. */
  words: string[]
  /** Words as written, for search boxes. */
  terms: string[]
}

export function readPrompt(prompt: string): PromptReading {
  return {
    sentences: sentences(prompt).map((text) => ({
      text,
      names: locatedNames(text),
      numbers: labelledNumbers(text),
      dates: dates(text),
      times: clockTimes(text),
      ids: identifiers(text),
      brackets: bracketed(text),
      words: keywords(text),
      terms: terms(text),
    })),
  }
}

/**
 * The order a call looks for values in: its own sentence, then the
 * sentences before it (nearest first, as "there" refers back), then the
 * ones after it.
 */
export function nearestFirst(count: number, index: number): number[] {
  const before = Array.from({ length: index }, (_, i) => index - 1 - i)
  const after = Array.from({ length: Math.max(0, count - index - 1) }, (_, i) => index + 1 + i)
  return [index, ...before, ...after]
}
