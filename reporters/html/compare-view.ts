import { formatChange, formatRate, formatScore } from '../../src/compare/format.ts'
import {
  COMPARED_METRICS,
  METRIC_LABELS,
  type AgentComparison,
  type Comparison,
  type Flip,
  type RegressionResult,
} from '../../src/contracts/compare.ts'
import { TOO_FEW_MESSAGE } from '../../src/compare/metric.ts'
import { escapeHtml as esc, percent } from '../../src/lib/text.ts'

/**
 * The run against its baseline (the gate's `baseline`): the gate's verdict
 * per check, then per agent every metric's change with its interval, the
 * tasks that flipped and the largest drops. The numbers are the comparison's
 * (src/compare/compare.ts); this only lays them out.
 */
export function compareView(gate: RegressionResult | null, comparison: Comparison | null): string {
  if (!gate && !comparison) return ''
  const parts = ['<section id="compare"><h2>Against the baseline</h2>']
  if (gate) {
    parts.push(
      `<p>Baseline gate <span class="status ${gate.passed ? 'passed' : 'failed'}">${gate.passed ? 'passed' : 'failed'}</span> at ${percent(gate.confidence, 0)} confidence.</p>`,
    )
    if (gate.checks.length === 0 && gate.failures.length) parts.push(`<pre class="error">${esc(gate.failures.join('\n'))}</pre>`)
    if (gate.checks.length) {
      parts.push(
        `<ul class="checks">${gate.checks.map((c) => `<li class="${c.verdict}"><span class="status ${c.verdict === 'regression' ? 'failed' : c.verdict === 'within' ? 'passed' : 'unscored'}">${c.verdict}</span> ${esc(c.message)}</li>`).join('')}</ul>`,
      )
    }
  }
  if (comparison) {
    parts.push(
      `<p class="muted">Compared with <code>${esc(comparison.base)}</code>: tasks paired by id, agent and trial; ${percent(comparison.settings.confidence, 0)} intervals (exact McNemar for the pass rate, paired bootstrap with ${comparison.settings.resamples.toLocaleString('en-US')} resamples for scores).</p>`,
    )
    for (const agent of comparison.agents) parts.push(agentView(agent, comparison))
  }
  parts.push('</section>')
  return parts.join('\n')
}

function agentView(a: AgentComparison, c: Comparison): string {
  const trials = c.trials > 1
  const rows = COMPARED_METRICS.map((metric) => {
    const m = a.metrics[metric]
    const isRate = metric === 'passRate'
    const show = isRate ? formatRate : formatScore
    const change = (x: number) => (isRate ? `${formatChange(x, 1, 100)} pts` : formatChange(x, 3))
    const interval = m.verdict === 'too-few' || !m.interval ? TOO_FEW_MESSAGE : `${change(m.interval[0])} to ${change(m.interval[1])}`
    const direction = m.difference === null ? '' : m.difference < 0 ? 'down' : m.difference > 0 ? 'up' : ''
    return `<tr><th scope="row">${METRIC_LABELS[metric]}</th><td class="num">${show(m.base)}</td><td class="num">${show(m.head)}</td><td class="num ${direction}">${m.difference === null ? '–' : change(m.difference)}</td><td>${interval}</td><td class="num">${m.p === null ? '' : m.p < 0.001 ? '&lt;0.001' : m.p.toFixed(3)}</td><td class="num">${m.pairs}</td></tr>`
  })
  const unpaired =
    a.onlyInBase + a.onlyInHead > 0 ? ` (${a.onlyInBase} only in the baseline, ${a.onlyInHead} only in this run: not compared)` : ''
  return `<h3>${esc(a.agent)}</h3><p>${a.pairs} paired task runs${unpaired}.</p>
<table class="compare"><thead><tr><th>metric</th><th>baseline</th><th>this run</th><th>change</th><th>interval</th><th>p</th><th>pairs</th></tr></thead><tbody>${rows.join('')}</tbody></table>
${flips('Passed → not passed', a.flips.worse, trials, 'worse')}${flips('Not passed → passed', a.flips.better, trials, 'better')}${drops(a, trials)}`
}

function flips(title: string, list: Flip[], trials: boolean, kind: string): string {
  if (list.length === 0) return `<p class="muted">${title}: none.</p>`
  return `<div class="flips ${kind}"><h4>${title} (${list.length})</h4><ul>${list.map((f) => `<li><code>${esc(f.id)}</code>${trials ? ` #${f.trial}` : ''} <span class="muted">${f.base} → ${f.head}</span></li>`).join('')}</ul></div>`
}

function drops(a: AgentComparison, trials: boolean): string {
  const list = a.drops.overall.length ? { metric: 'overall', items: a.drops.overall } : { metric: 'rule score', items: a.drops.ruleScore }
  if (list.items.length === 0) return ''
  return `<h4>Largest drops in ${list.metric}</h4><table class="compare"><thead><tr><th>task</th><th>baseline</th><th>this run</th><th>change</th></tr></thead><tbody>${list.items
    .map(
      (d) =>
        `<tr><td><code>${esc(d.id)}</code>${trials ? ` #${d.trial}` : ''}</td><td class="num">${formatScore(d.base)}</td><td class="num">${formatScore(d.head)}</td><td class="num down">${formatChange(d.difference, 3)}</td></tr>`,
    )
    .join('')}</tbody></table>`
}
