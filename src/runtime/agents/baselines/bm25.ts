/**
 * Okapi BM25 over a tool catalog: each tool is a document made of its
 * server-qualified name and its description, the prompt is the query. The
 * textbook formula with the usual constants (k1 = 1.2, b = 0.75) and the
 * non-negative idf, ln(1 + (N − n + 0.5) / (n + 0.5)), so a word found in
 * every tool still counts a little and never against a tool. Nothing here is
 * fitted to the bundled suite: no stemming, no synonyms, no field weights.
 */

const K1 = 1.2
const B = 0.75

// Words that say nothing about which tool to call; the list is short on purpose.
const STOPWORDS = new Set(
  (
    'a an and are as at be by can could do does for from get has have how i in is it its me my of on or please ' +
    'show so tell than that the their them then there these they this those to us was we what when where which who ' +
    'will with would you your'
  ).split(' '),
)

/**
 * Lower-case words of a text for matching: camelCase, snake_case, kebab-case
 * and `server__tool` names split into words, stopwords and one-letter words
 * dropped. Digits stay (a prompt's "2024" can meet a description's).
 */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
}

export interface Document<T> {
  item: T
  text: string
}

export interface Ranked<T> {
  item: T
  score: number
}

/**
 * Every document that shares a word with the query, best BM25 score first;
 * ties keep the documents' order. The corpus statistics (document
 * frequencies, average length) come from `documents` alone.
 */
export function bm25Rank<T>(query: string, documents: ReadonlyArray<Document<T>>): Array<Ranked<T>> {
  const docs = documents.map(({ item, text }) => ({ item, counts: countWords(tokenize(text)) }))
  const lengths = docs.map((d) => [...d.counts.values()].reduce((a, b) => a + b, 0))
  const averageLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, docs.length) || 1
  const frequency = new Map<string, number>()
  for (const d of docs) for (const w of d.counts.keys()) frequency.set(w, (frequency.get(w) ?? 0) + 1)
  const idf = (w: string) => {
    const n = frequency.get(w) ?? 0
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5))
  }
  // Each query word counts once, however often the prompt repeats it.
  const terms = new Set(tokenize(query))
  const ranked: Array<Ranked<T> & { order: number }> = []
  docs.forEach((d, order) => {
    let score = 0
    for (const w of terms) {
      const f = d.counts.get(w) ?? 0
      if (f) score += (idf(w) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * lengths[order]!) / averageLength))
    }
    if (score > 0) ranked.push({ item: d.item, score, order })
  })
  return ranked.sort((a, b) => b.score - a.score || a.order - b.order).map(({ item, score }) => ({ item, score }))
}

function countWords(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1)
  return counts
}
