import { splitWords } from '../../../src/lib/words.ts'

/**
 * The plain text handling of the hedging adversaries (test/support/hedging-agents.ts): sentences, keywords,
 * proper-noun phrases, identifiers, dates, times and numbers, read off a prompt with no model at all. It was the
 * greedy baseline's prompt reader; it is tuned to the bundled suite's wording, which makes a floor drift but an
 * adversary stronger, so it lives with the tests now (src/runtime/agents/baselines/ keeps the frozen BM25 matcher).
 */

const STOPWORDS = new Set(
  (
    'a about above after again all also am an and any are as at be been before being below between both but by can could ' +
    'did do does doing down during each few for from further get had has have having he her here hers him his how i if in ' +
    'into is it its just let me more most my no nor not now of off on once only or other our out over own same she should ' +
    'so some such than that the their them then there these they this those through to too under until up very was we were ' +
    'what when where which while who whom why will with would you your yours us want need like please tell give show ' +
    "i'm i've i'd i'll we're we've we'll it's that's what's there's don't can't won't isn't aren't"
  ).split(' '),
)

/** Sentences of a text: split after ., ? or ! followed by white space, and at line breaks. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.?!])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z0-9]/.test(s))
}

/**
 * Lower-case word stems for matching a prompt against a catalog:
 * camelCase, snake_case and kebab-case split, stopwords dropped, British
 * spellings made American and common endings cut, so "kilometres",
 * "driving" and "rated" meet "kilometer", "drive" and "rating".
 */
export function keywords(text: string): string[] {
  return splitWords(text)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem)
}

/** Lower-case words as written (no stems, no camelCase split), stopwords dropped: what a search box is given. */
export function terms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, ''))
    .filter((w) => w.length > 1 && !STOPWORDS.has(w.replace(/’/g, "'")) && /\p{L}|\d/u.test(w))
}

/** "metre" → "meter", "litres" → "liters": the catalogs are written in American English. */
export function americanSpelling(text: string): string {
  return text.replace(/\b(\w*(?:met|lit))re(s?)\b/gi, '$1er$2')
}

function stem(word: string): string {
  let w = americanSpelling(word)
  if (/^\d/.test(w)) return w
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1)
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2)
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1)
  return w
}

