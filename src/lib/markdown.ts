import { cleanText, escapeHtml, neutraliseBidi } from './text.ts'

/**
 * Untrusted text (task ids, agent names, error messages) placed in Markdown: one helper for every report that
 * writes Markdown, so a name cannot break a table, open HTML or close a code block in one and not the other.
 */

/** Text for one line or table cell: no HTML, no control characters, no line or table breaks. */
export function mdCell(text: string): string {
  return escapeHtml(cleanText(text)).replace(/\r?\n/g, ' ').replace(/\|/g, '\\|')
}

/** The shortest run of backticks longer than every run in the text (at least `min`): a fence the text cannot close. */
function fenceFor(text: string, min: number): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length))
  return '`'.repeat(Math.max(min, longest + 1))
}

/** A fenced block the text cannot close, control characters dropped. */
export function mdFenced(text: string, info = 'text'): string {
  const clean = cleanText(text)
  const fence = fenceFor(clean, 3)
  return `${fence}${info}\n${clean}\n${fence}`
}

/** A code span that no backtick in the text can close, with `|` escaped for tables. */
export function mdCode(raw: string): string {
  const text = neutraliseBidi(raw)
  const fence = fenceFor(text, 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`
}
