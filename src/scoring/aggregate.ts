import * as z from 'zod'
import { JudgeResultSchema, mcpBenchDimensions, type JudgeResult } from '../judge/schema.ts'
import { MCP_BENCH_DIMENSIONS } from '../judge/rubric.ts'
import {
  judgeCategories,
  mean,
  overallScore,
  ratio,
  ruleScore,
  schemaUnderstanding,
  weightedMean,
  wilsonInterval,
  type Domains,
  type McpBenchSubDimensions,
  type RuleMetrics,
} from './formulas.ts'
import { AGENTBENCH_CATEGORIES, type AgentScoresSchema, type CategorySummarySchema, type SettingSummarySchema } from './schema.ts'

/**
 * Aggregation of per-task records into per-agent leaderboards: MCP-Bench's
 * single-server / multi-server / overall tables (Tables 3–5) and
 * MCP-AgentBench's pass rates in its six categories.
 */

export const TaskRecordSchema = z.object({
  agent: z.string(),
  servers: z.array(z.string()),
  shape: z.enum(['single', 'parallel', 'sequential']).nullable(),
  status: z.enum(['passed', 'failed', 'errored']),
  metrics: z.object({
    validToolNameRate: z.number().min(0).max(1).nullable(),
    schemaCompliance: z.number().min(0).max(1).nullable(),
    executionSuccess: z.number().min(0).max(1).nullable(),
  }),
  judge: JudgeResultSchema.nullable(),
})
export type TaskRecord = z.infer<typeof TaskRecordSchema>

export type Setting = 'single' | 'multi'
export type AgentBenchCategory = (typeof AGENTBENCH_CATEGORIES)[number]
export type SettingSummary = z.infer<typeof SettingSummarySchema>
export type CategorySummary = z.infer<typeof CategorySummarySchema>
export type AgentSummary = z.infer<typeof AgentScoresSchema>

export function settingOf(record: Pick<TaskRecord, 'servers'>): Setting {
  return new Set(record.servers).size > 1 ? 'multi' : 'single'
}

export function categoryOf(record: Pick<TaskRecord, 'servers' | 'shape'>): AgentBenchCategory | null {
  return record.shape ? `${settingOf(record)}-server/${record.shape}` : null
}

/** Sub-dimensions of a record's MCP-Bench judgement, 0–1; nulls without one. */
function normalisedDimensions(judge: JudgeResult | null): McpBenchSubDimensions {
  const d = mcpBenchDimensions(judge)
  const scaleMax = judge?.kind === 'rubric' ? judge.scale.max : 10
  return Object.fromEntries(MCP_BENCH_DIMENSIONS.map((k) => [k, d[k] === null ? null : d[k] / scaleMax])) as unknown as McpBenchSubDimensions
}

function finish(tasks: number, judged: number, metrics: RuleMetrics, dimensions: McpBenchSubDimensions): SettingSummary {
  // dimensions are 0–1 here, so categories use scaleMax 1
  const domains: Domains = { schemaUnderstanding: schemaUnderstanding(metrics), ...judgeCategories(dimensions, 1) }
  return { tasks, judged, metrics, dimensions, domains, overall: overallScore(domains), ruleScore: ruleScore(metrics) }
}

/** One setting's columns: each metric and sub-dimension averaged over the records that have it. */
export function summariseSetting(records: readonly TaskRecord[]): SettingSummary {
  const dims = records.map((r) => normalisedDimensions(r.judge))
  const metrics: RuleMetrics = {
    validToolNameRate: mean(records.map((r) => r.metrics.validToolNameRate)),
    schemaCompliance: mean(records.map((r) => r.metrics.schemaCompliance)),
    executionSuccess: mean(records.map((r) => r.metrics.executionSuccess)),
  }
  const dimensions = Object.fromEntries(MCP_BENCH_DIMENSIONS.map((k) => [k, mean(dims.map((d) => d[k]))])) as unknown as McpBenchSubDimensions
  const judged = dims.filter((d) => MCP_BENCH_DIMENSIONS.some((k) => d[k] !== null)).length
  return finish(records.length, judged, metrics, dimensions)
}

