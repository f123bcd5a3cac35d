/**
 * Numbers a model wrote as floats with nothing after the point (`1.0`, `2e3`): Python's `json.loads` keeps them
 * floats and prints them `1.0`, JavaScript's `JSON.parse` makes them `1`. MCP-Bench's executor writes a plan's
 * parameters into its history with Python's `repr`, so where the text printed matters (the released-code planner
 * and judge) the reply is read with `readKeepingWholeFloats`, and the places of those numbers travel with the
 * value (JSON pointers) to the one place that prints them (src/lib/py-repr.ts).
 */

const MARK = '\u0000whole-float:'

/** A JSON number token that Python reads as a float (a fraction or an exponent) whose value is whole. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/**
 * The text with every such number turned into a marked JSON string, outside strings only, so that any JSON reader
 * (the tolerant one included) keeps it apart; `restoreWholeFloats` turns the marks back into numbers.
 */
export function markWholeFloats(text: string): string {
  let out = ''
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (inString) {
      out += ch
      if (ch === '\\') out += text[++i] ?? ''
      else if (ch === '"') inString = false
      continue
    }
    if (ch === '"') {
      inString = true
      out += ch
      continue
    }
    if ((ch === '-' || (ch >= '0' && ch <= '9')) && !/[\w.]/.test(text[i - 1] ?? '')) {
      NUMBER.lastIndex = i
      const m = NUMBER.exec(text)
      if (m && /[.eE]/.test(m[0]) && Number.isInteger(Number(m[0])) && !/[\w.]/.test(text[i + m[0].length] ?? '')) {
        out += JSON.stringify(MARK + m[0])
        i += m[0].length - 1
        continue
      }
    }
    out += ch
  }
  return out
}

/** The value with the marks turned back into numbers, and the JSON pointers of those numbers. */
export function restoreWholeFloats(value: unknown): { value: unknown; paths: string[] } {
  const paths: string[] = []
  const walk = (v: unknown, at: string): unknown => {
    if (typeof v === 'string' && v.startsWith(MARK)) {
      paths.push(at)
      return Number(v.slice(MARK.length))
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${at}/${i}`))
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, `${at}/${pointerKey(k)}`)]))
    return v
  }
  return { value: walk(value, ''), paths }
}

/** The pointers under `prefix`, relative to it. */
export function pathsUnder(paths: readonly string[], prefix: string): string[] {
  return paths.filter((p) => p === prefix || p.startsWith(`${prefix}/`)).map((p) => p.slice(prefix.length))
}

export const pointerKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')
