import type { HistoryProblem } from '../src/node/history/store.ts'
import type { HistoryRecord } from '../src/contracts/history.ts'
import type { Comparison } from '../src/contracts/compare.ts'
import { AGENTBENCH_CATEGORIES, type AgentRow, type Leaderboard, type TaskRecord } from '../src/contracts/leaderboard.ts'
import { count, escapeHtml as esc, percent as pct } from '../src/lib/text.ts'
import { isolationLabel } from '../src/contracts/isolation.ts'
import type { Trajectory } from '../src/contracts/trajectory.ts'
import { chartSections } from './html/charts.ts'
import { INSTALL_CHARTS, loadECharts, type ChartsLoader } from './html/echarts.ts'
import { compareView } from './html/compare-view.ts'
import { PAGE_SCRIPT, PAGE_SCRIPT_HASH } from './html/page-script.ts'
import { PAGE_STYLE } from './html/styles.ts'
import { taskTableChunks } from './html/task-table.ts'
import { toolTables } from './html/tool-table.ts'
import { withoutControls } from './html/without-controls.ts'
import { trajectoryKey } from './trajectory-key.ts'

export interface ReportInput {
  board: Leaderboard
  /** Each task's trajectory, by trajectoryKey. */
  trajectories: ReadonlyMap<string, Trajectory | null>
  /** The baseline compared with this run, when the gate names a baseline that could be read. */
  comparison?: Comparison | null
  /** The run history, this run included; files that are not records are listed, not drawn. */
  history?: { records: readonly HistoryRecord[]; problems: readonly HistoryProblem[] }
  /** Where ECharts comes from (null: not installed, the report goes without charts); the installed package by default. */
  charts?: ChartsLoader
  /** Where the one console line about missing charts goes; console.warn by default. */
  warn?: (line: string) => void
  /** A task's row of the data block made earlier from this very record, as the page would have it (redacted too). */
  preparedRow?: (t: TaskRecord) => string | undefined
}

/**
 * report.html: one self-contained page. Charts are SVG drawn by ECharts on
 * the server, when it is installed; the task table pages, sorts, filters and
 * expands through one constant script. Everything from the run (names,
 * messages, tool output, answers) is untrusted: it is escaped here, the
 * script only inserts that escaped HTML, and the page's
 * Content-Security-Policy allows that one script and no network at all.
 */
export async function leaderboardHtml(input: ReportInput): Promise<string> {
  const parts: string[] = []
  for await (const part of leaderboardHtmlChunks(input)) parts.push(part)
  return parts.join('')
}

/**
 * The page in pieces, for writing as it is made: everything up to the task data, the task data a row at a time,
 * then the rest. A report of 10,000 tasks is tens of megabytes; it is never one string, nor copies of one.
 */
