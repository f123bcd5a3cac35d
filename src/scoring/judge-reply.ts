import { extractJsonObjects } from '../lib/tolerant-json.ts'
import { answerKey, type Rubric } from '../contracts/rubric.ts'

export { extractJsonObjects }

/**
 * Tolerant parsing of judge replies: code fences, prose around the JSON,
 * trailing commas, scores as numeric strings or `{ score }` objects, keys in
 * snake_case, camelCase or Title Case. Scores are range-checked and every
 * rubric dimension must be present; anything else makes the sample invalid.
 */

const norm = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '')

export function findKey(obj: Record<string, unknown>, names: readonly string[]): unknown {
  const wanted = new Set(names.map(norm))
  for (const [k, v] of Object.entries(obj)) if (wanted.has(norm(k))) return v
  return undefined
}

export function asScore(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string') {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*(?:\/\s*\d+)?\s*$/.exec(value)
    return m ? Number(m[1]) : undefined
  }
  if (value && typeof value === 'object' && !Array.isArray(value))
    return asScore(findKey(value as Record<string, unknown>, ['score', 'value']))
  return undefined
}

export type RubricParse = { ok: true; scores: Record<string, number>; reasoning: Record<string, string> } | { ok: false; reason: string }

/** Where one reply object keeps its scores (under `scores`/`score`, else at its top level) and its reasoning. */
export function replyHolders(obj: Record<string, unknown>): { holder: Record<string, unknown>; reasons: unknown } {
  const held = findKey(obj, ['scores', 'score'])
  const holder = held && typeof held === 'object' && !Array.isArray(held) ? (held as Record<string, unknown>) : obj
  return { holder, reasons: findKey(obj, ['reasoning', 'reasons', 'justification', 'rationale']) }
}

/** Reads one rubric sample. */
export function parseRubricReply(text: string | null | undefined, rubric: Rubric): RubricParse {
  if (!text || !text.trim()) return { ok: false, reason: 'empty reply' }
  const objects = extractJsonObjects(text)
  if (objects.length === 0) return { ok: false, reason: `no JSON object in the reply: ${preview(text)}` }
  const dims = rubric.categories.flatMap((c) => c.dimensions)
  let best: { reason: string; found: number } | undefined
  for (const obj of objects) {
    const { holder, reasons: reasoningHolder } = replyHolders(obj)
    const scores: Record<string, number> = {}
    const reasoning: Record<string, string> = {}
    const problems: string[] = []
    let found = 0
    for (const dim of dims) {
      const names = [dim.id, answerKey(dim.id), ...dim.aliases]
      const raw = findKey(holder, names)
      if (raw === undefined) {
        problems.push(`missing score for ${answerKey(dim.id)}`)
        continue
      }
      found++
      const score = asScore(raw)
      if (score === undefined) problems.push(`score for ${answerKey(dim.id)} is not a number (${preview(JSON.stringify(raw), 40)})`)
      else if (score < rubric.scale.min || score > rubric.scale.max) {
        problems.push(`score for ${answerKey(dim.id)} is out of range ${rubric.scale.min}–${rubric.scale.max} (${score})`)
      } else scores[dim.id] = score
      const why =
        reasoningHolder && typeof reasoningHolder === 'object' && !Array.isArray(reasoningHolder)
          ? findKey(reasoningHolder as Record<string, unknown>, names)
          : findKey(
              obj,
              names.map((n) => `${n}_reasoning`),
            )
      const nested = raw && typeof raw === 'object' ? findKey(raw as Record<string, unknown>, ['reasoning', 'reason']) : undefined
      const r = typeof why === 'string' ? why : typeof nested === 'string' ? nested : undefined
      if (r) reasoning[dim.id] = r
    }
    if (problems.length === 0) {
      if (Object.keys(reasoning).length === 0 && typeof reasoningHolder === 'string') reasoning.overall = reasoningHolder
      return { ok: true, scores, reasoning }
    }
    if (!best || found > best.found) best = { reason: problems.join('; '), found }
  }
  return { ok: false, reason: best!.reason }
}

export type PassFailParse = { ok: true; pass: boolean; reason: string } | { ok: false; reason: string }

function asVerdict(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (typeof value === 'string') {
    const v = norm(value)
    if (['pass', 'passed', 'yes', 'true', 'success', 'succeeded', 'correct'].includes(v)) return true
    if (['fail', 'failed', 'no', 'false', 'failure', 'incorrect'].includes(v)) return false
  }
  return undefined
}

/** Reads one pass/fail sample. */
export function parsePassFailReply(text: string | null | undefined): PassFailParse {
  if (!text || !text.trim()) return { ok: false, reason: 'empty reply' }
  for (const obj of extractJsonObjects(text)) {
    const verdict = asVerdict(findKey(obj, ['verdict', 'result', 'decision', 'outcome', 'pass', 'passed']))
    if (verdict === undefined) continue
    const why = findKey(obj, ['reasoning', 'reason', 'explanation', 'rationale'])
    return { ok: true, pass: verdict, reason: typeof why === 'string' ? why : '' }
  }
  const bare = /^\W*(pass|fail)\W*$/i.exec(text.trim())
  if (bare) return { ok: true, pass: bare[1]!.toLowerCase() === 'pass', reason: '' }
  return { ok: false, reason: `no verdict in the reply: ${preview(text)}` }
}

export function preview(text: string, max = 120): string {
  const t = text.replace(/\s+/g, ' ').trim()
  return t.length > max ? `${t.slice(0, max)}…` : t
}
