/**
 * The plain text handling the baseline agents share: sentences, keywords,
 * proper-noun phrases and numbers, read off a prompt with no model at all.
 */

const STOPWORDS = new Set((
  'a about above after again all also am an and any are as at be been before being below between both but by can could ' +
  'did do does doing down during each few for from further get had has have having he her here hers him his how i if in ' +
  'into is it its just let me more most my no nor not now of off on once only or other our out over own same she should ' +
  'so some such than that the their them then there these they this those through to too under until up very was we were ' +
  'what when where which while who whom why will with would you your yours us want need like please tell give show'
).split(' '))

/** Sentences of a text: split after ., ? or ! followed by white space, and at line breaks. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.?!])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z0-9]/.test(s))
}

/** Lower-case word stems: camelCase, snake_case and kebab-case split, stopwords dropped, a plural "s" cut. */
export function keywords(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem)
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

const CAPITALISED = /^[A-Z][\p{L}'’.-]*$|^[A-Z][A-Z0-9]+$/u
/** Capitalised words that name no place, person or thing a tool could look up. */
const NOT_NAMES = new Set(('celsius fahrenheit kelvin monday tuesday wednesday thursday friday saturday sunday january february march ' +
  'april may june july august september october november december').split(' '))
/** Short all-capital words are units and acronyms (BMI, INR, TIA), rarely names. */
const ACRONYM = /^[A-Z0-9]{2,4}$/
const JOINERS = new Set(['of', 'de', 'the', 'and', 'la', 'del'])

/**
 * Runs of capitalised words ("Salt Lake City", "Arches National Park"), the
 * nearest a keyword reader gets to names of places, people and things. A
 * sentence's first word counts only when the next word is capitalised too.
 */
export function properNouns(text: string): string[] {
  const found: string[] = []
  for (const sentence of sentences(text)) {
    const words = sentence.split(/\s+/).map((w) => w.replace(/^[("'“‘]+|[)"'”’,;:.?!]+$/g, ''))
    let run: string[] = []
    const flush = () => {
      while (run.length && JOINERS.has(run[run.length - 1]!)) run.pop()
      if (run.length) found.push(run.join(' '))
      run = []
    }
    words.forEach((word, i) => {
      const capital = CAPITALISED.test(word) && word !== 'I' && !NOT_NAMES.has(word.toLowerCase()) && !ACRONYM.test(word)
      // A sentence's first word is capitalised anyway: it starts a name only if it is no common word and a capital follows.
      const first = i === 0 && (STOPWORDS.has(word.toLowerCase()) || !(CAPITALISED.test(words[1] ?? '') && (words[1] ?? '') !== 'I'))
      if (capital && !first) run.push(word)
      else if (run.length && JOINERS.has(word)) run.push(word)
      else flush()
    })
    flush()
  }
  return [...new Set(found)]
}

/** Numbers written in a text, in order ("1,200" is 1200, "-3.5" is -3.5). Dates and times are not numbers here. */
export function numbers(text: string): number[] {
  const withoutDates = text.replace(/\d{4}-\d{2}-\d{2}|\b\d{1,2}:\d{2}\b/g, ' ')
  return [...withoutDates.matchAll(/-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, '')))
}

/** ISO dates (YYYY-MM-DD) written in a text. */
export function dates(text: string): string[] {
  return [...text.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)].map((m) => m[0])
}

/** Clock times (HH:MM) written in a text, zero-padded. */
export function clockTimes(text: string): string[] {
  return [...text.matchAll(/\b(\d{1,2}):(\d{2})\b/g)].map((m) => `${m[1]!.padStart(2, '0')}:${m[2]}`)
}

const UNIT_WORDS: Record<string, string> = {
  kg: 'kilogram', kgs: 'kilogram', g: 'gram', cm: 'centimeter', mm: 'millimeter', m: 'meter', km: 'kilometer',
  lb: 'pound', lbs: 'pound', ft: 'foot', feet: 'foot', mi: 'mile', bpm: 'beat', yo: 'year',
  metre: 'meter', metres: 'meter', kilometre: 'kilometer', kilometres: 'kilometer', centimetre: 'centimeter', centimetres: 'centimeter',
}

export interface LabelledNumber {
  value: number
  /** Keyword stems next to the number (within two words), nearest first: what it is a number of. */
  labels: string[]
}

/** Numbers written in a sentence, each with the words around it ("bilirubin 2.5 mg/dL", "70 kg"). */
export function labelledNumbers(text: string): LabelledNumber[] {
  const withoutDates = text.replace(/\d{4}-\d{2}-\d{2}|\b\d{1,2}:\d{2}\b/g, ' ')
  const tokens = [...withoutDates.matchAll(/-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?|[A-Za-z]+/g)].map((m) => m[0])
  const isNumber = (t: string) => /\d/.test(t)
  const word = (t: string) => {
    const lower = t.toLowerCase()
    return UNIT_WORDS[lower] ?? keywords(lower)[0]
  }
  const out: LabelledNumber[] = []
  tokens.forEach((token, i) => {
    if (!isNumber(token)) return
    const labels: string[] = []
    for (const distance of [1, 2]) {
      for (const j of [i - distance, i + distance]) {
        const t = tokens[j]
        if (t === undefined || isNumber(t)) continue
        const w = word(t)
        if (w && !labels.includes(w)) labels.push(w)
      }
    }
    out.push({ value: Number(token.replace(/,/g, '')), labels })
  })
  return out
}

/** Two keyword stems name the same thing: equal, or sharing a long enough start ("weighs" and "weight"). */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true
  const n = Math.min(a.length, b.length)
  return n >= 5 && a.slice(0, 5) === b.slice(0, 5)
}

/** Whether the sentence negates a word: "no", "not", "without" or "never" shortly before it. */
export function isNegated(sentence: string, word: string): boolean {
  const tokens = sentence.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)
  const at = tokens.findIndex((t) => sameWord(keywords(t)[0] ?? t, word))
  if (at < 0) return false
  return tokens.slice(Math.max(0, at - 3), at).some((t) => ['no', 'not', 'without', 'never', 'non'].includes(t))
}