export async function* leaderboardHtmlChunks(input: ReportInput): AsyncGenerator<string> {
  const { board } = input
  const history = input.history ?? { records: [], problems: [] }
  const echarts = await (input.charts ?? loadECharts)()
  const warn = input.warn ?? console.warn
  if (!echarts) warn(`vitest-mcp-bench: report.html has no charts: they need the optional echarts package (${INSTALL_CHARTS})`)
  const charts = chartSections(board, history.records, echarts)
  const csp = `default-src 'none'; script-src ${PAGE_SCRIPT_HASH}; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'`
  const baseline = compareView(board.gate.baseline, input.comparison ?? null)
  yield withoutControls(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MCP benchmark results</title>
<link rel="icon" href="data:,">
<style>${PAGE_STYLE}</style>
</head><body>
<header>
<h1>MCP benchmark results</h1>
${runFacts(board)}
<nav><a href="#agents">Agents</a><a href="#judge">Judge</a><a href="#breakdown">Categories</a><a href="#history">History</a><a href="#usage">Usage</a><a href="#tools">Tools</a>${baseline ? '<a href="#compare">Baseline</a>' : ''}<a href="#tasks">Tasks</a></nav>
</header>
<main>
<section id="agents"><h2>Agents</h2>${agentTable(board.agents)}${charts.ranking}</section>
<section id="judge"><h2>Judge dimensions</h2>${charts.judge}</section>
<section id="breakdown"><h2>Categories and settings</h2>${charts.breakdown}${categoryTable(board.agents)}</section>
<section id="history"><h2>History</h2>${charts.history}${historyProblems(history.problems)}</section>
<section id="usage"><h2>Usage</h2>${charts.usage}</section>
<section id="tools"><h2>Tools</h2><p class="muted">Per server and tool, over the tasks that ran: how often it was offered, called and failed, and where the agent missed it, called it needlessly or called it in place of another tool (docs/explanation/tool-diagnostics.md).</p>${charts.tools}${toolTables(board.tools)}</section>
${baseline}
<section id="tasks"><h2>Tasks</h2>`)
  for (const part of taskTableChunks(board.tasks, (t: TaskRecord) => input.trajectories.get(trajectoryKey(t)), input.preparedRow))
    yield withoutControls(part)
  yield withoutControls(`</section>
${board.fileErrors.length ? `<section id="file-errors"><h2>Files that did not load</h2>${board.fileErrors.map((f) => `<h4><code>${esc(f.file)}</code></h4><pre class="error">${esc(f.error)}</pre>`).join('\n')}</section>` : ''}
</main>
<script>${PAGE_SCRIPT}</script>
</body></html>
`)
}

function runFacts(board: Leaderboard): string {
  const counts = new Map<string, number>()
  for (const t of board.tasks) counts.set(t.status, (counts.get(t.status) ?? 0) + 1)
  const statuses = [...counts].map(([s, n]) => `<span class="status ${esc(s)}">${n} ${esc(s)}</span>`).join(' ')
  const gate = !board.gate.applied
    ? `gate not applied (${esc(board.gate.note ?? '')})`
    : board.gate.passed
      ? 'gate <span class="status passed">passed</span>'
      : `gate <span class="status failed">failed</span><ul class="checks">${board.gate.failures.map((f) => `<li>${esc(f)}</li>`).join('')}</ul>`
  const interrupted = board.interrupted ? ` · <span class="status errored">interrupted</span> ${board.unfinished.length} unfinished` : ''
  const notRun = board.notRun?.length
    ? ` · <span class="status unscored">not run (budget)</span> ${board.notRun.length}${board.budget?.reached ? ` (${esc(board.budget.reached)})` : ''}`
    : ''
  return `<p class="muted">${esc(board.generatedAt)} · ${board.tasks.length} task runs ${statuses}${interrupted}${notRun}</p><div>${gate}</div>`
}

function agentTable(agents: readonly AgentRow[]): string {
  if (agents.length === 0) return ''
  const interval = (a: AgentRow) =>
    a.passRateInterval ? ` <span class="muted">(${pct(a.passRateInterval[0])}–${pct(a.passRateInterval[1])})</span>` : ''
  const score = (v: number | null) => (v === null ? 'n/a' : v.toFixed(3))
  const rows = agents.map(
    (a, i) =>
      `<tr><td class="num">${i + 1}</td><th scope="row">${esc(a.agent)}</th><td class="held">${esc(isolationLabel(a.isolation))}</td><td class="num">${a.tasks}</td><td class="num">${a.passed}</td><td class="num">${a.failed}</td><td class="num">${a.errored}</td><td class="num">${a.setupErrors}</td><td class="num">${pct(a.passRate)}${interval(a)}</td><td class="num">${score(a.overallScore)}</td><td class="num">${score(a.ruleScore)}</td><td class="num">${score(a.overall.domains.taskCompletion)}</td><td class="num">${score(a.overall.domains.toolUsage)}</td><td class="num">${score(a.overall.domains.planningEffectiveness)}</td><td class="num">${score(a.metrics.callF1)}</td><td class="num">${count(a.avgTokens)}</td><td class="num">${(a.avgDurationMs / 1000).toFixed(2)} s</td></tr>`,
  )
  return `<table class="agents"><thead><tr><th>#</th><th>agent</th><th title="how far the agent's code was held from the referee">held</th><th>tasks</th><th>passed</th><th>failed</th><th>errored</th><th>setup errors</th><th>pass rate (95%)</th><th>overall</th><th>rules</th><th title="judge: task completion">TC</th><th title="judge: tool usage">TU</th><th title="judge: planning effectiveness">PE</th><th>call F1</th><th>tokens / task</th><th>time / task</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function categoryTable(agents: readonly AgentRow[]): string {
  if (agents.length === 0) return ''
  const rows = agents.map(
    (a) =>
      `<tr><th scope="row">${esc(a.agent)}</th>${AGENTBENCH_CATEGORIES.map((c) => {
        const s = a.categories[c]
        return `<td class="num">${s.tasks ? `${pct(s.passRate)} <span class="muted">(${s.passed}/${s.tasks})</span>` : '–'}</td>`
      }).join('')}</tr>`,
  )
  return `<table class="categories"><thead><tr><th>agent</th>${AGENTBENCH_CATEGORIES.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function historyProblems(problems: readonly HistoryProblem[]): string {
  if (problems.length === 0) return ''
  return `<p class="error">Left out of the history: ${problems.map((p) => `<code>${esc(p.file)}</code> (${esc(p.message)})`).join('; ')}</p>`
}
