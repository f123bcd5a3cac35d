import type { TaskRecord } from '../../src/contracts/leaderboard.ts'
import type { TaskStatus } from '../../src/contracts/task-status.ts'
import type { Trajectory } from '../../src/contracts/trajectory.ts'
import { categoryOf } from '../../src/scoring/task-scores.ts'
import { count, escapeHtml as esc } from '../../src/lib/text.ts'
import { taskAnchor } from '../../src/lib/task-anchor.ts'
import { taskDetail } from './trajectory.ts'
import { withoutControls } from './without-controls.ts'

/**
 * The task table: one row per task × agent × trial, not-passed first, with
 * its metrics, judge scores and duration, and a detail that expands into the
 * trajectory. A run can hold 10,000 task runs, so the page does not carry
 * them as table rows: it carries one JSON data block (`#task-data`) with each
 * task's filter fields, sort keys, row cells and detail as HTML made and
 * escaped here, and the page's script draws one page of rows at a time and a
 * detail only when it is opened. Filtering, searching and sorting run over
 * all the tasks in that block.
 */

/** Rows the page shows at a time. */
export const PAGE_SIZE = 100

/** Not-passed first, the agent's own failures ahead of setup problems. */
const STATUS_ORDER: readonly TaskStatus[] = ['failed', 'errored', 'setup-error', 'unscored', 'passed']

/** One task as the page's script reads it from `#task-data`. */
export interface TaskRow {
  status: TaskStatus
  agent: string
  category: string
  servers: string[]
  tier: string
  /** The fragment that opens this task on load (`report.html#task-…`, src/lib/task-anchor.ts): Vitest's UI links here. */
  anchor: string
  /** One sort key per column; null for a missing number, which sorts last either way. */
  keys: Array<string | number | null>
  /** The row's cells, escaped HTML. */
  cells: string
  /** The expanded view (trajectory, judge), escaped HTML, inserted only when the row is opened. */
  detail: string
}

interface Column {
  title: string
  /** How the script sorts it: as numbers (missing values last) or as text. */
  sort: 'num' | 'text'
  help?: string
  cell: (t: TaskRecord) => { text: string; value: string | number | null }
}

const rate = (v: number | null) => ({ text: v === null ? '–' : v.toFixed(2), value: v })
const COLUMNS: Column[] = [
  {
    title: 'status',
    sort: 'num',
    cell: (t) => ({ text: `<span class="status ${t.status}">${t.status}</span>`, value: STATUS_ORDER.indexOf(t.status) }),
  },
  { title: 'task', sort: 'text', cell: (t) => ({ text: `<span class="task-id">${esc(t.id)}</span>`, value: t.id }) },
  {
    title: 'agent',
    sort: 'text',
    cell: (t) => ({
      text: `${esc(t.agent)}${t.trial > 1 ? ` <span class="muted">#${t.trial}</span>` : ''}`,
      value: `${t.agent} #${String(t.trial).padStart(4, '0')}`,
    }),
  },
  { title: 'category', sort: 'text', cell: (t) => ({ text: esc(categoryLabel(t)), value: categoryLabel(t) }) },
  { title: 'servers', sort: 'text', cell: (t) => ({ text: t.servers.map(esc).join(', '), value: t.servers.join(',') }) },
  { title: 'tier', sort: 'text', cell: (t) => ({ text: esc(t.tier), value: t.tier }) },
  {
    title: 'rules',
    sort: 'num',
    help: 'rule score: mean of valid tool names, schema compliance and execution success',
    cell: (t) => rate(t.scores.ruleScore),
  },
  {
    title: 'exec',
    sort: 'num',
    help: 'execution success: calls that returned without error',
    cell: (t) => rate(t.metrics.executionSuccess),
  },
  {
    title: 'deps',
    sort: 'num',
    help: 'dependency order: reference dependencies the agent respected',
    cell: (t) => rate(t.metrics.dependencyOrder),
  },
  { title: 'F1', sort: 'num', help: 'tool-call F1 against the reference plan', cell: (t) => rate(t.metrics.callF1) },
  { title: 'TC', sort: 'num', help: 'judge: task completion', cell: (t) => rate(t.scores.domains.taskCompletion) },
  { title: 'TU', sort: 'num', help: 'judge: tool usage', cell: (t) => rate(t.scores.domains.toolUsage) },
  { title: 'PE', sort: 'num', help: 'judge: planning effectiveness', cell: (t) => rate(t.scores.domains.planningEffectiveness) },
  { title: 'overall', sort: 'num', help: 'MCP-Bench overall: mean of the four domains', cell: (t) => rate(t.scores.overall) },
  { title: 'calls', sort: 'num', cell: (t) => ({ text: String(t.metrics.toolCalls), value: t.metrics.toolCalls }) },
  { title: 'tokens', sort: 'num', cell: (t) => ({ text: count(t.tokens.total), value: t.tokens.total }) },
  {
    title: 'time',
    sort: 'num',
    help: 'duration of the task (agent and judge)',
    cell: (t) => ({ text: `${(t.durationMs / 1000).toFixed(2)} s`, value: t.durationMs }),
  },
]

