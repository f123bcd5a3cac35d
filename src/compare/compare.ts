import * as z from 'zod'
import { MaxDropSchema, ToolMaxDropSchema } from '../contracts/compare.ts'
import { formatChange, formatLevel, formatRate, formatScore } from './format.ts'
import type { ComparableRecord, ComparableRun } from './compare-input.ts'
import {
  COMPARISON_SCHEMA_VERSION,
  METRIC_LABELS,
  SCORE_METRICS,
  TOOL_METRIC_LABELS,
  type ToolMetric,
  type AgentComparison,
  type ComparedMetric,
  type Comparison,
  type Drop,
  type Flip,
  type MetricComparison,
  type RegressionCheck,
  type RegressionResult,
  type ScoreMetric,
} from '../contracts/compare.ts'
import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES, twoSidedFor } from '../stats/paired.ts'
import { MIN_PAIRS_TO_TELL, TOO_FEW_MESSAGE, comparePassRates, compareScores } from './metric.ts'
import { pairRecords, type Pair } from './pairing.ts'
import { compareTools } from './tools.ts'
import { holdsAtLeast, ISOLATION_ORDER, type AgentIsolation } from '../contracts/isolation.ts'

/**
 * Two runs of the same suite, compared agent by agent: "is this PR worse
 * than main?". The statistics are in src/stats/paired.ts, one metric's verdict in metric.ts; this module pairs the
 * leaderboards' task records, lists what flipped and what fell, and decides
 * the baseline gate.
 */

const Seed = z.union([z.number().int().min(0).max(0xffffffff), z.string().min(1)])

const CompareOptionsSchema = z.object({
  /** Two-sided confidence of the intervals. */
  confidence: z.number().gt(0).lt(1).default(0.95),
  /** Seed of the bootstrap streams; each agent and metric draws its own stream from it. */
  seed: Seed.default(DEFAULT_BOOTSTRAP_SEED),
  resamples: z.number().int().min(100).max(10_000_000).default(DEFAULT_RESAMPLES),
  /** Fewer pairs than this for a metric: "too few paired tasks to tell". */
  minPairs: z.number().int().min(2).default(MIN_PAIRS_TO_TELL),
  /** Largest drops listed per score. */
  listLimit: z.number().int().positive().default(10),
})
export type CompareOptions = z.input<typeof CompareOptionsSchema>

/** A pass/fail verdict the pass rate counts: errored counts as not passed; setup errors and unscored tasks have none. */
function passVerdict(r: ComparableRecord): boolean | null {
  if (r.status === 'passed') return true
  if (r.status === 'failed' || r.status === 'errored') return false
  return null
}

/** A record's value of a score; a setup error is not the agent's doing, so it has none. */
function scoreOf(r: ComparableRecord, metric: ScoreMetric): number | null {
  if (r.status === 'setup-error') return null
  if (metric === 'overall') return r.scores.overall
  if (metric === 'ruleScore') return r.scores.ruleScore
  return r.scores.domains[metric]
}

const byTask = (a: { id: string; trial: number }, b: { id: string; trial: number }) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : a.trial - b.trial

function flipsOf(pairs: ReadonlyArray<Pair<ComparableRecord>>): AgentComparison['flips'] {
  const worse: Flip[] = []
  const better: Flip[] = []
  for (const p of pairs) {
    const b = passVerdict(p.base)
    const h = passVerdict(p.head)
    const flip = { id: p.id, trial: p.trial, base: p.base.status, head: p.head.status }
    if (b === true && h === false) worse.push(flip)
    else if (b === false && h === true) better.push(flip)
  }
  return { worse: worse.sort(byTask), better: better.sort(byTask) }
}

