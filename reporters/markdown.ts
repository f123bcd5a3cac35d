import { AGENTBENCH_CATEGORIES, type AgentRow, type Leaderboard, type TaskRecord } from '../src/contracts/leaderboard.ts'
import { renderRegressionMarkdown } from './compare-markdown.ts'
import { toolSection } from './tool-markdown.ts'
import { count, duration, percent as pct, usd } from '../src/lib/text.ts'
import { mdCell as cell, mdFenced as fenced } from '../src/lib/markdown.ts'
import { holdsAtLeast, isolationLabel } from '../src/contracts/isolation.ts'
import { integrityProblem } from '../src/node/task-file-integrity.ts'

/**
 * The leaderboard as Markdown, for a pull request comment or a CI job
 * summary (`cat bench-results/summary.md >> $GITHUB_STEP_SUMMARY`). Every
 * text from a run (task ids, messages, answers) is untrusted: table cells
 * are HTML-escaped and messages go in fences they cannot close.
 */
export function leaderboardMarkdown(board: Leaderboard): string {
  const lines = [
    '# MCP benchmark results',
    '',
    ...(board.interrupted
      ? [
          `> **Interrupted**${board.interruption && board.interruption !== 'interrupted' ? ` (${cell(board.interruption)})` : ''}: ${board.unfinished.length} task(s) did not finish; the figures cover the ${board.tasks.length} that did.`,
          '',
        ]
      : []),
    ...(board.notRun?.length
      ? [
          `> **Budget reached**${board.budget?.reached ? ` (${cell(board.budget.reached)})` : ''}: ${board.notRun.length} task(s) not run (budget), not counted as failures; \`MCP_BENCH_RESUME=1\` runs them.`,
          '',
        ]
      : []),
    '| agent | held | tasks | passed | failed | errored | unscored | pass rate (95% CI) | overall | rule score | task completion | tool usage | planning | judged | judge errors | avg rounds | avg calls | avg tokens |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...board.agents.map(agentRow),
    '',
    ...(board.agents.some((a) => a.isolation && !holdsAtLeast(a.isolation, 'sandbox'))
      ? [
          '> **(!) Held less than the sandbox:** agent code in such a row could reach the task files, reports or the harness; its score is not comparable with a sandboxed one (README, Security).',
          '',
        ]
      : []),
    ...integrityLines(board),
    'Every attempted task counts: a task that errored scores what it earned, 0 where it earned nothing (docs/explanation/scoring.md). MCP-Bench averages completed tasks only; for comparison with its published numbers:',
    '',
    '| agent | completed tasks | rule score | overall |',
    '| --- | ---: | ---: | ---: |',
    ...board.agents.map(
      (a) => `| ${cell(a.agent)} | ${a.completedOnly.tasks} | ${pct(a.completedOnly.ruleScore)} | ${pct(a.completedOnly.overallScore)} |`,
    ),
    '',
    '## MCP-AgentBench categories (pass rate)',
    '',
    `| agent | ${AGENTBENCH_CATEGORIES.join(' | ')} |`,
    `| --- | ${AGENTBENCH_CATEGORIES.map(() => '---:').join(' | ')} |`,
    ...board.agents.map((a) => `| ${cell(a.agent)} | ${AGENTBENCH_CATEGORIES.map((c) => rate(a.categories[c])).join(' | ')} |`),
    '',
    '## Tiers',
    '',
    '| agent | easy pass rate | easy overall | hard pass rate | hard overall | hard goals met |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...board.agents.map(
      (a) =>
        `| ${cell(a.agent)} | ${rate(a.tiers.easy)} | ${pct(a.tiers.easy?.overallScore)} | ${rate(a.tiers.hard)} | ${pct(a.tiers.hard?.overallScore)} | ${pct(a.tiers.hard?.goalsMet)} |`,
    ),
  ]
  lines.push(...costSection(board))
  lines.push(...toolSection(board))
  const repeated = board.agents.filter((a) => a.trials)
  if (repeated.length) {
    lines.push(
      '',
      '## Repeated trials',
      '',
      '| agent | trials | tasks | pass^k (every trial) | pass@k (any trial) |',
      '| --- | ---: | ---: | ---: | ---: |',
    )
    for (const a of repeated)
      lines.push(`| ${cell(a.agent)} | ${a.trials!.trials} | ${a.trials!.tasks} | ${pct(a.trials!.passAll)} | ${pct(a.trials!.passAny)} |`)
  }
  const trials = board.agents.some((a) => a.trials)
  const section = (title: string, tasks: TaskRecord[]) => {
    if (!tasks.length) return
    lines.push('', `## ${title}`)
    for (const t of tasks) {
      lines.push(
        '',
        `### ${cell(t.id)}${trials ? ` #${t.trial}` : ''} · ${cell(t.agent)} · ${t.status}${t.errorPhase ? ` (${t.errorPhase})` : ''}`,
        '',
        `\`${cell(t.file)}\``,
        '',
        fenced(t.failures.length ? t.failures.join('\n\n') : (t.error ?? '')),
      )
    }
  }
  section(
    'Tasks not passed',
    board.tasks.filter((t) => t.status === 'failed' || t.status === 'errored'),
  )
  section(
    'Setup errors (not counted in any score; they fail the run)',
    board.tasks.filter((t) => t.status === 'setup-error'),
  )
  section(
    'Unscored tasks (nothing could decide them)',
    board.tasks.filter((t) => t.status === 'unscored'),
  )
  for (const f of board.fileErrors) lines.push('', `## File error in \`${cell(f.file)}\``, '', fenced(f.error))
  if (board.notRun?.length) lines.push('', '## Not run (budget)', '', ...board.notRun.map((u) => `- ${cell(u.file)}: ${cell(u.name)}`))
  if (board.unfinished.length)
    lines.push('', '## Unfinished (interrupted)', '', ...board.unfinished.map((u) => `- ${cell(u.file)}: ${cell(u.name)}`))
  lines.push('', gateLine(board))
  if (board.gate.baseline) lines.push('', renderRegressionMarkdown(board.gate.baseline))
  return `${lines.join('\n')}\n`
}

