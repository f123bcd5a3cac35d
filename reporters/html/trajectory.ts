import type { ScoredJudgeResult } from '../../src/contracts/judge-result.ts'
import { MCP_BENCH_DIMENSIONS } from '../../src/contracts/rubric.ts'
import type { TaskRecord } from '../../src/contracts/leaderboard.ts'
import { cleanText, contentToText, count, escapeHtml as esc, percent } from '../../src/lib/text.ts'
import type { ModelTurn, ToolCallRecord, Trajectory } from '../../src/contracts/trajectory.ts'
import { DIMENSION_LABELS } from './chart-options.ts'

/**
 * One task's expanded view: why it did not pass, what the agent saw, its
 * trajectory round by round (the model's turns and the calls they made),
 * the answer, and the judges' scores with their reasoning. All of it is
 * run output, untrusted: every piece goes through escapeHtml.
 */
export function taskDetail(t: TaskRecord, trajectory: Trajectory | null | undefined): string {
  const parts: string[] = []
  if (t.error)
    parts.push(
      `<h4>Why it ${t.status === 'failed' ? 'failed' : `is ${esc(t.status)}`}${t.errorPhase ? ` (${esc(t.errorPhase)})` : ''}</h4><pre class="error">${esc(cleanText(t.failures.length ? t.failures.join('\n\n') : t.error))}</pre>`,
    )
  if (t.missingFacts.length)
    parts.push(`<p><strong>Facts not stated:</strong> ${t.missingFacts.map((f) => `<code>${esc(f)}</code>`).join(', ')}</p>`)
  parts.push(facts(t))
  if (trajectory) {
    parts.push(`<h4>Prompt the agent saw</h4><pre>${esc(trajectory.prompt)}</pre>`)
    parts.push(`<h4>Trajectory</h4>${rounds(trajectory)}`)
    parts.push(`<h4>Answer</h4><pre class="answer">${esc(trajectory.answer ?? '(no answer)')}</pre>`)
    if (trajectory.error) parts.push(`<p class="error">Agent error: ${esc(trajectory.error)}</p>`)
  } else {
    parts.push('<p class="muted">No trajectory: the agent never started.</p>')
  }
  parts.push(judgeBlock('Judge', t.judge))
  if (t.referenceJudge) parts.push(judgeBlock('Pass/fail judge (reference answer)', t.referenceJudge))
  return parts.join('\n')
}

function facts(t: TaskRecord): string {
  const items = [
    ['file', esc(t.file)],
    ['servers', t.servers.map((s) => `<code>${esc(s)}</code>`).join(' ') || '–'],
    ['setting', esc(t.setting)],
    ['tags', t.tags.map(esc).join(', ') || '–'],
    ['dependency order', rate(t.metrics.dependencyOrder)],
    ['call precision / recall', `${rate(t.metrics.callPrecision)} / ${rate(t.metrics.callRecall)}`],
    ['distractor calls', String(t.metrics.distractorCalls)],
    ['goals met', t.goals ? `${t.goals.met}/${t.goals.total}` : '–'],
    ['tokens', `${t.tokens.total} (${t.tokens.prompt} prompt, ${t.tokens.completion} completion)`],
  ]
  return `<dl class="facts">${items.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`
}

/** The rounds in order, each with its model turns and the tool calls made in it. */
function rounds(tr: Trajectory): string {
  const numbers = [...new Set([...tr.turns.map((t) => t.round), ...tr.calls.map((c) => c.round)])].sort((a, b) => a - b)
  if (numbers.length === 0) return '<p class="muted">No model turns and no tool calls.</p>'
  return numbers
    .map((n) => {
      const turns = tr.turns.filter((t) => t.round === n)
      const calls = tr.calls.filter((c) => c.round === n)
      const summary = [
        calls.length ? `${calls.length} call${calls.length === 1 ? '' : 's'}` : '',
        turns.length ? `${turns.length} model turn${turns.length === 1 ? '' : 's'}` : '',
      ]
        .filter(Boolean)
        .join(', ')
      return `<section class="round"><h5>Round ${n} <span class="muted">${summary}</span></h5>${turns.map(turn).join('')}${calls.map(call).join('')}</section>`
    })
    .join('')
}

