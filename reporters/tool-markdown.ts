import type { Leaderboard } from '../src/contracts/leaderboard.ts'
import type { ToolRow } from '../src/contracts/tool-diagnostics.ts'
import { worstTools } from '../src/scoring/tool-diagnostics.ts'
import { mdCell as cell } from '../src/lib/markdown.ts'
import { percent as pct } from '../src/lib/text.ts'

/** Confusion pairs shown in summary.md; the board and report.html have them all. */
const PAIRS_SHOWN = 10

/**
 * summary.md's section for server authors: the ten worst tools by the stated rule, and the most common confusion
 * pairs. The figures are the board's (src/scoring/tool-diagnostics.ts); this only lays them out.
 */
export function toolSection(board: Leaderboard): string[] {
  const tools = board.tools
  if (!tools || tools.rows.length === 0) return []
  const worst = worstTools(tools)
  const lines = [
    '',
    '## Tools: the ten worst',
    '',
    "Ranked by issues, most first: missed reference calls + unneeded calls + calls in place of another tool + schema violations + execution errors + calls with arguments unlike the reference's; ties by issues per reference call and call. What each count means: docs/explanation/tool-diagnostics.md.",
    '',
  ]
  if (worst.length === 0) {
    lines.push(`No tool had an issue (${tools.rows.length} tool rows).`)
  } else {
    lines.push(
      '| agent | tool | offered in | called | ok | schema violations | execution errors | missed | unneeded | in place of another | args differ | issues | most common message |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...worst.map(worstRow),
    )
  }
  if (tools.confusions.length) {
    lines.push(
      '',
      '### Confused tools',
      '',
      '| agent | the plan called | the agent called instead | calls | tasks |',
      '| --- | --- | --- | ---: | ---: |',
    )
    const shown = [...tools.confusions].sort((a, b) => b.count - a.count).slice(0, PAIRS_SHOWN)
    for (const c of shown) lines.push(`| ${cell(c.agent)} | ${cell(c.intended)} | ${cell(c.called)} | ${c.count} | ${c.tasks} |`)
    if (tools.confusions.length > PAIRS_SHOWN)
      lines.push('', `… and ${tools.confusions.length - PAIRS_SHOWN} more pairs in leaderboard.json and report.html.`)
  }
  return lines
}

function worstRow(r: ToolRow): string {
  const message = r.messages[0] ? `${r.messages[0].kind}: ${r.messages[0].message} (×${r.messages[0].count})` : ''
  const fields = r.argFields.length
    ? ` (${r.argFields
        .slice(0, 3)
        .map((f) => f.field)
        .join(', ')})`
    : ''
  return `| ${cell(r.agent)} | ${cell(`${r.server}.${r.tool}`)} | ${r.offered} | ${r.called} | ${pct(r.successRate)} | ${r.schemaViolations} | ${r.executionErrors} | ${r.missed} | ${r.unneeded} | ${r.confusedFor} | ${r.argMismatches}${cell(fields)} | ${r.issues} | ${cell(message)} |`
}
