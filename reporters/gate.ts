import type { AgentSummary } from './leaderboard-schema.ts'

export interface Gate {
  minOverall?: number
  minRuleScore?: number
  minPassRate?: number
}

/**
 * Checks every agent row against the thresholds. `minOverall` uses the
 * overall score when the run was judged and the rule score otherwise, so a
 * rule-only run can still gate.
 */
export function applyGate(agents: AgentSummary[], gate: Gate): { passed: boolean; failures: string[] } {
  const failures: string[] = []
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`
  for (const a of agents) {
    const overall = a.overallScore ?? a.ruleScore
    if (gate.minOverall !== undefined && (overall ?? 0) < gate.minOverall) {
      failures.push(`${a.agent}: overall score ${overall === null ? 'n/a' : pct(overall)} is below ${pct(gate.minOverall)}`)
    }
    if (gate.minRuleScore !== undefined && (a.ruleScore ?? 0) < gate.minRuleScore) {
      failures.push(`${a.agent}: rule score ${a.ruleScore === null ? 'n/a' : pct(a.ruleScore)} is below ${pct(gate.minRuleScore)}`)
    }
    if (gate.minPassRate !== undefined && (a.passRate ?? 0) < gate.minPassRate) {
      failures.push(`${a.agent}: pass rate ${pct(a.passRate ?? 0)} is below ${pct(gate.minPassRate)}`)
    }
  }
  return { passed: failures.length === 0, failures }
}
