import type { Gate } from '../contracts/options.ts'
import { percent } from '../lib/text.ts'
import { holdsAtLeast } from '../contracts/isolation.ts'
import type { AgentRow, GateResult, TaskRecord } from '../contracts/leaderboard.ts'

export type { Gate }

export function gateConfigured(gate: Gate): boolean {
  return Object.values(gate).some((v) => v !== undefined)
}

/**
 * Checks every agent row against the thresholds. `minOverall` needs the
 * judge: it never falls back to the rule score, and a judge error on any
 * of an agent's tasks fails it, naming the tasks, since the overall score
 * then rests on scores nobody produced.
 */
export function applyGate(rows: readonly AgentRow[], records: readonly TaskRecord[], gate: Gate): Pick<GateResult, 'passed' | 'failures'> {
  const failures: string[] = []
  for (const row of rows) {
    if (gate.minOverall !== undefined) failures.push(...overallFailures(row, records, gate.minOverall))
    if (gate.minRuleScore !== undefined && (row.ruleScore ?? 0) < gate.minRuleScore) {
      failures.push(`${row.agent}: rule score ${percent(row.ruleScore)} is below ${percent(gate.minRuleScore)}`)
    }
    if (gate.minPassRate !== undefined && (row.passRate ?? 0) < gate.minPassRate) {
      failures.push(`${row.agent}: pass rate ${percent(row.passRate)} is below ${percent(gate.minPassRate)}`)
    }
    if (gate.isolation !== undefined && !(row.isolation && holdsAtLeast(row.isolation, gate.isolation))) {
      failures.push(`${row.agent}: held as ${row.isolation ?? 'unknown (no task ran)'}, less than the gate's isolation: ${gate.isolation}`)
    }
  }
  return { passed: failures.length === 0, failures }
}

function overallFailures(row: AgentRow, records: readonly TaskRecord[], min: number): string[] {
  if (!row.judge.configured) {
    return [
      `${row.agent}: minOverall needs judge scores, but no judge was configured (set MCP_BENCH_JUDGE_MODEL or the judge option; minRuleScore gates on the rules alone)`,
    ]
  }
  const unjudged = records.filter((r) => r.agent === row.agent && r.errorPhase === 'judge')
  if (unjudged.length) {
    const named = unjudged.slice(0, 5).map((r) => `${r.id}${r.trial > 1 ? ` #${r.trial}` : ''} (${r.error ?? 'judge error'})`)
    const more = unjudged.length > 5 ? `, and ${unjudged.length - 5} more` : ''
    return [
      `${row.agent}: the judge failed on ${unjudged.length} task${unjudged.length === 1 ? '' : 's'}, so its overall score cannot be trusted: ${named.join('; ')}${more}`,
    ]
  }
  if ((row.overallScore ?? 0) < min) return [`${row.agent}: overall score ${percent(row.overallScore)} is below ${percent(min)}`]
  return []
}
