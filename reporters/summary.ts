import type { Leaderboard } from '../src/contracts/leaderboard.ts'
import { totalUsd } from '../src/scoring/run-costs.ts'
import { duration, percent, usd } from '../src/lib/text.ts'
import { holdsAtLeast, isolationLabel } from '../src/contracts/isolation.ts'
import { integrityProblem } from '../src/node/task-file-integrity.ts'

const pct = (v: number | null | undefined) => percent(v).padStart(6)

/** The leaderboard as a small terminal table, then what did not run right, the gate, and why the run exits as it does. */
export function formatSummary(board: Leaderboard, path: string, exitReason: string): string {
  const header = `${'agent'.padEnd(24)} ${'held'.padEnd(24)} ${'tasks'.padStart(5)} ${'pass'.padStart(6)} ${'errored'.padStart(7)} ${'rules'.padStart(6)} ${'judged'.padStart(9)} ${'overall'.padStart(7)} ${'p95 time'.padStart(8)} ${'cost'.padStart(9)}`
  const rows = board.agents.map((a) =>
    [
      a.agent.slice(0, 24).padEnd(24),
      isolationLabel(a.isolation).padEnd(24),
      String(a.tasks).padStart(5),
      pct(a.passRate),
      String(a.errored).padStart(7),
      pct(a.ruleScore),
      (a.judge.configured ? `${a.judge.judged}${a.judge.errors ? `/${a.judge.errors}!` : ''}` : '-').padStart(9),
      ` ${pct(a.overallScore)}`,
      duration(a.latency.p95Ms).padStart(8),
      usd(totalUsd(a.cost)).padStart(9),
    ].join(' '),
  )
  const lines = ['', ' MCP benchmark leaderboard', ` ${header}`, ...rows.map((r) => ` ${r}`)]
  if (board.agents.some((a) => a.isolation && !holdsAtLeast(a.isolation, 'sandbox'))) {
    lines.push(' (!) held less than the sandbox: its agent code could reach the task files, reports or the harness (README, Security)')
  }
  const judgeErrors = board.agents.reduce((n, a) => n + a.judge.errors, 0)
  if (judgeErrors)
    lines.push(` judge errors: ${judgeErrors} task${judgeErrors === 1 ? '' : 's'} could not be judged (judged/errors shown as N/M!)`)
  const setup = board.tasks.filter((t) => t.status === 'setup-error')
  for (const t of setup.slice(0, 10)) lines.push(` setup error: ${t.id} (${t.file}): ${(t.error ?? '').split('\n')[0]}`)
  if (setup.length > 10) lines.push(` … and ${setup.length - 10} more setup errors`)
  for (const f of board.fileErrors) lines.push(` file error: ${f.file}: ${f.error.split('\n')[0]}`)
  if (board.notRun?.length)
    lines.push(
      ` NOT RUN (budget): ${board.notRun.length} task${board.notRun.length === 1 ? '' : 's'} not started${board.budget?.reached ? `; ${board.budget.reached}` : ''}`,
    )
  if (board.interrupted)
    lines.push(` INTERRUPTED${cause(board)}: ${board.unfinished.length} task${board.unfinished.length === 1 ? '' : 's'} did not finish`)
  if (board.cost.totalUsd !== null && board.cost.totalUsd > 0)
    lines.push(
      ` run cost ${usd(board.cost.totalUsd)} (agents ${usd(board.cost.agentUsd)}, judge ${usd(board.cost.judgeUsd)}) at list prices`,
    )
  if (board.cost.unknown.length) lines.push(` cost n/a: ${board.cost.unknown.join('; ')} (add it to the \`prices\` option)`)
  const integrity = integrityProblem(board.integrity)
  if (integrity) lines.push(` TASK FILES: ${integrity}`)
  lines.push(` written to ${path}`)
  if (board.gate.applied && !board.gate.passed) lines.push(' GATE FAILED:', ...board.gate.failures.map((f) => `   - ${f}`))
  // A baseline gate that passed only because it could not tell says so here, not only in summary.md.
  const cannotTell =
    board.gate.applied && board.gate.passed ? (board.gate.baseline?.checks ?? []).filter((c) => c.verdict === 'too-few') : []
  if (cannotTell.length) {
    lines.push(
      " BASELINE GATE CANNOT TELL (it passes; set the gate's `tooFew: 'fail'` to fail instead):",
      ...cannotTell.slice(0, 5).map((c) => `   - ${c.message}`),
    )
    if (cannotTell.length > 5) lines.push(`   … and ${cannotTell.length - 5} more`)
  }
  lines.push(` ${exitReason}`)
  return `${lines.join('\n')}\n`
}

/** Why the run stopped, when it was not a signal (a signal's run says so on its own last line). */
function cause(board: Leaderboard): string {
  return board.interruption && board.interruption !== 'interrupted' ? ` (${board.interruption})` : ''
}
