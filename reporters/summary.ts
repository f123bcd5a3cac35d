import type { Leaderboard } from './leaderboard-schema.ts'

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '   n/a' : `${(v * 100).toFixed(1).padStart(5)}%`)

/** The leaderboard as a small terminal table. */
export function formatSummary(board: Leaderboard, path: string): string {
  const header = `${'agent'.padEnd(24)} ${'tasks'.padStart(5)} ${'pass'.padStart(6)} ${'names'.padStart(6)} ${'schema'.padStart(6)} ${'exec'.padStart(6)} ${'rules'.padStart(6)} ${'judged'.padStart(6)} ${'overall'.padStart(7)}`
  const rows = board.agents.map((a) => [
    a.agent.slice(0, 24).padEnd(24),
    String(a.tasks).padStart(5),
    pct(a.passRate),
    pct(a.metrics.validToolNameRate),
    pct(a.metrics.schemaCompliance),
    pct(a.metrics.executionSuccess),
    pct(a.ruleScore),
    String(a.overall.judged).padStart(6),
    ` ${pct(a.overallScore)}`,
  ].join(' '))
  const lines = ['', ' MCP benchmark leaderboard', ` ${header}`, ...rows.map((r) => ` ${r}`)]
  for (const f of board.fileErrors) lines.push(` file error: ${f.file}: ${f.error.split('\n')[0]}`)
  lines.push(` written to ${path}`)
  if (!board.gate.passed) lines.push(' GATE FAILED:', ...board.gate.failures.map((f) => `   - ${f}`))
  return `${lines.join('\n')}\n`
}