function turn(t: ModelTurn): string {
  const usage = t.usage ? ` · ${t.usage.totalTokens} tokens` : ''
  const meta = `<span class="muted">model · ${ms(t.durationMs)}${usage}${t.finishReason ? ` · ${esc(t.finishReason)}` : ''}</span>`
  const content = t.content ? `<pre class="turn-text">${esc(t.content)}</pre>` : ''
  const requested = t.toolCalls.length
    ? `<p class="muted">asked for ${t.toolCalls.map((c) => `<code>${esc(c.name)}</code>`).join(', ')}</p>`
    : ''
  const parseError = t.parseError ? `<p class="error">Reply not understood: ${esc(t.parseError)}</p>` : ''
  return `<div class="turn">${meta}${content}${requested}${parseError}</div>`
}

function call(c: ToolCallRecord): string {
  const name = c.valid ? `${c.server}.${c.tool}` : c.name
  const flags = [
    c.valid ? '' : '<span class="flag bad">unknown tool</span>',
    c.schemaValid === false ? '<span class="flag bad">schema ✗</span>' : '',
    c.isError ? '<span class="flag bad">error</span>' : '',
    c.distractor ? '<span class="flag">distractor</span>' : '',
    c.truncated ? '<span class="flag">output cut</span>' : '',
  ].join('')
  const args = typeof c.args === 'string' ? c.args : JSON.stringify(c.args, null, 2)
  const result = contentToText(c.result)
  const problems = [c.argsError, ...(c.schemaErrors ?? []), c.error].filter((x): x is string => Boolean(x))
  return `<div class="call${c.isError ? ' is-error' : ''}"><div class="call-head"><code>${esc(name)}</code>${flags}<span class="muted">${ms(c.durationMs)}</span></div>
<pre class="args">${esc(args ?? '')}</pre><details class="result"><summary>result (${count(result.length)} characters)</summary><pre>${esc(result)}</pre></details>${problems.length ? `<pre class="error">${esc(problems.join('\n'))}</pre>` : ''}</div>`
}

function judgeBlock(title: string, j: ScoredJudgeResult | null): string {
  if (!j) return ''
  if (j.kind === 'not-judged') return `<h4>${title}</h4><p class="muted">Not judged: ${esc(j.reason)}</p>`
  if (j.kind === 'error')
    return `<h4>${title}</h4><p class="error">Judge error: ${esc(j.reason)}</p>${j.samples.failures.length ? `<pre class="error">${esc(j.samples.failures.join('\n'))}</pre>` : ''}`
  const about = `<p class="muted">${esc(j.model)} · ${j.samples.valid}/${j.samples.requested} valid samples${j.cached ? ' · cached' : ''}</p>`
  if (j.kind === 'pass-fail') {
    return `<h4>${title}: <span class="status ${j.pass ? 'passed' : 'failed'}">${j.pass ? 'pass' : 'fail'}</span></h4>${about}<p>${j.votes.pass} pass / ${j.votes.fail} fail votes</p><pre>${esc(j.reason)}</pre>`
  }
  const ids = j.rubric === 'mcp-bench' ? [...MCP_BENCH_DIMENSIONS] : Object.keys(j.dimensions)
  const label = (id: string) => (id in DIMENSION_LABELS ? DIMENSION_LABELS[id as keyof typeof DIMENSION_LABELS] : id)
  const rows = ids.map((id) => {
    const v = j.dimensions[id]
    return `<tr data-dimension="${esc(id)}"><th scope="row">${esc(label(id))}</th><td class="num">${v === null || v === undefined ? 'n/a' : `${v.toFixed(1)} / ${j.scale.max}`}</td><td class="reasoning">${esc(j.reasoning[id] ?? '')}</td></tr>`
  })
  const overall = j.reasoning.overall ? `<p class="reasoning">${esc(j.reasoning.overall)}</p>` : ''
  return `<h4>${title} (${esc(j.rubric)} rubric)</h4>${about}<table class="judge"><thead><tr><th>dimension</th><th>score</th><th>reasoning</th></tr></thead><tbody>${rows.join('')}</tbody></table>${overall}`
}

const rate = (v: number | null) => percent(v, 0)
const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`)
