import { stripVTControlCharacters } from 'node:util'

/**
 * Text helpers every stage shares: MCP content as readable text, cutting
 * long text with a note that says so, percentages, dollars, durations and
 * counts, and cleaning messages before they are stored.
 */

/** MCP content (an array of items, a `{ content }` result, or a string) as text a model or a person can read. */
export function contentToText(content: unknown): string {
  if (content === undefined || content === null) return ''
  if (typeof content === 'string') return content
  const items = Array.isArray(content) ? content : (content as { content?: unknown }).content
  if (!Array.isArray(items)) return JSON.stringify(content)
  return items.map(itemText).join('\n')
}

function itemText(item: unknown): string {
  const c = (item ?? {}) as {
    type?: string
    text?: string
    mimeType?: string
    data?: string
    resource?: { uri?: string; text?: string }
    uri?: string
    name?: string
  }
  switch (c.type) {
    case 'text':
      return c.text ?? ''
    case 'image':
    case 'audio':
      return `[${c.type}: ${c.mimeType ?? 'unknown type'}, ${Math.round(((c.data?.length ?? 0) * 3) / 4)} bytes]`
    case 'resource':
      return c.resource?.text ?? `[resource: ${c.resource?.uri ?? 'unknown'}]`
    case 'resource_link':
      return `[resource link: ${c.name ?? ''} ${c.uri ?? ''}]`.trim()
    default:
      return JSON.stringify(item)
  }
}

/** Cuts text to `max` characters and says so, so a reader knows output was lost. */
export function cut(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false }
  return { text: `${text.slice(0, max)}…[truncated: ${text.length - max} of ${text.length} characters omitted]`, truncated: true }
}

/** `cut`, when only the text is wanted. */
export function truncate(text: string, max: number): string {
  return cut(text, max).text
}

/** A 0–1 rate as `12.3%`, or `n/a` when there is none. */
export function percent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined ? 'n/a' : `${percentFigure(value, digits)}%`
}

/** A 0–1 rate as the figure of its percentage, `12.3`, for a sign, a range or a unit that is not `%`. */
export function percentFigure(value: number, digits = 1): string {
  return (value * 100).toFixed(digits)
}

/**
 * US dollars for people: cents from a dollar up, about three significant figures below (a cheap
 * model's task costs fractions of a cent) down to a millionth, `n/a` when the cost is unknown.
 */
export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'n/a'
  if (value === 0) return '$0.00'
  if (value < 0.000_001) return '<$0.000001'
  const decimals = value >= 1 ? 2 : Math.min(6, Math.ceil(-Math.log10(value)) + 2)
  return `$${value.toFixed(decimals).replace(/(\.\d\d\d*?)0+$/, '$1')}`
}

/** A duration for people: `850ms`, `4.2s`, `3m 07s`, `1h 02m`. */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return 'n/a'
  if (ms < 1_000) return `${Math.round(ms)}ms`
  if (ms < 59_950) return `${(ms / 1_000).toFixed(1)}s`
  const s = Math.round(ms / 1_000)
  if (s < 3_600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3_600)}h ${String(Math.floor((s % 3_600) / 60)).padStart(2, '0')}m`
}

/**
 * A count with thousands separators: `12,345`, as `toLocaleString('en-US')` writes it. By hand: the first
 * `toLocaleString` of a process loads ICU's locale data (about 60 ms), and the progress line calls this per task.
 */
export function count(n: number): string {
  const r = Math.round(n)
  if (!Number.isSafeInteger(r) || Object.is(r, -0)) return r.toLocaleString('en-US')
  const digits = String(Math.abs(r))
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1)
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`
  return r < 0 ? `-${out}` : out
}

// Control characters other than tab and newline: they garble terminals and reports.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): invisible, they reorder what a reader sees
 * ("Trojan Source"), so a task id or an error message could show a pass where the text says a failure, or hide
 * a name. Each is shown as its code point instead, so the text reads in its stored order and says what was there.
 */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** Text with every bidirectional control shown as `[U+202E]`. */
export function neutraliseBidi(text: string): string {
  return text.replace(BIDI, (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`)
}

/** A message as it may be stored: no terminal colour codes, no other control characters, no bidirectional controls. */
export function cleanText(text: string): string {
  return neutraliseBidi(stripVTControlCharacters(text).replace(CONTROL, ''))
}

/** Text safe to place in HTML, as element content or an attribute value; bidirectional controls shown, not obeyed. */
export function escapeHtml(text: string): string {
  return neutraliseBidi(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