/** Table 3: each column is the task-count-weighted mean of the settings' columns (settings lacking the column are left out). */
export function combineSettings(settings: readonly SettingSummary[]): SettingSummary {
  const col = (pick: (s: SettingSummary) => number | null) => weightedMean(settings.map((s) => ({ value: pick(s), weight: s.tasks })))
  const metrics: RuleMetrics = {
    validToolNameRate: col((s) => s.metrics.validToolNameRate),
    schemaCompliance: col((s) => s.metrics.schemaCompliance),
    executionSuccess: col((s) => s.metrics.executionSuccess),
  }
  const dimensions = Object.fromEntries(MCP_BENCH_DIMENSIONS.map((k) => [k, col((s) => s.dimensions[k])])) as unknown as McpBenchSubDimensions
  return finish(
    settings.reduce((n, s) => n + s.tasks, 0),
    settings.reduce((n, s) => n + s.judged, 0),
    metrics,
    dimensions,
  )
}

function summariseCategory(records: readonly TaskRecord[]): CategorySummary {
  const passed = records.filter((r) => r.status === 'passed').length
  const failed = records.filter((r) => r.status === 'failed').length
  const errored = records.filter((r) => r.status === 'errored').length
  const pf = records.flatMap((r) => (r.judge?.kind === 'pass-fail' ? [r.judge.pass] : []))
  return {
    tasks: records.length,
    passed,
    failed,
    errored,
    passRate: ratio(passed, records.length),
    judged: pf.length,
    judgePassRate: ratio(pf.filter(Boolean).length, pf.length),
  }
}

/** Per-agent summaries, in order of first appearance. */
export function aggregate(records: readonly TaskRecord[]): AgentSummary[] {
  const byAgent = new Map<string, TaskRecord[]>()
  for (const r of records) byAgent.set(r.agent, [...(byAgent.get(r.agent) ?? []), r])
  return [...byAgent.entries()].map(([agent, rs]) => summariseAgent(agent, rs))
}

export function summariseAgent(agent: string, records: readonly TaskRecord[]): AgentSummary {
  const single = summariseSetting(records.filter((r) => settingOf(r) === 'single'))
  const multi = summariseSetting(records.filter((r) => settingOf(r) === 'multi'))
  const all = summariseCategory(records)
  const categories = Object.fromEntries(
    AGENTBENCH_CATEGORIES.map((c) => [c, summariseCategory(records.filter((r) => categoryOf(r) === c))]),
  ) as Record<AgentBenchCategory, CategorySummary>
  return {
    agent,
    tasks: records.length,
    passed: all.passed,
    failed: all.failed,
    errored: all.errored,
    passRate: all.passRate,
    passRateInterval: wilsonInterval(all.passed, records.length),
    single,
    multi,
    overall: combineSettings([single, multi]),
    categories,
    uncategorized: records.filter((r) => categoryOf(r) === null).length,
    judge: {
      rubric: records.filter((r) => r.judge?.kind === 'rubric').length,
      passFail: records.filter((r) => r.judge?.kind === 'pass-fail').length,
      notJudged: records.filter((r) => r.judge?.kind === 'not-judged').length,
      errors: records.filter((r) => r.judge?.kind === 'error').length,
      none: records.filter((r) => r.judge === null).length,
    },
  }
}

/** Per-task scores (the same formulas, for one record). */
export function scoreTask(record: Pick<TaskRecord, 'metrics' | 'judge'>): {
  dimensions: McpBenchSubDimensions
  domains: Domains
  overall: number | null
  ruleScore: number | null
} {
  const s = finish(1, 0, record.metrics, normalisedDimensions(record.judge))
  return { dimensions: s.dimensions, domains: s.domains, overall: s.overall, ruleScore: s.ruleScore }
}
