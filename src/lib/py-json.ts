import { pyNumber } from './py-repr.ts'

/**
 * Python's `json.dumps(value, indent=n)` with its defaults (`ensure_ascii=True`, `", "`/`": "` separators
 * turned into `","` and `": "` by the indent): what MCP-Bench's connector writes for a tool's input schema
 * in the planner's prompt. Numbers print as Python prints the float or int they parsed to (the one place
 * that knows, src/lib/py-repr.ts).
 */
export function pyJsonDumps(value: unknown, indent: number): string {
  return dump(value, indent, '')
}

function dump(value: unknown, indent: number, at: string): string {
  if (value === null || value === undefined) return 'null'
  if (value === true) return 'true'
  if (value === false) return 'false'
  if (typeof value === 'number') return pyJsonNumber(value)
  if (typeof value === 'string') return asciiJson(value)
  const inner = at + ' '.repeat(indent)
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((v) => inner + dump(v, indent, inner)).join(',\n')}\n${at}]`
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value)
    if (entries.length === 0) return '{}'
    return `{\n${entries.map(([k, v]) => `${inner}${asciiJson(k)}: ${dump(v, indent, inner)}`).join(',\n')}\n${at}}`
  }
  return asciiJson(String(value))
}

/** json.dumps of a float: its repr, with NaN and the infinities as JavaScript spells them. */
function pyJsonNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN'
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity'
  return pyNumber(n)
}

/** A JSON string with every character past ASCII escaped as \uXXXX (lower-case hex, surrogate pairs as two). */
function asciiJson(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (ch) =>
    ch === '\u007f' ? ch : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
