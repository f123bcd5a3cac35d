import type { AgentSummary, Metrics, TaskRecord } from './leaderboard-schema.ts'

const METRIC_KEYS = ['validToolNameRate', 'schemaCompliance', 'executionSuccess', 'dependencyOrder'] as const

/** Mean of the defined values; null when none is defined (never a 0 that was not measured). */
export function meanOf(values: Array<number | null | undefined>): number | null {
  const defined = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
  return defined.length ? defined.reduce((a, b) => a + b, 0) / defined.length : null
}

/** Per-agent summary rows, best first (rule score, then pass rate). */
export function summarizeAgents(records: TaskRecord[]): AgentSummary[] {
  const byAgent = new Map<string, TaskRecord[]>()
  for (const r of records) byAgent.set(r.agent, [...(byAgent.get(r.agent) ?? []), r])
  const rows = [...byAgent].map(([agent, rs]) => summarize(agent, rs))
  return rows.sort((a, b) => (b.ruleScore ?? -1) - (a.ruleScore ?? -1) || b.passRate - a.passRate || a.agent.localeCompare(b.agent))
}

function summarize(agent: string, rs: TaskRecord[]): AgentSummary {
  const metrics = Object.fromEntries(METRIC_KEYS.map((k) => [k, meanOf(rs.map((r) => r.metrics[k]))])) as Metrics
  const count = (s: TaskRecord['status']) => rs.filter((r) => r.status === s).length
  const avg = (f: (r: TaskRecord) => number) => rs.reduce((a, r) => a + f(r), 0) / rs.length
  return {
    agent,
    tasks: rs.length,
    passed: count('passed'),
    failed: count('failed'),
    errored: count('errored'),
    passRate: count('passed') / rs.length,
    metrics,
    ruleScore: meanOf([metrics.validToolNameRate, metrics.schemaCompliance, metrics.executionSuccess]),
    avgRounds: avg((r) => r.rounds),
    avgToolCalls: avg((r) => r.toolCalls),
    avgTokens: avg((r) => r.tokens.total),
    avgDurationMs: avg((r) => r.durationMs),
  }
}
