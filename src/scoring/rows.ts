import { MCP_BENCH_DIMENSIONS } from '../contracts/rubric.ts'
import { ISOLATION_ORDER } from '../contracts/isolation.ts'
import type { PromptSource } from '../contracts/fidelity.ts'
import { judgeCategories, overallScore, ruleScore, schemaUnderstanding } from './formulas.ts'
import { ratio, weightedMean } from '../stats/means.ts'
import { wilsonInterval } from '../stats/wilson.ts'
import {
  AGENTBENCH_CATEGORIES,
  CallShapeSchema,
  TierSchema,
  type AgentBenchCategory,
  type AgentRow,
  type PassSummary,
  type SettingSummary,
  type TaskRecord,
  type TrialSummary,
} from '../contracts/leaderboard.ts'
import { RunCosts } from './run-costs.ts'
import { isMultiServer, type Domains, type SubDimensions } from './task-scores.ts'

/**
 * Leaderboard rows from task records: MCP-Bench's single-server,
 * multi-server and combined tables (Tables 3–5), MCP-AgentBench's six
 * categories, tiers, trials and run statistics. Every formula comes from
 * formulas.ts and src/stats/. One pass over the records feeds every column of every agent
 * (RowAccumulator): at 100k records, a filter or map per column costs more
 * in copying and garbage collection than the sums themselves. Each sum
 * still runs in record order, so the figures are those of a mean over the
 * filtered records, to the last bit.
 */
export function agentRows(records: readonly TaskRecord[]): AgentRow[] {
  const byAgent = new Map<string, RowAccumulator>()
  for (const r of records) {
    let row = byAgent.get(r.agent)
    if (!row) byAgent.set(r.agent, (row = new RowAccumulator()))
    row.add(r)
  }
  const rows = [...byAgent].map(([agent, row]) => row.row(agent))
  const key = (a: AgentRow) => [a.overallScore ?? -1, a.ruleScore ?? -1, a.passRate ?? -1]
  return rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    return y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]! || a.agent.localeCompare(b.agent)
  })
}

const TIERS = TierSchema.options
const SHAPES = CallShapeSchema.options

/** Records that count in an agent's scores: everything but tasks that could not start. */
export function counted(records: readonly TaskRecord[]): TaskRecord[] {
  return records.filter((r) => r.status !== 'setup-error')
}

/** One tier's columns: its pass counts, MCP-Bench's columns per setting, and its goals. */
interface TierAccumulator {
  pass: PassCounter
  single: SettingAccumulator
  multi: SettingAccumulator
  goals: GoalCounter
}

/** Every column of one agent's row, fed one record at a time. */
class RowAccumulator {
  private all = 0
  private variant: string | undefined
  private readonly isolations = new Set<NonNullable<TaskRecord['isolation']>>()
  private readonly pass = new PassCounter()
  private readonly single = new SettingAccumulator()
  private readonly multi = new SettingAccumulator()
  /** MCP-Bench's own averaging: the tasks that ran to completion (not errored). */
  private readonly completedSingle = new SettingAccumulator()
  private readonly completedMulti = new SettingAccumulator()
  /** Both settings together, one plain mean per column: results_aggregator.py's averaging of the completed tasks. */
  private readonly completedAll = new SettingAccumulator()
  /** dependencyOrder, callPrecision, callRecall, callF1. */
  private readonly callMetrics = new RunningMeans(4)
  /** In AGENTBENCH_CATEGORIES order: single-server × SHAPES, then multi-server × SHAPES. */
  private readonly categories = AGENTBENCH_CATEGORIES.map(() => new PassCounter())
  private uncategorized = 0
  private readonly tiers = new Map<string, TierAccumulator>(
    TIERS.map((t) => [
      t,
      {
        pass: new PassCounter(),
        single: new SettingAccumulator(),
        multi: new SettingAccumulator(),
        goals: new GoalCounter(),
      },
    ]),
  )
  private judgeConfigured = false
  /** The fidelities the row's tasks ran under (null: the project's own), and whose prompts its rubric judge was sent. */
  private readonly modes = new Set<TaskRecord['fidelity'] & {}>()
  private projectMode = false
  private readonly judgePrompts = new Set<string>()
  private readonly plannerPrompts = new Set<string>()
  private judged = 0
  private judgeErrors = 0
  private readonly goals = new GoalCounter()
  private readonly trials = new TrialCounter()
  private rounds = 0
  private toolCalls = 0
  private tokens = 0
  private durationMs = 0
  private readonly costs = new RunCosts()

