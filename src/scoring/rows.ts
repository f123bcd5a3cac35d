import { MCP_BENCH_DIMENSIONS } from '../judge/rubric.ts'
import { judgeCategories, mean, overallScore, ratio, ruleScore, schemaUnderstanding, weightedMean, wilsonInterval } from './formulas.ts'
import {
  AGENTBENCH_CATEGORIES,
  TierSchema,
  type AgentBenchCategory,
  type AgentRow,
  type PassSummary,
  type SettingSummary,
  type TaskRecord,
  type TrialSummary,
} from './schema.ts'
import { costSummary, latencySummary, tokenSums } from './run-costs.ts'
import { categoryOf, isMultiServer, type Domains, type SubDimensions } from './task-scores.ts'

/**
 * Leaderboard rows from task records: MCP-Bench's single-server,
 * multi-server and combined tables (Tables 3–5), MCP-AgentBench's six
 * categories, tiers, trials and run statistics. Every formula comes from
 * formulas.ts; grouping is linear in the number of records.
 */
export function agentRows(records: readonly TaskRecord[]): AgentRow[] {
  const rows = [...groupBy(records, (r) => r.agent)].map(([agent, rs]) => agentRow(agent, rs))
  const key = (a: AgentRow) => [a.overallScore ?? -1, a.ruleScore ?? -1, a.passRate ?? -1]
  return rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    return y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]! || a.agent.localeCompare(b.agent)
  })
}

const TIERS = TierSchema.options

/** Records that count in an agent's scores: everything but tasks that could not start. */
export function counted(records: readonly TaskRecord[]): TaskRecord[] {
  return records.filter((r) => r.status !== 'setup-error')
}

function agentRow(agent: string, all: readonly TaskRecord[]): AgentRow {
  const rs = counted(all)
  const single = settingSummary(rs.filter((r) => !isMultiServer(r.servers)))
  const multi = settingSummary(rs.filter((r) => isMultiServer(r.servers)))
  const overall = combineSettings([single, multi])
  const completed = combinedSummary(rs.filter((r) => r.status !== 'errored'))
  const avg = (f: (r: TaskRecord) => number) => (rs.length ? rs.reduce((a, r) => a + f(r), 0) / rs.length : 0)
  const byCategory = groupBy(rs, (r) => categoryOf(r.servers, r.shape))
  const byTier = groupBy(rs, (r) => r.tier)
  return {
    agent,
    ...passSummary(rs),
    setupErrors: all.length - rs.length,
    single,
    multi,
    overall,
    overallScore: overall.overall,
    ruleScore: overall.ruleScore,
    metrics: {
      validToolNameRate: overall.metrics.validToolNameRate,
      schemaCompliance: overall.metrics.schemaCompliance,
      executionSuccess: overall.metrics.executionSuccess,
      dependencyOrder: mean(rs.map((r) => r.metrics.dependencyOrder)),
      callPrecision: mean(rs.map((r) => r.metrics.callPrecision)),
      callRecall: mean(rs.map((r) => r.metrics.callRecall)),
      callF1: mean(rs.map((r) => r.metrics.callF1)),
    },
    completedOnly: { tasks: completed.tasks, ruleScore: completed.ruleScore, overallScore: completed.overall, domains: completed.domains },
    categories: Object.fromEntries(AGENTBENCH_CATEGORIES.map((c) => [c, passSummary(byCategory.get(c) ?? [])])) as Record<AgentBenchCategory, PassSummary>,
    uncategorized: byCategory.get(null)?.length ?? 0,
    tiers: Object.fromEntries(TIERS.map((tier) => {
      const trs = byTier.get(tier) ?? []
      const s = combinedSummary(trs)
      return [tier, { ...passSummary(trs), overallScore: s.overall, ruleScore: s.ruleScore, goalsMet: goalShare(trs) }]
    })) as AgentRow['tiers'],
    judge: {
      configured: rs.some((r) => r.judgeConfigured),
      judged: rs.filter((r) => r.judge?.kind === 'rubric' || r.judge?.kind === 'pass-fail').length,
      errors: rs.filter((r) => r.errorPhase === 'judge').length,
    },
    goalsMet: goalShare(rs),
    trials: summariseTrials(rs),
    avgRounds: avg((r) => r.rounds),
    avgToolCalls: avg((r) => r.metrics.toolCalls),
    avgTokens: avg((r) => r.tokens.total),
    avgDurationMs: avg((r) => r.durationMs),
    tokens: tokenSums(rs),
    cost: costSummary(rs),
    latency: latencySummary(rs),
  }
}

/** Pass counts and rate. Unscored tasks are counted but take no part in the rate. */
export function passSummary(records: readonly TaskRecord[]): PassSummary {
  const n = { passed: 0, failed: 0, errored: 0, unscored: 0 }
  let judgedPassFail = 0
  let judgePassed = 0
  for (const r of records) {
    if (r.status !== 'setup-error') n[r.status]++
    if (r.judge?.kind === 'pass-fail') {
      judgedPassFail++
      if (r.judge.pass) judgePassed++
    }
  }
  const decided = n.passed + n.failed + n.errored
  return {
    tasks: decided + n.unscored,
    ...n,
    passRate: ratio(n.passed, decided),
    passRateInterval: wilsonInterval(n.passed, decided),
    judgePassed,
    judgePassRate: ratio(judgePassed, judgedPassFail),
  }
}

