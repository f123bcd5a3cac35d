import type { AgentSummary, Leaderboard } from './leaderboard-schema.ts'
import { AGENTBENCH_CATEGORIES } from '../src/scoring/schema.ts'

const pct = (v: number | null | undefined) => (v === null || v === undefined ? 'n/a' : `${(v * 100).toFixed(1)}%`)

/**
 * The leaderboard as Markdown, for a pull request comment or a CI job
 * summary (`cat bench-results/summary.md >> $GITHUB_STEP_SUMMARY`).
 */
export function leaderboardMarkdown(board: Leaderboard): string {
  const lines = [
    '# MCP benchmark results',
    '',
    '| agent | tasks | passed | failed | errored | pass rate (95% CI) | overall | rule score | task completion | tool usage | planning | avg rounds | avg calls | avg tokens |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...board.agents.map(agentRow),
    '',
    '## MCP-AgentBench categories (pass rate)',
    '',
    `| agent | ${AGENTBENCH_CATEGORIES.join(' | ')} |`,
    `| --- | ${AGENTBENCH_CATEGORIES.map(() => '---:').join(' | ')} |`,
    ...board.agents.map((a) => `| ${a.agent} | ${AGENTBENCH_CATEGORIES.map((c) => {
      const s = a.categories[c]
      return s && s.tasks ? `${pct(s.passRate)} (${s.passed}/${s.tasks})` : '–'
    }).join(' | ')} |`),
  ]
  const repeated = board.agents.filter((a) => a.trials)
  if (repeated.length) {
    lines.push('', '## Repeated trials', '', '| agent | trials | tasks | pass^k (every trial) | pass@k (any trial) |', '| --- | ---: | ---: | ---: | ---: |')
    for (const a of repeated) lines.push(`| ${a.agent} | ${a.trials!.trials} | ${a.trials!.tasks} | ${pct(a.trials!.passAll)} | ${pct(a.trials!.passAny)} |`)
  }
  const failing = board.tasks.filter((t) => t.status !== 'passed')
  if (failing.length) {
    lines.push('', '## Tasks not passed', '', '| task | agent | status | error |', '| --- | --- | --- | --- |')
    for (const t of failing) lines.push(`| ${t.id}${t.trial > 1 || board.agents.some((a) => a.trials) ? ` #${t.trial}` : ''} | ${t.agent} | ${t.status} | ${cell(t.error ?? '')} |`)
  }
  for (const f of board.fileErrors) lines.push('', `File error in \`${f.file}\`: ${cell(f.error)}`)
  lines.push('', board.gate.passed ? 'Gate: passed.' : `Gate: **failed**\n\n${board.gate.failures.map((f) => `- ${f}`).join('\n')}`)
  return `${lines.join('\n')}\n`
}

function agentRow(a: AgentSummary): string {
  const d = a.overall.domains
  return `| ${a.agent} | ${a.tasks} | ${a.passed} | ${a.failed} | ${a.errored} | ${pct(a.passRate)}${a.passRateInterval ? ` (${pct(a.passRateInterval[0])}–${pct(a.passRateInterval[1])})` : ''} | ${pct(a.overallScore)} | ${pct(a.ruleScore)} | ${pct(d.taskCompletion)} | ${pct(d.toolUsage)} | ${pct(d.planningEffectiveness)} | ${a.avgRounds.toFixed(1)} | ${a.avgToolCalls.toFixed(1)} | ${Math.round(a.avgTokens)} |`
}

function cell(text: string): string {
  return text.split('\n')[0]!.replace(/\|/g, '\\|').slice(0, 200)
}
