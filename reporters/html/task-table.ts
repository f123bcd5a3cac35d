import type { TaskRecord } from '../../src/contracts/leaderboard.ts'
import type { TaskStatus } from '../../src/contracts/task-status.ts'
import type { Trajectory } from '../../src/contracts/trajectory.ts'
import { categoryOf } from '../../src/scoring/task-scores.ts'
import { count, escapeHtml as esc } from '../../src/lib/text.ts'
import { taskDetail } from './trajectory.ts'

/**
 * The task table: one row per task × agent × trial, not-passed first, with
 * its metrics, judge scores and duration, and a hidden detail row that
 * expands into the trajectory. Sorting, filtering and expanding are done by
 * the page's script from `data-` attributes; the table reads fine without it.
 */

/** Not-passed first, the agent's own failures ahead of setup problems. */
const STATUS_ORDER: readonly TaskStatus[] = ['failed', 'errored', 'setup-error', 'unscored', 'passed']

interface Column {
  title: string
  /** How the script sorts it: as numbers (missing values last) or as text. */
  sort: 'num' | 'text'
  help?: string
  cell: (t: TaskRecord) => { text: string; value: string | number | null }
}

const rate = (v: number | null) => ({ text: v === null ? '–' : v.toFixed(2), value: v })
const COLUMNS: Column[] = [
  { title: 'status', sort: 'num', cell: (t) => ({ text: `<span class="status ${t.status}">${t.status}</span>`, value: STATUS_ORDER.indexOf(t.status) }) },
  { title: 'task', sort: 'text', cell: (t) => ({ text: `<span class="task-id">${esc(t.id)}</span>`, value: t.id }) },
  { title: 'agent', sort: 'text', cell: (t) => ({ text: `${esc(t.agent)}${t.trial > 1 ? ` <span class="muted">#${t.trial}</span>` : ''}`, value: `${t.agent} #${String(t.trial).padStart(4, '0')}` }) },
  { title: 'category', sort: 'text', cell: (t) => ({ text: esc(categoryLabel(t)), value: categoryLabel(t) }) },
  { title: 'servers', sort: 'text', cell: (t) => ({ text: t.servers.map(esc).join(', '), value: t.servers.join(',') }) },
  { title: 'tier', sort: 'text', cell: (t) => ({ text: esc(t.tier), value: t.tier }) },
  { title: 'rules', sort: 'num', help: 'rule score: mean of valid tool names, schema compliance and execution success', cell: (t) => rate(t.scores.ruleScore) },
  { title: 'exec', sort: 'num', help: 'execution success: calls that returned without error', cell: (t) => rate(t.metrics.executionSuccess) },
  { title: 'deps', sort: 'num', help: 'dependency order: reference dependencies the agent respected', cell: (t) => rate(t.metrics.dependencyOrder) },
  { title: 'F1', sort: 'num', help: 'tool-call F1 against the reference plan', cell: (t) => rate(t.metrics.callF1) },
  { title: 'TC', sort: 'num', help: 'judge: task completion', cell: (t) => rate(t.scores.domains.taskCompletion) },
  { title: 'TU', sort: 'num', help: 'judge: tool usage', cell: (t) => rate(t.scores.domains.toolUsage) },
  { title: 'PE', sort: 'num', help: 'judge: planning effectiveness', cell: (t) => rate(t.scores.domains.planningEffectiveness) },
  { title: 'overall', sort: 'num', help: 'MCP-Bench overall: mean of the four domains', cell: (t) => rate(t.scores.overall) },
  { title: 'calls', sort: 'num', cell: (t) => ({ text: String(t.metrics.toolCalls), value: t.metrics.toolCalls }) },
  { title: 'tokens', sort: 'num', cell: (t) => ({ text: count(t.tokens.total), value: t.tokens.total }) },
  { title: 'time', sort: 'num', help: 'duration of the task (agent and judge)', cell: (t) => ({ text: `${(t.durationMs / 1000).toFixed(2)} s`, value: t.durationMs }) },
]

/** MCP-AgentBench's category, as the charts count it; else the spec's own label; else the setting. */
function categoryLabel(t: TaskRecord): string {
  return categoryOf(t.servers, t.shape) ?? t.category ?? t.setting
}

/** Records in the table's first order: not-passed first, then by agent, task id and trial. */
function defaultOrder(tasks: readonly TaskRecord[]): TaskRecord[] {
  return [...tasks].sort(
    (a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || a.agent.localeCompare(b.agent) || a.id.localeCompare(b.id) || a.trial - b.trial,
  )
}

export function taskTable(tasks: readonly TaskRecord[], trajectoryOf: (t: TaskRecord) => Trajectory | null | undefined): string {
  const ordered = defaultOrder(tasks)
  const head = `<tr><th class="expand-col"><span class="sr-only">expand</span></th>${COLUMNS.map((c, i) => `<th data-sort="${c.sort}" data-col="${i + 1}"${c.help ? ` title="${esc(c.help)}"` : ''}><button type="button" class="sort">${c.title}</button></th>`).join('')}</tr>`
  const bodies = ordered.map((t, i) => taskBody(t, i, trajectoryOf(t)))
  return `${filters(tasks)}
<div class="table-scroll"><table id="task-table" class="tasks"><thead>${head}</thead>
${bodies.join('\n')}
</table></div>`
}

function taskBody(t: TaskRecord, i: number, trajectory: Trajectory | null | undefined): string {
  const attrs = {
    'data-status': t.status,
    'data-agent': t.agent,
    'data-category': categoryLabel(t),
    'data-servers': JSON.stringify(t.servers),
    'data-tier': t.tier,
  }
  const cells = COLUMNS.map((c) => {
    const { text, value } = c.cell(t)
    return `<td${c.sort === 'num' ? ' class="num"' : ''} data-v="${value === null ? '' : esc(String(value))}">${text}</td>`
  })
  return `<tbody class="task ${t.status}" ${Object.entries(attrs).map(([k, v]) => `${k}="${esc(v)}"`).join(' ')}>
<tr class="summary"><td><button type="button" class="expand" aria-expanded="false" aria-controls="detail-${i}" title="show the trajectory">▸</button></td>${cells.join('')}</tr>
<tr class="detail" id="detail-${i}" hidden><td colspan="${COLUMNS.length + 1}"><div class="detail-body">${taskDetail(t, trajectory)}</div></td></tr>
</tbody>`
}

function filters(tasks: readonly TaskRecord[]): string {
  const distinct = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b))
  const select = (name: string, label: string, values: readonly string[]) =>
    `<label>${label} <select name="${name}" data-filter="${name}"><option value="">all</option>${values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`).join('')}</select></label>`
  const statuses = STATUS_ORDER.filter((s) => tasks.some((t) => t.status === s))
  return `<form id="task-filters" class="filters" role="search">
${select('status', 'status', statuses)}
${select('agent', 'agent', distinct(tasks.map((t) => t.agent)))}
${select('category', 'category', distinct(tasks.map(categoryLabel)))}
${select('server', 'server', distinct(tasks.flatMap((t) => t.servers)))}
${select('tier', 'tier', distinct(tasks.map((t) => t.tier)))}
<label>search <input type="search" name="q" data-filter="q" placeholder="task, error, tool, answer…"></label>
<output id="task-count" aria-live="polite">${tasks.length} of ${tasks.length} tasks</output>
</form>`
}
