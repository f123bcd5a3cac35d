import { pointerKey } from './whole-floats.ts'

/** Python's `str(value)`, what `f"{value}"` prints: a string as it is, anything else as its repr. */
export function pyStr(value: unknown, wholeFloats?: ReadonlySet<string>): string {
  return typeof value === 'string' ? value : pyRepr(value, wholeFloats)
}

/**
 * Python's `repr` of a value parsed from JSON, for text MCP-Bench builds with
 * Python formatting: its executor writes a call's parameters into the planner's history and the judge's
 * evidence as `f"{parameters}"`. JSON does not keep `1.0` apart from `1`: `wholeFloats` holds the JSON pointers
 * of the numbers the model wrote as floats (src/lib/whole-floats.ts), which Python prints `1.0`.
 */
export function pyRepr(value: unknown, wholeFloats?: ReadonlySet<string>, at = ''): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return wholeFloats?.has(at) ? pyFloat(value) : pyNumber(value)
  if (typeof value === 'string') return pyString(value)
  if (Array.isArray(value)) return `[${value.map((v, i) => pyRepr(v, wholeFloats, `${at}/${i}`)).join(', ')}]`
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${pyString(k)}: ${pyRepr(v, wholeFloats, `${at}/${pointerKey(k)}`)}`)
      .join(', ')}}`
  }
  return pyString(String(value))
}

/** Python's repr of a float whose value is whole: `1.0`, `-0.0`, and from 1e16 on the exponent form. */
function pyFloat(n: number): string {
  if (Object.is(n, -0)) return '-0.0'
  return Number.isInteger(n) && Math.abs(n) < 1e16 ? `${n}.0` : pyNumber(n)
}

export function pyNumber(n: number): string {
  if (Number.isNaN(n)) return 'nan'
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf'
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return String(n)
  // Python's float repr: the shortest round-trip digits, exponent from 1e16 up and below 1e-4, two-digit exponent.
  const text = String(n)
  const m = /^(-?[\d.]+)e([+-])(\d+)$/.exec(text)
  if (m) return `${m[1]!.includes('.') ? m[1] : `${m[1]}`}e${m[2]}${m[3]!.padStart(2, '0')}`
  if (Math.abs(n) >= 1e16 || (n !== 0 && Math.abs(n) < 1e-4)) {
    const [mant, exp] = n.toExponential().split('e')
    return `${mant}e${exp!.startsWith('-') ? '-' : '+'}${exp!.replace(/^[+-]/, '').padStart(2, '0')}`
  }
  return text
}

/** Characters str.isprintable() rejects: control, format, surrogate, private-use, unassigned and separators but the space. */
const NON_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u

function pyString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'"
  let out = quote
  for (const ch of s) {
    if (ch === '\\') out += '\\\\'
    else if (ch === quote) out += `\\${quote}`
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (NON_PRINTABLE.test(ch)) {
      const code = ch.codePointAt(0)!
      out += code < 0x100 ? `\\x${hex(code, 2)}` : code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`
    } else out += ch
  }
  return out + quote
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0')
