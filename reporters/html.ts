import { AGENTBENCH_CATEGORIES, type AgentRow, type Leaderboard, type TaskRecord } from '../src/scoring/schema.ts'
import { cleanText, contentToText, escapeHtml, percent as pct } from '../src/text.ts'
import type { Trajectory } from '../src/trajectory/schema.ts'
import { trajectoryKey } from './leaderboard.ts'

/**
 * A self-contained HTML page (no scripts, no external assets) to read a run:
 * the agent rows, the six MCP-AgentBench categories, and every task with its
 * trajectory. Tool output and answers are untrusted text, so everything is escaped.
 */
export function leaderboardHtml(board: Leaderboard, trajectories: Map<string, Trajectory | null>): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MCP benchmark results</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1f24}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#f6f8fa}
.passed{color:#1a7f37}.failed{color:#cf222e}.errored{color:#9a6700}
details{margin:.25rem 0}summary{cursor:pointer}pre{background:#f6f8fa;padding:.5rem;white-space:pre-wrap;max-height:20rem;overflow:auto}
</style></head><body>
<h1>MCP benchmark results</h1>
<p>${escape(board.generatedAt)}${board.interrupted ? ` · <strong class="errored">interrupted</strong>: ${board.unfinished.length} unfinished` : ''} · gate ${!board.gate.applied ? `not applied (${escape(board.gate.note ?? '')})` : board.gate.passed ? 'passed' : `<strong class="failed">failed</strong>: ${board.gate.failures.map(escape).join('; ')}`}</p>
${agentTable(board.agents)}
${categoryTable(board.agents)}
<h2>Tasks</h2>
${board.tasks.map((t) => taskBlock(t, trajectories.get(trajectoryKey(t)) ?? undefined)).join('\n')}
${board.fileErrors.map((f) => `<p class="errored">File error in ${escape(f.file)}: ${escape(f.error)}</p>`).join('\n')}
</body></html>
`
}


function agentTable(agents: AgentRow[]): string {
  const rows = agents.map((a) => `<tr><td>${escape(a.agent)}</td><td>${a.tasks}</td><td>${pct(a.passRate)}</td><td>${pct(a.overallScore)}</td><td>${pct(a.ruleScore)}</td><td>${pct(a.metrics.validToolNameRate)}</td><td>${pct(a.metrics.schemaCompliance)}</td><td>${pct(a.metrics.executionSuccess)}</td><td>${pct(a.overall.domains.taskCompletion)}</td><td>${pct(a.overall.domains.toolUsage)}</td><td>${pct(a.overall.domains.planningEffectiveness)}</td></tr>`)
  return `<h2>Agents</h2><table><tr><th>agent</th><th>tasks</th><th>pass rate</th><th>overall</th><th>rule score</th><th>valid names</th><th>schema</th><th>execution</th><th>task completion</th><th>tool usage</th><th>planning</th></tr>${rows.join('')}</table>`
}

function categoryTable(agents: AgentRow[]): string {
  const rows = agents.map((a) => `<tr><td>${escape(a.agent)}</td>${AGENTBENCH_CATEGORIES.map((c) => {
    const s = a.categories[c]
    return `<td>${s && s.tasks ? `${pct(s.passRate)} (${s.passed}/${s.tasks})` : '–'}</td>`
  }).join('')}</tr>`)
  return `<h2>MCP-AgentBench categories</h2><table><tr><th>agent</th>${AGENTBENCH_CATEGORIES.map((c) => `<th>${c}</th>`).join('')}</tr>${rows.join('')}</table>`
}

function taskBlock(t: TaskRecord, trajectory: Trajectory | undefined): string {
  const head = `<span class="${t.status}">${t.status}</span> ${escape(t.id)} · ${escape(t.agent)}${t.trial > 1 ? ` #${t.trial}` : ''} · ${plural(t.metrics.toolCalls, 'call')}, ${plural(t.rounds, 'round')}`
  const calls = (trajectory?.calls ?? []).map((c) =>
    `<li>round ${c.round}: <code>${escape(c.valid ? `${c.server}.${c.tool}` : `${c.name} (unknown)`)}</code> ${escape(typeof c.args === 'string' ? c.args : JSON.stringify(c.args))}${c.isError ? ` <span class="failed">${escape(c.error ?? 'error result')}</span>` : ''}<pre>${escape(contentToText(c.result))}</pre></li>`)
  return `<details><summary>${head}</summary>
${t.error ? `<pre class="${t.status}">${escape(cleanText(t.failures.length ? t.failures.join('\n\n') : t.error))}</pre>` : ''}
<p>Prompt: ${escape(trajectory?.prompt ?? '')}</p>
<ol>${calls.join('')}</ol>
<p>Answer:</p><pre>${escape(trajectory?.answer ?? '(none)')}</pre>
</details>`
}


const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

const escape = escapeHtml