/** A run whose task files changed, or have a second name, says so above everything it scored. */
function integrityLines(board: Leaderboard): string[] {
  const problem = integrityProblem(board.integrity)
  return problem ? [`> **Task files not trustworthy:** ${cell(problem)}. The run fails.`, ''] : []
}

function agentRow(a: AgentRow): string {
  const d = a.overall.domains
  const interval = a.passRateInterval ? ` (${pct(a.passRateInterval[0])}–${pct(a.passRateInterval[1])})` : ''
  const judged = a.judge.configured ? String(a.judge.judged) : 'no judge'
  return `| ${cell(a.agent)} | ${isolationLabel(a.isolation)} | ${a.tasks} | ${a.passed} | ${a.failed} | ${a.errored} | ${a.unscored} | ${pct(a.passRate)}${interval} | ${pct(a.overallScore)} | ${pct(a.ruleScore)} | ${pct(d.taskCompletion)} | ${pct(d.toolUsage)} | ${pct(d.planningEffectiveness)} | ${judged} | ${a.judge.errors} | ${a.avgRounds.toFixed(1)} | ${a.avgToolCalls.toFixed(1)} | ${Math.round(a.avgTokens)} |`
}

/** Tokens, dollars and time per agent, the judge's apart, and what the run cost in all. */
function costSection(board: Leaderboard): string[] {
  const c = board.cost
  const why = c.unknown.length
    ? ` A cost is n/a when it cannot be known: ${c.unknown.map(cell).join('; ')}. Add the missing prices with the \`prices\` option.`
    : ''
  return [
    '',
    '## Cost and latency',
    '',
    '| agent | tasks | agent tokens | agent cost | cost per task | judge tokens | judge cost | median time | p95 time | model time | tool time |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...board.agents.map(
      (a) =>
        `| ${cell(a.agent)} | ${a.tasks} | ${count(a.tokens.agent.total)} | ${usd(a.cost.agentUsd)} | ${usd(a.cost.agentUsdPerTask)} | ${count(a.tokens.judge.total)}${a.tokens.judgeCached ? ` (cached: ${count(a.tokens.judgeCached)} tokens, $0 spent)` : ''} | ${usd(a.cost.judgeUsd)} | ${duration(a.latency.medianMs)} | ${duration(a.latency.p95Ms)} | ${pct(a.latency.modelShare)} | ${pct(a.latency.toolShare)} |`,
    ),
    '',
    `Run cost: **${usd(c.totalUsd)}** (agents ${usd(c.agentUsd)}, judge ${usd(c.judgeUsd)}), at list prices (OpenAI's of ${c.pricesAsOf}, and the \`prices\` option).${why} Model and tool time are shares of the agents' wall time; the judge's time is not in it.`,
  ]
}

function rate(s: { tasks: number; passed: number; passRate: number | null } | undefined): string {
  return s && s.tasks ? `${pct(s.passRate)} (${s.passed}/${s.tasks})` : '–'
}

function gateLine(board: Leaderboard): string {
  if (!board.gate.applied) return `Gate: not applied (${cell(board.gate.note ?? '')}).`
  return board.gate.passed ? 'Gate: passed.' : `Gate: **failed**\n\n${board.gate.failures.map((f) => `- ${cell(f)}`).join('\n')}`
}
