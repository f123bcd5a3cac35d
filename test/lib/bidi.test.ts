import { describe, expect, it } from 'vitest'
import { cleanText, escapeHtml } from '../../src/lib/text.ts'
import { mdCell, mdCode, mdFenced } from '../../src/lib/markdown.ts'

// "passed" as stored; with the override obeyed a reader sees "deliaf" reversed into "failed"-looking text.
const hostile = 'math/sum \u202Edeliaf\u202C ok \u2066x\u2069 \u200F'

describe('bidirectional controls in what the reports show', () => {
  it('are shown as their code points in every helper that writes untrusted text, never obeyed', () => {
    const shown = 'math/sum [U+202E]deliaf[U+202C] ok [U+2066]x[U+2069] [U+200F]'
    expect(cleanText(hostile)).toBe(shown)
    expect(escapeHtml(hostile)).toBe(shown)
    expect(mdCell(hostile)).toBe(shown)
    expect(mdCode(hostile)).toBe(`\`${shown}\``)
    expect(mdFenced(hostile)).toBe(`\`\`\`text\n${shown}\n\`\`\``)
    for (const out of [cleanText(hostile), escapeHtml(hostile), mdCell(hostile), mdCode(hostile), mdFenced(hostile)]) {
      expect(out).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/)
    }
  })
})