const CAPITALISED = /^[A-Z][\p{L}'’.-]*$|^[A-Z][A-Z0-9]+$/u
/** Capitalised words that name no place, person or thing a tool could look up. */
const NOT_NAMES = new Set(
  (
    'celsius fahrenheit kelvin monday tuesday wednesday thursday friday saturday sunday january february march ' +
    'april may june july august september october november december'
  ).split(' '),
)
/** Short all-capital words are units and acronyms (BMI, INR, TIA), rarely names. */
const ACRONYM = /^[A-Z0-9]{2,4}$/
const JOINERS = new Set(['of', 'de', 'the', 'la', 'del'])

/**
 * Names of places, people and things, the nearest a keyword reader gets:
 * quoted phrases ("Twentynine"), then runs of capitalised words ("Salt Lake
 * City", "Arches National Park"). A sentence's first word counts only when
 * the next word is capitalised too.
 */
export function properNouns(text: string): string[] {
  return [...new Set(locatedNames(text).map((n) => n.name))]
}

export interface LocatedName {
  name: string
  /** Character offset in the text. */
  at: number
  /** The word just before the name, lower-cased ("from", "to", "in"), or "" at the start. */
  before: string
  /** The word just after it, lower-cased ("the Curiosity rover"), or "" at the end. */
  after: string
}

/** Names as `properNouns` reads them, with where each stands and the word before it. */
export function locatedNames(text: string): LocatedName[] {
  const quotes = [...text.matchAll(/["“]([^"”]{2,60})["”]/g)].map((m) => ({
    name: m[1]!.trim(),
    at: m.index!,
    end: m.index! + m[0].length,
  }))
  const found: LocatedName[] = quotes.map(({ name, at, end }) => ({ name, at, before: wordBefore(text, at), after: wordAfter(text, end) }))
  const quoted = (at: number) => quotes.some((q) => at >= q.at && at < q.end)
  let offset = 0
  for (const sentence of sentences(text)) {
    const base = text.indexOf(sentence, offset)
    offset = base + sentence.length
    const words = [...sentence.matchAll(/\S+/g)].map((m) => ({
      raw: m[0],
      at: base + m.index!,
      word: m[0].replace(/^[([{"'“‘]+|[)\]}"'”’,;:.?!]+$/g, ''),
    }))
    let run: typeof words = []
    const flush = () => {
      while (run.length && JOINERS.has(run[run.length - 1]!.word)) run.pop()
      const last = run[run.length - 1]
      if (last && !quoted(run[0]!.at)) {
        found.push({
          name: run.map((w) => w.word).join(' '),
          at: run[0]!.at,
          before: wordBefore(text, run[0]!.at),
          after: wordAfter(text, last.at + last.word.length),
        })
      }
      run = []
    }
    words.forEach(({ word, raw }, i) => {
      const next = words[i + 1]?.word ?? ''
      const capital =
        CAPITALISED.test(word) && word !== 'I' && !/^I['’]/.test(word) && !NOT_NAMES.has(word.toLowerCase()) && !ACRONYM.test(word)
      // A sentence's first word is capitalised anyway: it starts a name only if it is no common word and a capital follows.
      const first = i === 0 && (STOPWORDS.has(word.toLowerCase()) || !(CAPITALISED.test(next) && next !== 'I'))
      if (capital && !first) run.push(words[i]!)
      else if (run.length && JOINERS.has(word)) run.push(words[i]!)
      else flush()
      // Punctuation or a closing quote after a word ends the name: "Denver, Moab" is two places.
      if (/[,;:.?!)"”]$/.test(raw)) flush()
    })
    flush()
  }
  return found.sort((a, b) => a.at - b.at)
}

function wordAfter(text: string, at: number): string {
  return /^[^A-Za-z.?!;]*([A-Za-z]+)/.exec(text.slice(at, at + 20))?.[1]?.toLowerCase() ?? ''
}

function wordBefore(text: string, at: number): string {
  return /([A-Za-z]+)\W*$/.exec(text.slice(Math.max(0, at - 20), at))?.[1]?.toLowerCase() ?? ''
}

/**
 * Identifiers written in a text: paths and file names (config/staging.env,
 * todo.md), owner/name ids (openai/gsm8k), DOIs, IACR ids (2018/506) and
 * arXiv ids (2212.04356, the archive's YYMM.NNNNN form).
 */
export function identifiers(text: string): string[] {
  return [...new Set([...text.matchAll(IDENTIFIER)].map((m) => m[0].replace(/[.,;:)]+$/, '')).filter(isIdentifier))]
}

/** Not an identifier: a plain number, a ratio ("150/90") or a unit ("mg/dL", "km/h", "and/or": a short last part). */
function isIdentifier(token: string): boolean {
  if (ARXIV_ID.test(token) || /^\d{4}\/\d{3,5}$/.test(token) || token.startsWith('10.')) return true
  if (/^[\d.,/]+$/.test(token)) return false
  return !token.includes('/') || token.split('/').pop()!.length >= 3
}
const ARXIV_ID = /^\d{4}\.\d{4,5}(?:v\d+)?$/
const IDENTIFIER =
  /\b10\.\d{4,9}\/[^\s,;]+|\b\d{4}\.\d{4,5}(?:v\d+)?\b|(?<![\w/.])(?:[\w.-]+\/)+[\w.-]*\w|\b[\w-]+\.(?:md|txt|csv|json|env|ya?ml|toml|ts|js|py|log|html|xml|pdf)\b/g

/** Number words a prompt may spell out; "one" is left out, as it is more often a pronoun ("which one"). */
const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  twenty: 20,
  thirty: 30,
  dozen: 12,
}

/** The text with dates, clock times and identifiers blanked out, so none of them reads as a number. */
function withoutNonNumbers(text: string): string {
  return text
    .replace(IDENTIFIER, (m) => (isIdentifier(m.replace(/[.,;:)]+$/, '')) ? ' '.repeat(m.length) : m))
    .replace(WRITTEN_DATE, (m) => ' '.repeat(m.length))
    .replace(/\d{4}-\d{2}-\d{2}/g, (m) => ' '.repeat(m.length))
    .replace(CLOCK, (m) => ' '.repeat(m.length))
}

/** Numbers written in a text, in order ("1,200" is 1200, "-3.5" is -3.5, "three" is 3). Dates, times and ids are not numbers here. */
export function numbers(text: string): number[] {
  return labelledNumbers(text).map((n) => n.value)
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']
const MONTH = `(${MONTHS.join('|')}|${MONTHS.map((m) => m.slice(0, 3)).join('|')})\\.?`
const WRITTEN_DATE = new RegExp(`\\b(\\d{1,2})\\s+${MONTH}\\s+(\\d{4})\\b|\\b${MONTH}\\s+(\\d{1,2}),?\\s+(\\d{4})\\b`, 'gi')

/** Dates written in a text, as ISO dates (YYYY-MM-DD), in order: "2025-06-15", "3 March 2025" and "March 3, 2025". */
export function dates(text: string): string[] {
  const found: Array<{ at: number; date: string }> = []
  for (const m of text.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)) found.push({ at: m.index!, date: m[0] })
  for (const m of text.matchAll(WRITTEN_DATE)) {
    const [day, month, year] = m[1] ? [m[1], m[2]!, m[3]!] : [m[5]!, m[4]!, m[6]!]
    const index = MONTHS.findIndex((name) => name.startsWith(month.toLowerCase().replace('.', '')))
    found.push({ at: m.index!, date: `${year}-${String(index + 1).padStart(2, '0')}-${day.padStart(2, '0')}` })
  }
  return found.sort((a, b) => a.at - b.at).map((d) => d.date)
}

const HOURS = ['twelve', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven']
const HOUR = `(\\d{1,2}|${HOURS.join('|')})`
const CLOCK = new RegExp(
  `\\b(\\d{1,2}):(\\d{2})(?:\\s*([ap])\\.?m\\b\\.?)?|\\b(half|quarter) (past|to) ${HOUR}\\b|\\b(\\d{1,2})\\s*([ap])\\.?m\\b\\.?|\\b(noon|midday|midnight)\\b`,
  'gi',
)

/**
 * Clock times written in a text, as zero-padded 24-hour HH:MM: "9:00",
 * "9:30 pm", "9 am", "half past nine", "quarter to ten", "noon".
 */
export function clockTimes(text: string): string[] {
  return [...text.matchAll(CLOCK)].map((m) => {
    let hour: number
    let minute = 0
    if (m[1]) [hour, minute] = [Number(m[1]), Number(m[2])]
    else if (m[4]) {
      const named = HOURS.indexOf(m[6]!.toLowerCase())
      hour = named >= 0 ? named : Number(m[6])
      minute = m[4].toLowerCase() === 'half' ? 30 : 15
      if (m[5]!.toLowerCase() === 'to') [hour, minute] = [hour - 1, 60 - minute]
    } else if (m[7]) hour = Number(m[7])
    else hour = m[9]!.toLowerCase() === 'midnight' ? 0 : 12
    const half = (m[3] ?? m[8])?.toLowerCase()
    if (half === 'p' && hour < 12) hour += 12
    if (half === 'a' && hour === 12) hour = 0
    return `${String((hour + 24) % 24).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
  })
}

/** Bracketed lists and vectors written in a text ("[-y, x, 0]", "[[4,-2],[-2,5]]"), outermost only, with where each stands. */
export function bracketed(text: string): Array<{ text: string; at: number; end: number }> {
  const found: Array<{ text: string; at: number; end: number }> = []
  let depth = 0
  let start = -1
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '[') {
      if (depth === 0) start = i
      depth++
    } else if (text[i] === ']' && depth > 0) {
      depth--
      if (depth === 0) found.push({ text: text.slice(start, i + 1), at: start, end: i + 1 })
    }
  }
  return found
}

/** Unit abbreviations and irregular forms, spelled out as catalogs write them. */
export const UNIT_WORDS: Record<string, string> = {
  kg: 'kilogram',
  kgs: 'kilogram',
  g: 'gram',
  mg: 'milligram',
  cm: 'centimeter',
  mm: 'millimeter',
  m: 'meter',
  km: 'kilometer',
  lb: 'pound',
  lbs: 'pound',
  oz: 'ounce',
  ft: 'foot',
  feet: 'foot',
  in: 'inch',
  mi: 'mile',
  mph: 'miles per hour',
  bpm: 'beat',
  yo: 'year',
  l: 'liter',
  ml: 'milliliter',
  c: 'celsius',
  f: 'fahrenheit',
  k: 'kelvin',
}

export interface LabelledNumber {
  value: number
  /** Keyword stems next to the number (within two words), nearest first: what it is a number of. */
  labels: string[]
  /** Character offset in the text. */
  at: number
  /** Written as a word ("three days"): only a parameter its label names may take it, as "two invoices" is no amount. */
  spelled?: boolean
}

/** Numbers written in a sentence, each with the words around it ("bilirubin 2.5 mg/dL", "70 kg"). */
export function labelledNumbers(text: string): LabelledNumber[] {
  const clean = withoutNonNumbers(text)
  // A minus sign only where no word runs into it: "-3.5" is negative, "9-year-4-month-old" has no negative number.
  const tokens = [...clean.matchAll(/(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])-?\d+(?:\.\d+)?|\d+(?:\.\d+)?|[A-Za-z]+/g)].map(
    (m) => ({ text: m[0], at: m.index! }),
  )
  const value = (t: string) => (/\d/.test(t) ? Number(t.replace(/,/g, '')) : NUMBER_WORDS[t.toLowerCase()])
  // Abbreviations count as units only right after the number ("70 kg", "5 ft 4 in"), never elsewhere ("km in miles").
  const word = (t: string, unit: boolean) => {
    const lower = t.toLowerCase()
    return unit && UNIT_WORDS[lower] ? keywords(UNIT_WORDS[lower])[0] : keywords(lower)[0]
  }
  const out: LabelledNumber[] = []
  tokens.forEach((token, i) => {
    const n = value(token.text)
    if (n === undefined) return
    const labels: string[] = []
    for (const distance of [1, 2]) {
      for (const j of [i - distance, i + distance]) {
        const t = tokens[j]
        if (t === undefined || value(t.text) !== undefined) continue
        const w = word(t.text, j === i + 1)
        if (w && !labels.includes(w)) labels.push(w)
      }
    }
    out.push({ value: n, labels, at: token.at, ...(/\d/.test(token.text) ? {} : { spelled: true }) })
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
  const tokens = sentence
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  const at = tokens.findIndex((t) => sameWord(keywords(t)[0] ?? t, word))
  if (at < 0) return false
  return tokens.slice(Math.max(0, at - 3), at).some((t) => ['no', 'not', 'without', 'never', 'non'].includes(t))
}