function dropsOf(pairs: ReadonlyArray<Pair<ComparableRecord>>, metric: ScoreMetric, limit: number): Drop[] {
  const drops: Drop[] = []
  for (const p of pairs) {
    const b = scoreOf(p.base, metric)
    const h = scoreOf(p.head, metric)
    if (b !== null && h !== null && h < b) drops.push({ id: p.id, trial: p.trial, base: b, head: h, difference: h - b })
  }
  return drops.sort((x, y) => x.difference - y.difference || byTask(x, y)).slice(0, limit)
}

/** Agents in the head run's order of appearance, then those only the base run has. */
/** The least-held tier of an agent's records in one run (null when none says). */
function weakestTier(tasks: readonly ComparableRecord[], agent: string): AgentIsolation | null {
  const tiers = new Set(tasks.filter((t) => t.agent === agent && t.isolation).map((t) => t.isolation!))
  return ISOLATION_ORDER.find((tier) => tiers.has(tier)) ?? null
}

const heldAlike = (tier: AgentIsolation) => (holdsAtLeast(tier, 'sandbox') ? 'sandbox' : tier)

/** Why two runs of an agent are not comparable for how their code was held, or null. */
export function isolationMismatch(a: Pick<AgentComparison, 'agent' | 'isolation'>): string | null {
  const { base, head } = a.isolation ?? { base: null, head: null }
  // The package's own agents and a sandboxed one are held alike: agent code in neither can reach the referee.
  if (!base || !head || heldAlike(base) === heldAlike(head)) return null
  return `${a.agent} was held as ${base} in base and ${head} in head: not comparable (agent code held less may have read the answers)`
}

function agentsOf(base: ComparableRun, head: ComparableRun): string[] {
  return [...new Set([...head.tasks.map((t) => t.agent), ...base.tasks.map((t) => t.agent)])]
}

/**
 * Compares two runs per agent: pass rate (exact McNemar, Newcombe interval),
 * overall, rule score and each domain (paired bootstrap), with the tasks that
 * flipped and the largest drops. Records pair by (id, agent, trial).
 */
export function compareRuns(base: ComparableRun, head: ComparableRun, options: CompareOptions = {}): Comparison {
  const settings = CompareOptionsSchema.parse(options)
  const { pairs, onlyInBase, onlyInHead } = pairRecords(base.tasks, head.tasks)
  const agents = agentsOf(base, head).map((agent): AgentComparison => {
    const mine = pairs.filter((p) => p.agent === agent)
    const scores = Object.fromEntries(
      SCORE_METRICS.map((metric) => [
        metric,
        compareScores(
          mine.map((p) => ({ base: scoreOf(p.base, metric), head: scoreOf(p.head, metric) })),
          // Each agent and metric has its own stream, so adding an agent or a metric changes no other number.
          { ...settings, seed: `${settings.seed}|${agent}|${metric}` },
        ),
      ]),
    ) as Record<ScoreMetric, MetricComparison>
    return {
      agent,
      pairs: mine.length,
      onlyInBase: onlyInBase.filter((r) => r.agent === agent).length,
      onlyInHead: onlyInHead.filter((r) => r.agent === agent).length,
      isolation: { base: weakestTier(base.tasks, agent), head: weakestTier(head.tasks, agent) },
      metrics: {
        passRate: comparePassRates(
          mine.map((p) => ({ base: passVerdict(p.base), head: passVerdict(p.head) })),
          settings,
        ),
        ...scores,
      },
      flips: flipsOf(mine),
      drops: Object.fromEntries(SCORE_METRICS.map((m) => [m, dropsOf(mine, m, settings.listLimit)])) as AgentComparison['drops'],
      // By tool and by server, when the records carry per-tool counts (boards written before them do not).
      ...(mine.some((p) => p.base.tools || p.head.tools) ? { tools: compareTools(agent, mine, settings) } : {}),
    }
  })
  const trials = Math.max(0, ...[...base.tasks, ...head.tasks].map((t) => t.trial))
  return { schemaVersion: COMPARISON_SCHEMA_VERSION, base: base.source, head: head.source, settings, trials, agents }
}

