import type { ToolDiagnostics, ToolRow } from '../../src/contracts/tool-diagnostics.ts'
import { escapeHtml as esc, percent as pct } from '../../src/lib/text.ts'
import { byText } from '../../src/scoring/canonical-order.ts'

/**
 * report.html's per-server, per-tool table: one group of rows per server, a row per tool and agent for every
 * tool a task called or planned, and the tools only offered named in one line under their server. Then the
 * confusion pairs, in full (the chart draws the most frequent). Every figure is the board's
 * (src/scoring/tool-diagnostics.ts); every name from the run is escaped here.
 */
export function toolTables(tools: ToolDiagnostics | undefined): string {
  if (!tools || tools.rows.length === 0) return '<p class="muted">No tool was offered to an agent in this run.</p>'
  const servers = [...new Set(tools.rows.map((r) => r.server))]
  const groups = servers.map((server) =>
    serverGroup(
      server,
      tools.rows.filter((r) => r.server === server),
    ),
  )
  const head = COLUMNS.map((c) => `<th${c.help ? ` title="${esc(c.help)}"` : ''}>${esc(c.title)}</th>`).join('')
  const table = `<div class="table-scroll"><table class="tools"><thead><tr>${head}</tr></thead>${groups.join('')}</table></div>`
  return `${table}${confusionTable(tools)}`
}

interface ToolColumn {
  title: string
  help?: string
  cell: (r: ToolRow) => string
}

const num = (n: number) => `<td class="num">${n}</td>`
const bad = (n: number) => `<td class="num${n > 0 ? ' down' : ''}">${n}</td>`

const COLUMNS: ToolColumn[] = [
  { title: 'tool', cell: (r) => `<th scope="row"><code>${esc(r.tool)}</code></th>` },
  { title: 'agent', cell: (r) => `<td>${esc(r.agent)}</td>` },
  { title: 'offered in', help: 'tasks whose agent was offered the tool', cell: (r) => num(r.offered) },
  {
    title: 'called',
    help: 'calls (in how many tasks)',
    cell: (r) => `<td class="num">${r.called} <span class="muted">(${r.tasksCalled})</span></td>`,
  },
  {
    title: 'ok',
    help: 'calls that ran without an error and fit the input schema',
    cell: (r) => `<td class="num">${pct(r.successRate)}</td>`,
  },
  { title: 'schema violations', cell: (r) => bad(r.schemaViolations) },
  { title: 'execution errors', cell: (r) => bad(r.executionErrors) },
  {
    title: 'planned',
    help: 'reference calls to the tool (in how many tasks)',
    cell: (r) => `<td class="num">${r.referenced} <span class="muted">(${r.tasksPlanned})</span></td>`,
  },
  { title: 'missed', help: 'reference calls no call to the tool took', cell: (r) => bad(r.missed) },
  { title: 'unneeded', help: 'calls no reference call asked for, and no confusion', cell: (r) => bad(r.unneeded) },
  {
    title: 'in place of another',
    help: 'calls made instead of a reference call to another tool of the same step',
    cell: (r) => bad(r.confusedFor),
  },
  { title: 'replaced by another', help: 'reference calls to it that went to another tool instead', cell: (r) => bad(r.confusedAway) },
  {
    title: 'args differ',
    help: 'calls to the right tool whose arguments differ from the reference call, and the fields that differed',
    cell: (r) =>
      `<td class="num${r.argMismatches ? ' down' : ''}">${r.argMismatches}${
        r.argFields.length
          ? ` <span class="muted">(${r.argFields
              .slice(0, 4)
              .map((f) => `${esc(f.field)} ×${f.count}`)
              .join(', ')})</span>`
          : ''
      }</td>`,
  },
  {
    title: 'issues',
    help: 'missed + unneeded + in place of another + schema violations + execution errors + args differ',
    cell: (r) => `<td class="num"><strong>${r.issues}</strong></td>`,
  },
  {
    title: 'most common messages',
    cell: (r) =>
      `<td class="messages">${r.messages.map((m) => `<div><span class="flag bad">${m.kind}</span> ${esc(m.message)} <span class="muted">×${m.count}</span></div>`).join('')}</td>`,
  },
]

function serverGroup(server: string, rows: ToolRow[]): string {
  // By tool, then agent: the agents side by side on each tool (the board's order is by agent first).
  const used = rows.filter((r) => r.called > 0 || r.referenced > 0).sort((a, b) => byText(a.tool, b.tool) || byText(a.agent, b.agent))
  const unused = [...new Set(rows.filter((r) => !used.some((u) => u.tool === r.tool)).map((r) => r.tool))]
  const lines = used.map(
    (r) => `<tr data-tool="${esc(`${r.server}.${r.tool}`)}" data-agent="${esc(r.agent)}">${COLUMNS.map((c) => c.cell(r)).join('')}</tr>`,
  )
  if (unused.length)
    lines.push(
      `<tr class="unused"><td colspan="${COLUMNS.length}" class="muted">Offered, never called or planned: ${unused.map((t) => `<code>${esc(t)}</code>`).join(', ')}</td></tr>`,
    )
  return `<tbody class="server" data-server="${esc(server)}"><tr><th colspan="${COLUMNS.length}" scope="rowgroup" class="server-name">${esc(server)}</th></tr>${lines.join('')}</tbody>`
}

function confusionTable(tools: ToolDiagnostics): string {
  if (tools.confusions.length === 0) return '<p class="muted">No tool was called in place of another.</p>'
  const rows = tools.confusions.map(
    (c) =>
      `<tr><td>${esc(c.agent)}</td><td><code>${esc(c.intended)}</code></td><td><code>${esc(c.called)}</code></td><td class="num">${c.count}</td><td class="num">${c.tasks}</td></tr>`,
  )
  return `<h3>Confused tools</h3><table class="confusions"><thead><tr><th>agent</th><th>the plan called</th><th>the agent called instead</th><th>calls</th><th>tasks</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}