  add(r: TaskRecord): void {
    this.all++
    this.variant ??= r.variant
    if (r.isolation) this.isolations.add(r.isolation)
    if (r.status === 'setup-error') return // counted as a setup error, nowhere else in the row
    const multi = isMultiServer(r.servers)
    this.pass.add(r)
    ;(multi ? this.multi : this.single).add(r)
    if (r.status !== 'errored') {
      ;(multi ? this.completedMulti : this.completedSingle).add(r)
      this.completedAll.add(r)
    }
    const m = r.metrics
    this.callMetrics.add(0, m.dependencyOrder)
    this.callMetrics.add(1, m.callPrecision)
    this.callMetrics.add(2, m.callRecall)
    this.callMetrics.add(3, m.callF1)
    // As categoryOf(): null without a shape, else `${single|multi}-server/${shape}`.
    if (!r.shape) this.uncategorized++
    else {
      const shape = SHAPES.indexOf(r.shape)
      if (shape >= 0) this.categories[(multi ? SHAPES.length : 0) + shape]!.add(r)
    }
    const tier = this.tiers.get(r.tier)
    if (tier) {
      tier.pass.add(r)
      ;(multi ? tier.multi : tier.single).add(r)
      tier.goals.add(r)
    }
    if (r.fidelity) this.modes.add(r.fidelity)
    else this.projectMode = true
    if (r.judge?.kind === 'rubric') this.judgePrompts.add(r.judge.prompt ?? 'project')
    if (r.plannerPrompt) this.plannerPrompts.add(r.plannerPrompt)
    if (r.judgeConfigured) this.judgeConfigured = true
    if (r.judge?.kind === 'rubric' || r.judge?.kind === 'pass-fail') this.judged++
    if (r.errorPhase === 'judge') this.judgeErrors++
    this.goals.add(r)
    this.trials.add(r)
    this.rounds += r.rounds
    this.toolCalls += m.toolCalls
    this.tokens += r.tokens.total
    this.durationMs += r.durationMs
    this.costs.add(r)
  }

  private fidelity(): NonNullable<AgentRow['fidelity']> {
    const mode = this.modes.size + (this.projectMode ? 1 : 0) > 1 ? ('mixed' as const) : ([...this.modes][0] ?? null)
    const one = (set: ReadonlySet<string>) => (set.size > 1 ? ('mixed' as const) : (([...set][0] as PromptSource | undefined) ?? null))
    return {
      mode,
      headline: mode === 'released-code' ? 'completed-plain-mean' : 'setting-weighted',
      judgePrompt: one(this.judgePrompts),
      plannerPrompt: one(this.plannerPrompts),
    }
  }