// ---------------------------------------------------------------------------
// The baseline gate

const RegressionOptionsSchema = z.object({
  maxDrop: MaxDropSchema.default({}),
  /** Largest drop of each tool's metrics (`mcp-bench compare` by tool), and of each server's. */
  maxDropPerTool: ToolMaxDropSchema.optional(),
  maxDropPerServer: ToolMaxDropSchema.optional(),
  /** One-sided confidence with which a drop must exceed maxDrop to fail the gate. */
  confidence: z.number().gt(0.5).lt(1).default(0.95),
  seed: Seed.default(DEFAULT_BOOTSTRAP_SEED),
  resamples: z.number().int().min(100).max(10_000_000).default(DEFAULT_RESAMPLES),
  minPairs: z.number().int().min(2).default(MIN_PAIRS_TO_TELL),
  /** What a metric with too few pairs does to the gate: it cannot show a regression ('pass'), or it blocks ('fail'). */
  tooFew: z.enum(['pass', 'fail']).default('pass'),
  /** Tasks named in a failure message. */
  worstTasks: z.number().int().positive().default(5),
})
export type RegressionOptions = z.input<typeof RegressionOptionsSchema>

const points = (x: number) => `${(x * 100).toFixed(1)} points`
const signedPoints = (x: number) => formatChange(x, 1, 100)
const signedScore = (x: number) => formatChange(x, 3)
const taskName = (t: { id: string; trial: number }, trials: boolean) => (trials ? `${t.id} #${t.trial}` : t.id)

/**
 * The baseline gate: for each agent and each metric in `maxDrop`, fails when
 * the drop (base − head) exceeds maxDrop with the given one-sided confidence,
 * that is when the one-sided upper confidence bound of head − base lies below
 * −maxDrop. A drop within noise never fails it, however large its point
 * estimate; a metric with too few pairs cannot fail it unless `tooFew: 'fail'`.
 */
export function regression(base: ComparableRun, head: ComparableRun, options: RegressionOptions): RegressionResult {
  const o = RegressionOptionsSchema.parse(options)
  // The upper end of the (2c − 1) two-sided interval is the one-sided bound at c.
  const twoSided = twoSidedFor(o.confidence)
  const comparison = compareRuns(base, head, {
    confidence: twoSided,
    seed: o.seed,
    resamples: o.resamples,
    minPairs: o.minPairs,
    listLimit: o.worstTasks,
  })
  const trials = comparison.trials > 1
  const checks: RegressionCheck[] = []
  for (const agent of comparison.agents) {
    for (const [metric, maxDrop] of Object.entries(o.maxDrop) as Array<[ComparedMetric, number | undefined]>) {
      if (maxDrop === undefined) continue
      const m = agent.metrics[metric]
      const worst =
        metric === 'passRate'
          ? agent.flips.worse.slice(0, o.worstTasks).map((f) => `${taskName(f, trials)} (${f.base} → ${f.head})`)
          : agent.drops[metric].map((d) => `${taskName(d, trials)} (${formatScore(d.base)} → ${formatScore(d.head)})`)
      checks.push(
        gateCheck(
          { agent: agent.agent, metric, label: METRIC_LABELS[metric], isRate: metric === 'passRate' },
          maxDrop,
          m,
          worst,
          o.confidence,
          twoSided,
          o.minPairs,
        ),
      )
    }
    checks.push(...toolChecks(agent, o, twoSided))
  }
  const failures = checks
    .filter((c) => c.verdict === 'regression' || (c.verdict === 'too-few' && o.tooFew === 'fail'))
    .map((c) => c.message)
  // A head held less than its baseline proves nothing against it, whatever its numbers.
  for (const agent of comparison.agents) {
    const { base: was, head: now } = agent.isolation ?? { base: null, head: null }
    if (was && now && !holdsAtLeast(heldAlike(now), heldAlike(was))) failures.push(isolationMismatch(agent)!)
  }
  return { passed: failures.length === 0, confidence: o.confidence, checks, failures }
}

