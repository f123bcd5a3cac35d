import { percent, percentFigure } from '../../lib/text.ts'
import type { AgentTrend, TrendPoint } from './trend.ts'

/**
 * The trend as plain-text tables, one per agent, oldest run first: what
 * `mcp-bench history` prints. Names and branches come from the records, so
 * control characters are dropped before they reach a terminal.
 */

interface Column {
  title: string
  right: boolean
  cell: (p: TrendPoint) => string
}

const score = (v: number | null) => (v === null ? 'n/a' : v.toFixed(3))
const rate = (v: number | null | undefined) => percent(v ?? null)
const change = (v: number | null) => (v === null ? '' : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${percentFigure(Math.abs(v))}`)
const interval = (i: [number, number] | null) => (i ? `${percentFigure(i[0])}–${percent(i[1])}` : '')
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')

const COLUMNS: Column[] = [
  { title: 'run', right: false, cell: (p) => p.generatedAt.slice(0, 16).replace('T', ' ') },
  { title: 'commit', right: false, cell: (p) => printable(p.commit?.slice(0, 8) ?? '') },
  { title: 'branch', right: false, cell: (p) => printable(p.branch ?? '').slice(0, 24) },
  { title: 'tasks', right: true, cell: (p) => String(p.tasks) },
  { title: 'pass', right: true, cell: (p) => rate(p.passRate) },
  { title: '95% interval', right: true, cell: (p) => interval(p.passRateInterval) },
  { title: 'Δ pts', right: true, cell: (p) => change(p.passRateChange) },
  { title: 'rules', right: true, cell: (p) => score(p.ruleScore) },
  { title: 'overall', right: true, cell: (p) => score(p.overallScore) },
  { title: 'TC', right: true, cell: (p) => score(p.domains.taskCompletion) },
  { title: 'TU', right: true, cell: (p) => score(p.domains.toolUsage) },
  { title: 'PE', right: true, cell: (p) => score(p.domains.planningEffectiveness) },
  { title: 'easy', right: true, cell: (p) => tierCell(p, 'easy') },
  { title: 'hard', right: true, cell: (p) => tierCell(p, 'hard') },
  { title: 'note', right: false, cell: (p) => p.notes.join(', ') },
]

function tierCell(p: TrendPoint, tier: 'easy' | 'hard'): string {
  const t = p.tiers[tier]
  return t && t.tasks > 0 ? rate(t.passRate) : ''
}

const TREND_LEGEND =
  'pass: pass rate with its 95% Wilson interval; Δ pts: change from the previous run; rules: rule score (schema understanding); ' +
  'overall: MCP-Bench overall; TC/TU/PE: task completion, tool usage, planning effectiveness (judge); easy/hard: pass rate per tier'

export function formatTrendTables(trends: readonly AgentTrend[]): string {
  const out: string[] = []
  for (const trend of trends) {
    const rows = trend.points.map((p) => COLUMNS.map((c) => c.cell(p)))
    const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...rows.map((r) => r[i]!.length)))
    const line = (cells: string[]) =>
      cells
        .map((cell, i) => (COLUMNS[i]!.right ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd()
    const runs = trend.points.length
    out.push(`${printable(trend.agent)} (${runs} run${runs === 1 ? '' : 's'})`, line(COLUMNS.map((c) => c.title)), ...rows.map(line), '')
  }
  out.push(TREND_LEGEND)
  return `${out.join('\n')}\n`
}
