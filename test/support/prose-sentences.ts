import { createHash } from 'node:crypto'

/**
 * Sentences of a prose source as hashes, and a search for them in other text, so that a test can say "no
 * sentence of MCP-Bench's prompts is in this repository" while the repository holds none of those
 * sentences, only their hashes (test/fixtures/mcp-bench-prose-hashes.json).
 *
 * A sentence is a run of text between sentence ends, line breaks and template placeholders, read as words
 * (lower case, letters and digits only), so that quoting, case, punctuation and line wrapping do not hide
 * a copy. Only sentences of at least MIN_WORDS words count: shorter ones ("Total rounds") are labels any
 * text may share.
 */
export const MIN_WORDS = 5

export interface SentenceHash {
  /** Hash of the first three words: where a search starts. */
  start: string
  words: number
  hash: string
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32)
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** The prose of imported MCP-Bench templates: every string but the source and the configs (tool names, numbers, error phrases). */
export function proseOf(templates: unknown): string[] {
  const t = templates as { judge?: unknown; executor?: { config?: unknown }; planner?: { config?: unknown } }
  return strings([t.judge, { ...t.executor, config: null }, { ...t.planner, config: null }])
}

/** Every string inside a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

export function sentenceHashes(texts: readonly string[]): SentenceHash[] {
  const out = new Map<string, SentenceHash>()
  for (const text of texts) {
    for (const piece of text.split(/\{\{[A-Z_]+\}\}|[.!?]\s|\n/)) {
      const w = words(piece)
      if (w.length < MIN_WORDS) continue
      const hash = sha(w.join(' '))
      out.set(hash, { start: sha(w.slice(0, 3).join(' ')), words: w.length, hash })
    }
  }
  return [...out.values()].sort((a, b) => a.hash.localeCompare(b.hash))
}

/** The hashes of `sentences` whose words occur, in a row, in `text`. */
export function findSentences(text: string, sentences: readonly SentenceHash[]): string[] {
  const byStart = new Map<string, SentenceHash[]>()
  for (const s of sentences) byStart.set(s.start, [...(byStart.get(s.start) ?? []), s])
  const w = words(text)
  const found = new Set<string>()
  for (let i = 0; i + 3 <= w.length; i++) {
    const candidates = byStart.get(sha(`${w[i]} ${w[i + 1]} ${w[i + 2]}`))
    if (!candidates) continue
    for (const s of candidates) if (i + s.words <= w.length && sha(w.slice(i, i + s.words).join(' ')) === s.hash) found.add(s.hash)
  }
  return [...found]
}
