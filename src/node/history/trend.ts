import type { Domains } from '../../scoring/task-scores.ts'
import type { HistoryAgent, HistoryRecord } from '../../contracts/history.ts'
import { holdsAtLeast, isolationLabel } from '../../contracts/isolation.ts'

/** One agent in one recorded run: a point of its trend. */
export interface TrendPoint {
  runId: string
  generatedAt: string
  commit: string | null
  branch: string | null
  /** What makes this run's numbers partial or unusual ("interrupted", "shard 1/4", "gate failed"), empty when nothing does. */
  notes: string[]
  tasks: number
  passRate: number | null
  passRateInterval: [number, number] | null
  /** Pass rate minus the previous point's, when both have one. */
  passRateChange: number | null
  ruleScore: number | null
  overallScore: number | null
  domains: Domains
  tiers: HistoryAgent['tiers']
  avgTokens: number
}

export interface AgentTrend {
  agent: string
  points: TrendPoint[]
}

export interface TrendOptions {
  /** Only this agent. */
  agent?: string
  /** Only each agent's last N runs. */
  last?: number
}

/** The trend of every agent (or one) over the records, oldest first, in order of each agent's first appearance. */
export function agentTrends(records: readonly HistoryRecord[], options: TrendOptions = {}): AgentTrend[] {
  const byAgent = new Map<string, TrendPoint[]>()
  for (const record of records) {
    for (const a of record.agents) {
      if (options.agent !== undefined && a.agent !== options.agent) continue
      const points = byAgent.get(a.agent) ?? []
      const previous = points.at(-1)
      points.push({
        runId: record.runId,
        generatedAt: record.generatedAt,
        commit: record.git?.commit ?? null,
        branch: record.git?.branch ?? null,
        // A row held less than the sandbox is not comparable with its neighbours: the note says so.
        notes: [
          ...runNotes(record),
          ...(a.isolation && !holdsAtLeast(a.isolation, 'sandbox') ? [`held as ${isolationLabel(a.isolation)}`] : []),
        ],
        tasks: a.tasks,
        passRate: a.passRate,
        passRateInterval: a.passRateInterval,
        passRateChange: previous?.passRate != null && a.passRate !== null ? a.passRate - previous.passRate : null,
        ruleScore: a.ruleScore,
        overallScore: a.overallScore,
        domains: a.domains,
        tiers: a.tiers,
        avgTokens: a.avgTokens,
      })
      byAgent.set(a.agent, points)
    }
  }
  return [...byAgent].map(([agent, points]) => ({ agent, points: options.last ? points.slice(-options.last) : points }))
}

/** Every agent name in the records, in order of first appearance. */
export function historyAgents(records: readonly HistoryRecord[]): string[] {
  return [...new Set(records.flatMap((r) => r.agents.map((a) => a.agent)))]
}

function runNotes(record: HistoryRecord): string[] {
  const notes: string[] = []
  if (record.shard) notes.push(`shard ${record.shard.index}/${record.shard.count}`)
  if (record.interrupted) notes.push(`interrupted (${record.unfinished} unfinished)`)
  if (record.gate.applied && !record.gate.passed) notes.push('gate failed')
  return notes
}
