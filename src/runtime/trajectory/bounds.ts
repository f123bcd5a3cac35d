import { cut } from '../../lib/text.ts'

/**
 * Size bounds for everything a trajectory keeps. Servers and models are
 * untrusted: any string they hand over (resource text, a resource link's
 * uri, an error message, a tool name, arguments, an answer) can be hundreds
 * of megabytes, and a trajectory is copied to the main process, into every
 * report and into the HTML page. So every string is cut, every array and
 * nesting depth is capped, and each value has a total budget: what is left
 * out is said, never silently dropped.
 */

/** Tool names are at most 64 characters in every API; anything longer is recorded cut. */
export const MAX_NAME_CHARS = 256
/** The final answer: facts and the judge read it, so it may be long, but not unbounded. */
export const MAX_ANSWER_CHARS = 100_000
/** Error messages (a server's, or the harness's about a call): long enough for any real one. */
export const MAX_ERROR_CHARS = 4_000
/** Schema errors per call: a 10,000-item array can fail on every item. */
export const MAX_SCHEMA_ERRORS = 20
/** Whole-float places kept per call (a model's arguments could name any number of them). */
export const MAX_WHOLE_FLOATS = 1_000
const MAX_ITEMS = 200
/** Tool calls a model turn keeps in its record; the calls themselves are all recorded in `calls`. */
const MAX_TURN_TOOL_CALLS = 200
const MAX_DEPTH = 32

export interface Bounded<T> {
  value: T
  /** Something was cut or left out. */
  truncated: boolean
}

/**
 * A copy of a JSON-like value with each string cut to `maxChars`, arrays to
 * 200 items, nesting to 32 levels, and all strings together to `3 × maxChars`
 * (past it, arrays end with a count of what was left and other strings are
 * replaced by a note of their length). base64 `data`
 * (images, audio, blobs) longer than `maxChars` is replaced by its length:
 * cut base64 is not an image any more.
 */
export function boundValue<T>(value: T, maxChars: number): Bounded<T> {
  let budget = 3 * maxChars
  let truncated = false
  const str = (s: string): string => {
    if (budget <= 0) {
      truncated = true
      return `[${s.length} characters omitted: the record's size limit was reached]`
    }
    const shortened = cut(s, Math.min(maxChars, budget))
    budget -= Math.min(s.length, maxChars)
    truncated ||= shortened.truncated
    return shortened.text
  }
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return str(v)
    if (v === null || typeof v !== 'object') return v
    if (depth >= MAX_DEPTH) {
      truncated = true
      return '[nested too deep: left out]'
    }
    if (Array.isArray(v)) {
      // Items stop at the cap, or once the size budget is spent: past it each would be only a note.
      const kept: unknown[] = []
      for (const item of v) {
        if (kept.length >= MAX_ITEMS || budget <= 0) break
        kept.push(walk(item, depth + 1))
      }
      if (kept.length < v.length) {
        truncated = true
        kept.push(`[${v.length - kept.length} more items omitted]`)
      }
      return kept
    }
    const out: Record<string, unknown> = {}
    const entries = Object.entries(v)
    for (const [key, item] of entries.slice(0, MAX_ITEMS)) {
      if ((key === 'data' || key === 'blob') && typeof item === 'string' && item.length > maxChars) {
        truncated = true
        out[key] = `[${item.length} base64 characters omitted]`
        continue
      }
      out[key.length > MAX_NAME_CHARS ? cut(key, MAX_NAME_CHARS).text : key] = walk(item, depth + 1)
    }
    if (entries.length > MAX_ITEMS) {
      truncated = true
      out['…'] = `[${entries.length - MAX_ITEMS} more keys omitted]`
    }
    return out
  }
  const result = walk(value, 0) as T
  return { value: result, truncated }
}

interface RequestedCall {
  id: string
  name: string
  arguments: string
}

/**
 * The tool calls a model asked for in one turn, bounded without leaving
 * their shape: `boundValue` would end a long array with a note (a string
 * where a call belongs) and the turn would no longer fit the trajectory's
 * schema, which made a model's hundreds of calls a harness fault instead of
 * the agent's record. Here each kept call keeps its three fields (each cut),
 * at most MAX_TURN_TOOL_CALLS of them within a `3 × maxChars` budget for
 * the arguments, and `note` says how many were left out, for the turn's
 * `replyNotes`.
 */
export function boundToolCalls(calls: readonly RequestedCall[], maxChars: number): { value: RequestedCall[]; note?: string } {
  let budget = 3 * maxChars
  const value: RequestedCall[] = []
  for (const call of calls) {
    if (value.length >= MAX_TURN_TOOL_CALLS || budget <= 0) break
    const args = cut(String(call.arguments), Math.min(maxChars, budget)).text
    budget -= Math.min(String(call.arguments).length, maxChars)
    value.push({ id: cut(String(call.id), MAX_NAME_CHARS).text, name: cut(String(call.name), MAX_NAME_CHARS).text, arguments: args })
  }
  if (value.length === calls.length) return { value }
  return {
    value,
    note: `the reply asked for ${calls.length} tool calls: the turn's record keeps the first ${value.length} (every call made is in the trajectory's calls)`,
  }
}

/** A string cut to `max`, or null kept null. */
export function boundText<T extends string | null | undefined>(text: T, max: number): T {
  return (typeof text === 'string' ? cut(text, max).text : text) as T
}
