import { extractJsonObjects } from '../lib/tolerant-json.ts'
import { asScore, findKey, preview, replyHolders } from './judge-reply.ts'
import { answerKey, type Rubric } from '../contracts/rubric.ts'

/**
 * Averaging rubric samples dimension by dimension (the judge option `sampleAveraging`), as MCP-Bench does:
 * a sample whose reply leaves one dimension out, or scores it in words, still counts for the others.
 *
 * - `per-field` (the paper's fidelity): a dimension counts in a sample when it is a score in the rubric's
 *   range (a number, a numeric string or `{ score }`); one that no sample scored is missing (null).
 * - `mcp-bench-evaluator` (the released code's fidelity): `_calculate_average_scores`, evaluator.py:376-385,
 *   `isinstance(result[field], (int, float))`: a JSON number counts whatever its value (0 and 11 too), a
 *   JSON boolean counts as 1 or 0 (Python's bool is an int), a string never; none, and the dimension is 0.
 */
export type FieldAveraging = 'per-field' | 'mcp-bench-evaluator'

export type FieldParse =
  | { ok: true; scores: Record<string, number>; reasoning: Record<string, string>; skipped: string[] }
  | { ok: false; reason: string }

function evaluatorNumber(value: unknown): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** Reads one sample field by field: the dimensions that count in it, and why the others do not. */
export function parseRubricFields(text: string | null | undefined, rubric: Rubric, mode: FieldAveraging): FieldParse {
  if (!text || !text.trim()) return { ok: false, reason: 'empty reply' }
  const objects = extractJsonObjects(text)
  if (objects.length === 0) return { ok: false, reason: `no JSON object in the reply: ${preview(text)}` }
  const dims = rubric.categories.flatMap((c) => c.dimensions)
  let best: Extract<FieldParse, { ok: true }> | undefined
  for (const obj of objects) {
    const { holder, reasons } = replyHolders(obj)
    const scores: Record<string, number> = {}
    const reasoning: Record<string, string> = {}
    const skipped: string[] = []
    for (const dim of dims) {
      const names = [dim.id, answerKey(dim.id), ...dim.aliases]
      const raw = findKey(holder, names)
      const score = mode === 'mcp-bench-evaluator' ? evaluatorNumber(raw) : asScore(raw)
      const inRange = score !== undefined && (mode === 'mcp-bench-evaluator' || (score >= rubric.scale.min && score <= rubric.scale.max))
      if (inRange) scores[dim.id] = score
      else
        skipped.push(
          raw === undefined ? `no ${answerKey(dim.id)}` : `${answerKey(dim.id)} not counted (${preview(JSON.stringify(raw), 40)})`,
        )
      const why =
        reasons && typeof reasons === 'object' && !Array.isArray(reasons)
          ? findKey(reasons as Record<string, unknown>, names)
          : findKey(
              obj,
              names.map((n) => `${n}_reasoning`),
            )
      if (typeof why === 'string') reasoning[dim.id] = why
    }
    if (!best || Object.keys(scores).length > Object.keys(best.scores).length) best = { ok: true, scores, reasoning, skipped }
  }
  return best!
}

/**
 * Each dimension's mean over the samples that scored it. With none: 0 under `mcp-bench-evaluator`
 * ("No valid scores found for {field}, using 0"), null under `per-field`.
 */
export function averageFields(
  dimensionIds: readonly string[],
  samples: ReadonlyArray<Record<string, number>>,
  mode: FieldAveraging,
): Record<string, number | null> {
  return Object.fromEntries(
    dimensionIds.map((id) => {
      const values = samples.flatMap((s) => (typeof s[id] === 'number' ? [s[id]] : []))
      const avg = values.length ? values.reduce((a, b) => a + b, 0) / values.length : mode === 'mcp-bench-evaluator' ? 0 : null
      return [id, avg]
    }),
  )
}
