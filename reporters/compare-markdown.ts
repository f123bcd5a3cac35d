import {
  COMPARED_METRICS,
  METRIC_LABELS,
  type AgentComparison,
  type Comparison,
  type Drop,
  type Flip,
  type MetricComparison,
  type RegressionResult,
  type ToolComparison,
} from '../src/contracts/compare.ts'
import { formatChange as signed, formatLevel as level, formatRate as pct, formatScore as score } from '../src/compare/format.ts'
import { TOO_FEW_MESSAGE } from '../src/compare/metric.ts'
import { isolationMismatch } from '../src/compare/compare.ts'
import { mdCode as code } from '../src/lib/markdown.ts'

/**
 * A comparison as GitHub-flavoured Markdown, for `$GITHUB_STEP_SUMMARY` and
 * the terminal. Task ids and agent names are untrusted text: they are put in
 * code spans with table pipes escaped.
 */

const pValue = (p: number | null) => (p === null ? '' : p < 0.001 ? '<0.001' : p.toFixed(3))

function metricRow(metric: (typeof COMPARED_METRICS)[number], m: MetricComparison, minPairs: number): string {
  const isRate = metric === 'passRate'
  const show = isRate ? pct : score
  const change = (x: number) => (isRate ? `${signed(x, 1, 100)} pts` : signed(x, 3))
  const pairs = `${m.pairs}${m.leftOut > 0 ? ` (${m.leftOut} left out)` : ''}`
  const interval =
    m.verdict === 'too-few' || m.interval === null
      ? `${TOO_FEW_MESSAGE} (${m.pairs} < ${minPairs})`
      : isRate
        ? `${signed(m.interval[0], 1, 100)} to ${signed(m.interval[1], 1, 100)} pts`
        : `${signed(m.interval[0], 3)} to ${signed(m.interval[1], 3)}`
  const discordant = m.discordant && m.verdict === 'measured' ? ` (${m.discordant.worse}↓ ${m.discordant.better}↑)` : ''
  return `| ${METRIC_LABELS[metric]} | ${show(m.base)} | ${show(m.head)} | ${m.difference === null ? '–' : change(m.difference)} | ${interval} | ${pValue(m.p)}${discordant} | ${pairs} |`
}

function flipList(title: string, flips: Flip[], trials: boolean, limit: number): string[] {
  if (flips.length === 0) return []
  const shown = flips.slice(0, limit).map((f) => {
    const name = code(f.id) + (trials ? ` #${f.trial}` : '')
    const how = f.head === 'passed' ? f.base : f.head
    return how === 'failed' ? name : `${name} (${how})`
  })
  const more = flips.length > limit ? `, … and ${flips.length - limit} more` : ''
  return [`**${title} (${flips.length}):** ${shown.join(', ')}${more}`, '']
}

function dropTable(metric: 'overall' | 'ruleScore', drops: Drop[], trials: boolean): string[] {
  if (drops.length === 0) return []
  return [
    `**Largest drops in ${METRIC_LABELS[metric]}:**`,
    '',
    '| task | base | head | change |',
    '| --- | ---: | ---: | ---: |',
    ...drops.map(
      (d) => `| ${code(d.id)}${trials ? ` #${d.trial}` : ''} | ${score(d.base)} | ${score(d.head)} | ${signed(d.difference, 3)} |`,
    ),
    '',
  ]
}

/** One tool metric's cell: base → head, the change in points and its interval (or why there is none). */
function toolCell(m: MetricComparison, minPairs: number): string {
  if (m.pairs === 0) return '–'
  const change = m.difference === null ? '' : ` (${signed(m.difference, 1, 100)} pts`
  const interval =
    m.verdict === 'too-few' || m.interval === null
      ? `; ${m.pairs} < ${minPairs} pairs)`
      : `; ${signed(m.interval[0], 1, 100)} to ${signed(m.interval[1], 1, 100)})`
  return `${pct(m.base)} → ${pct(m.head)}${change}${interval}`
}

/**
 * By tool, then by server: which regressed and which improved first, in a line each, then every tool either run
 * counts with its recall and success rate.
 */