/**
 * The per-tool and per-server checks of one agent: each tool (or server) the comparison measured, for each metric
 * the gate bounds. A tool too few tasks exercise is "too few to tell", as a row metric is; `tooFew: 'fail'` makes
 * those fail too, so it is best left at 'pass' unless every tool has ten tasks of its own.
 */
function toolChecks(agent: AgentComparison, o: z.infer<typeof RegressionOptionsSchema>, twoSided: number): RegressionCheck[] {
  const checks: RegressionCheck[] = []
  for (const compared of agent.tools ?? []) {
    const bounds = compared.scope === 'tool' ? o.maxDropPerTool : o.maxDropPerServer
    for (const [metric, maxDrop] of Object.entries(bounds ?? {}) as Array<[ToolMetric, number | undefined]>) {
      const m = compared.metrics[metric]
      // A tool none of whose tasks has a value of this metric (never planned, or never called) has nothing to check.
      if (maxDrop === undefined || m.pairs === 0) continue
      const scope = { kind: compared.scope, name: compared.name }
      const label = `${compared.scope} ${compared.name}: ${TOOL_METRIC_LABELS[metric]}`
      checks.push(gateCheck({ agent: agent.agent, metric, label, isRate: true, scope }, maxDrop, m, [], o.confidence, twoSided, o.minPairs))
    }
  }
  return checks
}

interface CheckedMetric {
  agent: string
  metric: ComparedMetric | ToolMetric
  /** How the message names it: "pass rate", "tool fs.read_file: recall". */
  label: string
  /** Shown in percent and its change in points (a rate or share), else as a score. */
  isRate: boolean
  scope?: RegressionCheck['scope']
}

function gateCheck(
  { agent, metric, label, isRate, scope }: CheckedMetric,
  maxDrop: number,
  m: MetricComparison,
  worst: string[],
  confidence: number,
  twoSided: number,
  minPairs: number,
): RegressionCheck {
  const level = formatLevel(confidence)
  const show = (x: number) => (isRate ? formatRate(x) : formatScore(x))
  const amount = isRate ? points : formatScore
  const signed = isRate ? signedPoints : signedScore
  const unit = isRate ? ' points' : ''
  const base = { agent, metric, ...(scope ? { scope } : {}), maxDrop, pairs: m.pairs, worst }
  if (m.verdict === 'too-few' || m.interval === null || m.difference === null) {
    return {
      ...base,
      verdict: 'too-few',
      drop: m.difference === null ? null : -m.difference,
      dropAtLeast: null,
      interval: null,
      message: `${agent}: ${label}: ${TOO_FEW_MESSAGE} (${m.pairs} paired, ${minPairs} needed${m.leftOut > 0 ? `; ${m.leftOut} left out without a value` : ''})`,
    }
  }
  // The comparison ran at 2c − 1, so the upper end of its interval is the one-sided bound at c.
  const dropAtLeast = -m.interval[1]
  const regressed = dropAtLeast > maxDrop
  const change = `${label} went from ${show(m.base!)} to ${show(m.head!)} (${signed(m.difference)}${unit} over ${m.pairs} paired tasks)`
  const interval = `${formatLevel(twoSided)} interval of the change: ${signed(m.interval[0])} to ${signed(m.interval[1])}${unit}`
  const message = regressed
    ? `${agent}: ${change}; with ${level} confidence it fell by at least ${amount(dropAtLeast)} (${interval}), more than the ${amount(maxDrop)} allowed.` +
      (worst.length > 0 ? ` Worst tasks: ${worst.join(', ')}.` : '')
    : `${agent}: ${change}; a drop of more than ${amount(maxDrop)} is not shown at ${level} confidence (${interval}).`
  return { ...base, verdict: regressed ? 'regression' : 'within', drop: -m.difference, dropAtLeast, interval: m.interval, message }
}
