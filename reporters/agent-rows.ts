import { aggregate } from '../src/scoring/aggregate.ts'
import { mean } from '../src/scoring/formulas.ts'
import { summariseTrials } from '../src/scoring/trials.ts'
import type { AgentSummary, TaskRecord } from './leaderboard-schema.ts'

/**
 * Leaderboard rows: the scoring module's per-agent summary (every formula
 * lives there) plus run statistics. Best first: overall score, then the
 * rule score, then pass rate.
 */
export function agentRows(records: TaskRecord[]): AgentSummary[] {
  const rows = aggregate(records).map((scores): AgentSummary => {
    const rs = records.filter((r) => r.agent === scores.agent)
    const avg = (f: (r: TaskRecord) => number) => rs.reduce((a, r) => a + f(r), 0) / rs.length
    return {
      ...scores,
      overallScore: scores.overall.overall,
      ruleScore: scores.overall.ruleScore,
      metrics: { ...scores.overall.metrics, dependencyOrder: mean(rs.map((r) => r.metrics.dependencyOrder)) },
      trials: summariseTrials(rs),
      avgRounds: avg((r) => r.rounds),
      avgToolCalls: avg((r) => r.toolCalls),
      avgTokens: avg((r) => r.tokens.total),
      avgDurationMs: avg((r) => r.durationMs),
    }
  })
  const key = (a: AgentSummary) => [a.overallScore ?? -1, a.ruleScore ?? -1, a.passRate ?? -1]
  return rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    return y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]! || a.agent.localeCompare(b.agent)
  })
}