/** MCP-AgentBench's category, as the charts count it; else the spec's own label; else the setting. */
function categoryLabel(t: TaskRecord): string {
  return categoryOf(t.servers, t.shape) ?? t.category ?? t.setting
}

/** Records in the table's first order: not-passed first, then by agent, task id and trial. */
export function defaultOrder(tasks: readonly TaskRecord[]): TaskRecord[] {
  return [...tasks].sort(
    (a, b) =>
      STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
      a.agent.localeCompare(b.agent) ||
      a.id.localeCompare(b.id) ||
      a.trial - b.trial,
  )
}

/**
 * The task table in pieces: its controls, then the data block one row at a time, each row's detail made only when
 * its turn comes, so a report of 10,000 tasks never holds every row's HTML at once. A row made earlier, from this
 * very record (`prepared`, see prepared-rows.ts), is used as it is.
 */
export function* taskTableChunks(
  tasks: readonly TaskRecord[],
  trajectoryOf: (t: TaskRecord) => Trajectory | null | undefined,
  prepared: (t: TaskRecord) => string | undefined = () => undefined,
): Generator<string> {
  const head = `<tr><th class="expand-col"><span class="sr-only">expand</span></th>${COLUMNS.map((c, i) => `<th data-sort="${c.sort}" data-col="${i + 1}"${c.help ? ` title="${esc(c.help)}"` : ''}><button type="button" class="sort">${c.title}</button></th>`).join('')}</tr>`
  yield `${filters(tasks)}
<div class="table-scroll"><table id="task-table" class="tasks" data-page-size="${PAGE_SIZE}"><thead>${head}</thead></table></div>
<nav id="task-pages" class="pages" aria-label="task table pages"><button type="button" data-page="first">« first</button><button type="button" data-page="previous">‹ previous</button><output id="task-page" aria-live="polite"></output><button type="button" data-page="next">next ›</button><button type="button" data-page="last">last »</button></nav>
<noscript><p class="notice">The task table is drawn by the page's script, which is off: every task is in <code>leaderboard.json</code> beside this report.</p></noscript>
<script type="application/json" id="task-data">[`
  // The array's text is JSON.stringify's of the whole array: its items' texts, comma-separated.
  for (const [i, t] of defaultOrder(tasks).entries()) {
    if (i > 0) yield ','
    yield prepared(t) ?? taskRowText(t, trajectoryOf(t))
  }
  yield ']</script>'
}

/** One task's item of the data block, as the page reads it. */
export function taskRowText(t: TaskRecord, trajectory: Trajectory | null | undefined): string {
  return taskData(taskRow(t, trajectory))
}

/** The same item as it reaches the page (which drops control characters from every piece), for rows made ahead. */
export function pageRowText(t: TaskRecord, trajectory: Trajectory | null | undefined): string {
  return withoutControls(taskRowText(t, trajectory))
}

function taskRow(t: TaskRecord, trajectory: Trajectory | null | undefined): TaskRow {
  const cells = COLUMNS.map((c) => ({ ...c.cell(t), num: c.sort === 'num' }))
  return {
    status: t.status,
    agent: t.agent,
    category: categoryLabel(t),
    servers: t.servers,
    tier: t.tier,
    anchor: taskAnchor(t),
    keys: cells.map((c) => c.value),
    cells: cells.map((c) => `<td${c.num ? ' class="num"' : ''}>${c.text}</td>`).join(''),
    detail: taskDetail(t, trajectory),
  }
}

/**
 * A row, or the rows, as the data block's text. A script element's text ends at the first `</script` and goes astray at
 * `<!--` or `<script`, so each `</` is written `<\/` and those two with `<` as `\u003c` (JSON escapes both, and
 * the page's JSON.parse undoes them); not every `<`, since the rows' HTML is mostly tags and that would add a
 * fifth to the page. Control characters are dropped from every string, as from the rest of the page.
 */
export function taskData(rows: TaskRow | readonly TaskRow[]): string {
  return JSON.stringify(rows, (_key, v: unknown) => (typeof v === 'string' ? withoutControls(v) : v))
    .replace(/<\//g, '<\\/')
    .replace(/<(!--|script)/gi, '\\u003c$1')
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
