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

const CAPITALISED = /^[A-Z][\p{L}'’.-]*$|^[A-Z0-9]{2,}$/u
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
      const capital = CAPITALISED.test(word) && word !== 'I'
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