/** One setting's columns: each metric and sub-dimension averaged over the records that have it. */
export function settingSummary(records: readonly TaskRecord[]): SettingSummary {
  // One pass, no intermediate arrays: at 100k records the per-column maps and filters cost more in
  // garbage collection than the sums themselves. Same order of addition as mean(), so the same figures.
  const metrics = new RunningMeans(3)
  const dimensions = new RunningMeans(MCP_BENCH_DIMENSIONS.length)
  let judged = 0
  for (const r of records) {
    metrics.add(0, r.metrics.validToolNameRate)
    metrics.add(1, r.metrics.schemaCompliance)
    metrics.add(2, r.metrics.executionSuccess)
    const d = r.scores.dimensions
    for (let k = 0; k < MCP_BENCH_DIMENSIONS.length; k++) dimensions.add(k, d[MCP_BENCH_DIMENSIONS[k]!])
    if (r.judge?.kind === 'rubric') judged++
  }
  return finish(
    records.length,
    judged,
    { validToolNameRate: metrics.mean(0), schemaCompliance: metrics.mean(1), executionSuccess: metrics.mean(2) },
    Object.fromEntries(MCP_BENCH_DIMENSIONS.map((k, i) => [k, dimensions.mean(i)])) as SubDimensions,
  )
}

/** Column sums and counts for mean(): missing and non-finite values are skipped, as there. */
class RunningMeans {
  private readonly sums: Float64Array
  private readonly counts: Uint32Array

  constructor(columns: number) {
    this.sums = new Float64Array(columns)
    this.counts = new Uint32Array(columns)
  }

  add(column: number, value: number | null | undefined): void {
    if (value === null || value === undefined || !Number.isFinite(value)) return
    this.sums[column]! += value
    this.counts[column]!++
  }

  mean(column: number): number | null {
    return this.counts[column] === 0 ? null : this.sums[column]! / this.counts[column]!
  }
}

/** Table 3: each column is the task-count-weighted mean of the settings' columns (a setting lacking the column is left out). */
export function combineSettings(settings: readonly SettingSummary[]): SettingSummary {
  const col = (pick: (s: SettingSummary) => number | null) => weightedMean(settings.map((s) => ({ value: pick(s), weight: s.tasks })))
  const metrics = {
    validToolNameRate: col((s) => s.metrics.validToolNameRate),
    schemaCompliance: col((s) => s.metrics.schemaCompliance),
    executionSuccess: col((s) => s.metrics.executionSuccess),
  }
  const dimensions = Object.fromEntries(MCP_BENCH_DIMENSIONS.map((k) => [k, col((s) => s.dimensions[k])])) as SubDimensions
  return finish(settings.reduce((n, s) => n + s.tasks, 0), settings.reduce((n, s) => n + s.judged, 0), metrics, dimensions)
}

function combinedSummary(records: readonly TaskRecord[]): SettingSummary {
  return combineSettings([
    settingSummary(records.filter((r) => !isMultiServer(r.servers))),
    settingSummary(records.filter((r) => isMultiServer(r.servers))),
  ])
}

function finish(tasks: number, judged: number, metrics: SettingSummary['metrics'], dimensions: SubDimensions): SettingSummary {
  const domains: Domains = { schemaUnderstanding: schemaUnderstanding(metrics), ...judgeCategories(dimensions, 1) }
  return { tasks, judged, metrics, dimensions, domains, overall: overallScore(domains), ruleScore: ruleScore(metrics) }
}

function goalShare(records: readonly TaskRecord[]): number | null {
  let met = 0
  let total = 0
  for (const r of records) {
    if (!r.goals) continue
    met += r.goals.met
    total += r.goals.total
  }
  return ratio(met, total)
}

/** pass^k and pass@k over repeated runs; null for a single run, which says nothing about consistency. */
export function summariseTrials(records: readonly Pick<TaskRecord, 'id' | 'trial' | 'status'>[]): TrialSummary | null {
  const decided = records.filter((r) => r.status !== 'unscored' && r.status !== 'setup-error')
  const trials = decided.reduce((k, r) => Math.max(k, r.trial), 0)
  if (trials < 2) return null
  const outcomes = [...groupBy(decided, (r) => r.id).values()].map((rs) => rs.map((r) => r.status === 'passed'))
  return {
    trials,
    tasks: outcomes.length,
    passAll: outcomes.filter((o) => o.length === trials && o.every(Boolean)).length / outcomes.length,
    passAny: outcomes.filter((o) => o.some(Boolean)).length / outcomes.length,
  }
}

/** Groups in one pass, keeping first-appearance order. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.push(item)
    else groups.set(k, [item])
  }
  return groups
}