  row(agent: string): AgentRow {
    const single = this.single.summary()
    const multi = this.multi.summary()
    const overall = combineSettings([single, multi])
    const completed = combineSettings([this.completedSingle.summary(), this.completedMulti.summary()])
    const completedPlain = this.completedAll.summary()
    const fidelity = this.fidelity()
    // The headline per mode: MCP-Bench's aggregator under released-code, Table 3 otherwise.
    const headline = fidelity.headline === 'completed-plain-mean' ? completedPlain : overall
    const pass = this.pass.summary()
    const n = pass.tasks
    const avg = (sum: number) => (n ? sum / n : 0)
    return {
      agent,
      ...(this.variant === undefined ? {} : { variant: this.variant }),
      // The weakest isolation any task ran under is the row's: one unisolated task makes the row unisolated.
      isolation: ISOLATION_ORDER.find((i) => this.isolations.has(i)) ?? null,
      ...pass,
      setupErrors: this.all - n,
      single,
      multi,
      overall,
      overallScore: headline.overall,
      ruleScore: headline.ruleScore,
      fidelity,
      metrics: {
        validToolNameRate: overall.metrics.validToolNameRate,
        schemaCompliance: overall.metrics.schemaCompliance,
        executionSuccess: overall.metrics.executionSuccess,
        dependencyOrder: this.callMetrics.mean(0),
        callPrecision: this.callMetrics.mean(1),
        callRecall: this.callMetrics.mean(2),
        callF1: this.callMetrics.mean(3),
      },
      completedOnly: {
        tasks: completed.tasks,
        ruleScore: completed.ruleScore,
        overallScore: completed.overall,
        domains: completed.domains,
        metrics: completedPlain.metrics,
        dimensions: completedPlain.dimensions,
      },
      categories: Object.fromEntries(AGENTBENCH_CATEGORIES.map((c, i) => [c, this.categories[i]!.summary()])) as Record<
        AgentBenchCategory,
        PassSummary
      >,
      uncategorized: this.uncategorized,
      tiers: Object.fromEntries(
        TIERS.map((tier) => {
          const t = this.tiers.get(tier)!
          const s = combineSettings([t.single.summary(), t.multi.summary()])
          return [tier, { ...t.pass.summary(), overallScore: s.overall, ruleScore: s.ruleScore, goalsMet: t.goals.share() }]
        }),
      ) as AgentRow['tiers'],
      judge: { configured: this.judgeConfigured, judged: this.judged, errors: this.judgeErrors },
      goalsMet: this.goals.share(),
      trials: this.trials.summary(),
      avgRounds: avg(this.rounds),
      avgToolCalls: avg(this.toolCalls),
      avgTokens: avg(this.tokens),
      avgDurationMs: avg(this.durationMs),
      tokens: this.costs.tokens(),
      cost: this.costs.cost(),
      latency: this.costs.latency(),
    }
  }
}

/** What a pass count reads of a record (the progress display's records hold only this much of a judge result). */
export type PassInput = Pick<TaskRecord, 'status'> & { judge: { kind: string; pass?: boolean } | null }

/** passSummary() fed one record at a time. */
export class PassCounter {
  private readonly n = { passed: 0, failed: 0, errored: 0, unscored: 0 }
  private judgedPassFail = 0
  private judgePassed = 0

  add(r: PassInput): void {
    if (r.status !== 'setup-error') this.n[r.status]++
    if (r.judge?.kind === 'pass-fail') {
      this.judgedPassFail++
      if (r.judge.pass) this.judgePassed++
    }
  }

  summary(): PassSummary {
    const n = this.n
    const decided = n.passed + n.failed + n.errored
    return {
      tasks: decided + n.unscored,
      ...n,
      passRate: ratio(n.passed, decided),
      passRateInterval: wilsonInterval(n.passed, decided),
      judgePassed: this.judgePassed,
      judgePassRate: ratio(this.judgePassed, this.judgedPassFail),
    }
  }
}

/** settingSummary() fed one record at a time, without intermediate arrays. Same order of addition as mean(), so the same figures. */
class SettingAccumulator {
  private tasks = 0
  private judged = 0
  private readonly metrics = new RunningMeans(3)
  private readonly dimensions = new RunningMeans(MCP_BENCH_DIMENSIONS.length)

