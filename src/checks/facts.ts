/**
 * Fact matching that forgives formatting: numbers compare by value, so
 * "1,555" matches "1555.0" and "$8,100" matches "8100"; text compares
 * case-insensitively with white space folded.
 */
const NUMBER = /[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-−]?\.\d+/g

/** Replaces every number with its canonical value and folds case and spacing. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(NUMBER, (n) => String(Number(n.replace(/,/g, '').replace('−', '-'))))
    .replace(/\s+/g, ' ')
    .trim()
}

/** Every number in a text, by value. */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(NUMBER)].map((m) => Number(m[0].replace(/,/g, '').replace('−', '-')))
}

function isNumericFact(fact: string): boolean {
  return /^\s*[-−]?[$€£]?\s*(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?\s*%?\s*$/.test(fact) && /\d/.test(fact)
}

export function mentionsFact(answer: string, fact: string | number): boolean {
  const text = String(fact)
  if (typeof fact === 'number' || isNumericFact(text)) {
    const value = numbersIn(text)[0]!
    return numbersIn(answer).some((n) => n === value || Math.abs(n - value) <= 1e-9 * Math.max(1, Math.abs(value)))
  }
  return normalizeText(answer).includes(normalizeText(text))
}

export function missingFacts(answer: string | null, facts: Array<string | number>): Array<string | number> {
  return facts.filter((f) => !mentionsFact(answer ?? '', f))
}