function toolSection(tools: readonly ToolComparison[], c: Comparison): string[] {
  if (tools.length === 0) return []
  const named = (verdict: ToolComparison['verdict']) =>
    tools.filter((t) => t.scope === 'tool' && t.verdict === verdict).map((t) => code(t.name))
  const [regressed, improved] = [named('regressed'), named('improved')]
  return [
    `**Tools regressed (${regressed.length}):** ${regressed.join(', ') || 'none'}`,
    '',
    `**Tools improved (${improved.length}):** ${improved.join(', ') || 'none'}`,
    '',
    `| tool or server | recall | success rate | verdict |`,
    '| --- | --- | --- | --- |',
    ...tools.map(
      (t) =>
        `| ${t.scope === 'server' ? 'server ' : ''}${code(t.name)} | ${toolCell(t.metrics.recall, c.settings.minPairs)} | ${toolCell(t.metrics.successRate, c.settings.minPairs)} | ${t.verdict} |`,
    ),
    '',
  ]
}

function agentSection(a: AgentComparison, c: Comparison, trials: boolean): string[] {
  const unpaired = [a.onlyInBase > 0 ? `${a.onlyInBase} only in base` : '', a.onlyInHead > 0 ? `${a.onlyInHead} only in head` : ''].filter(
    Boolean,
  )
  const mismatch = isolationMismatch(a)
  return [
    `### ${code(a.agent)}`,
    '',
    ...(mismatch ? [`> **Warning:** ${code(a.agent)} ${mismatch.slice(a.agent.length + 1)}.`, ''] : []),
    `${a.pairs} paired task run${a.pairs === 1 ? '' : 's'}${unpaired.length > 0 ? `; ${unpaired.join(', ')} (not compared)` : ''}.`,
    '',
    `| metric | base | head | change | ${level(c.settings.confidence)} interval | p | pairs |`,
    '| --- | ---: | ---: | ---: | --- | ---: | ---: |',
    ...COMPARED_METRICS.map((m) => metricRow(m, a.metrics[m], c.settings.minPairs)),
    '',
    ...flipList('Passed → failed', a.flips.worse, trials, c.settings.listLimit * 3),
    ...flipList('Failed → passed', a.flips.better, trials, c.settings.listLimit * 3),
    ...dropTable('overall', a.drops.overall, trials),
    ...dropTable('ruleScore', a.drops.ruleScore, trials),
    ...toolSection(a.tools ?? [], c),
  ]
}

/** The baseline gate's verdict as a Markdown section. */
export function renderRegressionMarkdown(result: RegressionResult): string {
  const lines = [`### Baseline gate: ${result.passed ? 'passed' : 'failed'}`, '']
  for (const check of result.checks) {
    const mark = check.verdict === 'regression' ? '**regression**' : check.verdict === 'too-few' ? 'cannot tell' : 'ok'
    lines.push(`- ${mark}: ${check.message}`)
  }
  if (result.checks.length === 0) lines.push('- nothing to check: `maxDrop` names no metric, or neither run has an agent')
  return `${lines.join('\n')}\n`
}

/** The whole comparison, optionally followed by the baseline gate's verdict. */
export function renderComparisonMarkdown(c: Comparison, gate?: RegressionResult): string {
  const trials = c.trials > 1
  const s = c.settings
  const lines = [
    `## Comparison: ${code(c.base)} → ${code(c.head)}`,
    '',
    `Each task run is paired with the same task, agent and trial in the other run; a change is head − base. ` +
      `Pass rates: exact McNemar test on the pairs that flipped (↓ worse, ↑ better), Newcombe's hybrid score interval. ` +
      `Scores: paired bootstrap of the mean change (${s.resamples.toLocaleString('en-US')} resamples, seed ${s.seed}), percentile interval. ` +
      `Fewer than ${s.minPairs} pairs: ${TOO_FEW_MESSAGE}. ` +
      `By tool: recall (the share of a task's reference calls to the tool that an agent call took) and success rate ` +
      `(the share of its calls that ran and fit its schema), per task, paired and bootstrapped as scores are; a tool ` +
      `regressed when its interval lies wholly below 0.`,
    '',
  ]
  if (c.agents.length === 0) lines.push('Neither run has any task records.', '')
  for (const a of c.agents) lines.push(...agentSection(a, c, trials))
  const text = `${lines.join('\n').trimEnd()}\n`
  return gate ? `${text}\n${renderRegressionMarkdown(gate)}` : text
}