  add(r: TaskRecord): void {
    this.tasks++
    this.metrics.add(0, r.metrics.validToolNameRate)
    this.metrics.add(1, r.metrics.schemaCompliance)
    this.metrics.add(2, r.metrics.executionSuccess)
    const d = r.scores.dimensions
    for (let k = 0; k < MCP_BENCH_DIMENSIONS.length; k++) this.dimensions.add(k, d[MCP_BENCH_DIMENSIONS[k]!])
    if (r.judge?.kind === 'rubric') this.judged++
  }

  summary(): SettingSummary {
    const metrics = this.metrics
    return finish(
      this.tasks,
      this.judged,
      { validToolNameRate: metrics.mean(0), schemaCompliance: metrics.mean(1), executionSuccess: metrics.mean(2) },
      Object.fromEntries(MCP_BENCH_DIMENSIONS.map((k, i) => [k, this.dimensions.mean(i)])) as SubDimensions,
    )
  }
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
function combineSettings(settings: readonly SettingSummary[]): SettingSummary {
  const col = (pick: (s: SettingSummary) => number | null) => weightedMean(settings.map((s) => ({ value: pick(s), weight: s.tasks })))
  const metrics = {
    validToolNameRate: col((s) => s.metrics.validToolNameRate),
    schemaCompliance: col((s) => s.metrics.schemaCompliance),
    executionSuccess: col((s) => s.metrics.executionSuccess),
  }
  const dimensions = Object.fromEntries(MCP_BENCH_DIMENSIONS.map((k) => [k, col((s) => s.dimensions[k])])) as SubDimensions
  return finish(
    settings.reduce((n, s) => n + s.tasks, 0),
    settings.reduce((n, s) => n + s.judged, 0),
    metrics,
    dimensions,
  )
}

function finish(tasks: number, judged: number, metrics: SettingSummary['metrics'], dimensions: SubDimensions): SettingSummary {
  const domains: Domains = { schemaUnderstanding: schemaUnderstanding(metrics), ...judgeCategories(dimensions, 1) }
  return { tasks, judged, metrics, dimensions, domains, overall: overallScore(domains), ruleScore: ruleScore(metrics) }
}

/** Share of goals met over the records with facts. */
class GoalCounter {
  private met = 0
  private total = 0

  add(r: TaskRecord): void {
    if (!r.goals) return
    this.met += r.goals.met
    this.total += r.goals.total
  }

  share(): number | null {
    return ratio(this.met, this.total)
  }
}

/** pass^k and pass@k over repeated runs; null for a single run, which says nothing about consistency. */
export function summariseTrials(records: readonly Pick<TaskRecord, 'id' | 'trial' | 'status'>[]): TrialSummary | null {
  const counter = new TrialCounter()
  for (const r of records) counter.add(r)
  return counter.summary()
}

/** Each task's decided runs (unscored tasks and setup errors take no part), and whether all or any of them passed. */
class TrialCounter {
  private trials = 0
  private readonly slot = new Map<string, number>()
  private readonly runs: number[] = []
  private readonly allPassed: boolean[] = []
  private readonly anyPassed: boolean[] = []

  add(r: Pick<TaskRecord, 'id' | 'trial' | 'status'>): void {
    if (r.status === 'unscored' || r.status === 'setup-error') return
    this.trials = Math.max(this.trials, r.trial)
    const passed = r.status === 'passed'
    const i = this.slot.get(r.id)
    if (i === undefined) {
      this.slot.set(r.id, this.runs.length)
      this.runs.push(1)
      this.allPassed.push(passed)
      this.anyPassed.push(passed)
    } else {
      this.runs[i]!++
      if (passed) this.anyPassed[i] = true
      else this.allPassed[i] = false
    }
  }

  summary(): TrialSummary | null {
    const trials = this.trials
    if (trials < 2) return null
    const tasks = this.runs.length
    let all = 0
    let any = 0
    for (let i = 0; i < tasks; i++) {
      if (this.runs[i] === trials && this.allPassed[i]) all++
      if (this.anyPassed[i]) any++
    }
    return { trials, tasks, passAll: all / tasks, passAny: any / tasks }
  }
}
