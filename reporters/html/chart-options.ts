import type { EChartsOption } from 'echarts'
import type { AgentTrend } from '../../src/node/history/trend.ts'
import { MCP_BENCH_DIMENSIONS, type McpBenchDimension } from '../../src/contracts/rubric.ts'
import type { SettingPassRates } from '../../src/scoring/breakdowns.ts'
import { AGENTBENCH_CATEGORIES, type AgentRow } from '../../src/contracts/leaderboard.ts'
import { count } from '../../src/lib/text.ts'
import type { Confusion } from '../../src/contracts/tool-diagnostics.ts'
import type { ChartSize } from './echarts.ts'

/**
 * What each chart of the report shows, as ECharts options: pure functions of
 * the leaderboard's rows (and the run history), so they can be tested
 * without drawing. Every number comes from src/scoring; here it is only
 * scaled for display (rates to percent, 0–1 judge scores back to 1–10).
 */

export interface ChartDef {
  /** Stable id, the figure's `data-chart`. */
  id: string
  title: string
  /** One line under the chart: what it shows and how to read it. */
  note: string
  size: ChartSize
  option: EChartsOption
}

/** Okabe–Ito: told apart with every common colour-vision deficiency. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000']

const WIDTH = 560
const MISSING = '-' // ECharts' marker for a missing value: a gap, never a 0

const base = (): EChartsOption => ({
  color: PALETTE,
  backgroundColor: '#ffffff',
  // No quotes: ECharts writes the family into a double-quoted style attribute without escaping it.
  textStyle: { fontFamily: 'system-ui, -apple-system, Segoe UI, sans-serif', fontSize: 12 },
})

const pct = (v: number | null | undefined) => (v === null || v === undefined ? MISSING : round(v * 100, 1))
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits
const barHeight = (n: number, per: number) => 80 + n * per

/** Agents ranked as the leaderboard ranks them, pass rate drawn as its 95% Wilson interval (a band) and the estimate (a diamond). */
export function passRateRanking(agents: readonly AgentRow[]): ChartDef {
  const lower = agents.map((a) => (a.passRateInterval ? round(a.passRateInterval[0] * 100, 1) : MISSING))
  const width = agents.map((a) => (a.passRateInterval ? round((a.passRateInterval[1] - a.passRateInterval[0]) * 100, 1) : MISSING))
  return {
    id: 'pass-rate',
    title: 'Pass rate with 95% interval',
    note: 'Agents in leaderboard order. The band is the 95% Wilson interval: agents whose bands overlap are not clearly ranked.',
    ...agentBars(agents, 40, {
      legend: { top: 0, data: ['pass rate', '95% interval'] },
      xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: [
        // An invisible bar up to the interval's lower end, and the interval stacked on it: a floating band.
        { type: 'bar', stack: 'interval', data: lower, itemStyle: { color: 'transparent' }, silent: true, barWidth: 14 },
        {
          name: '95% interval',
          type: 'bar',
          stack: 'interval',
          data: width,
          itemStyle: { color: PALETTE[0], opacity: 0.28 },
          barWidth: 14,
        },
        {
          name: 'pass rate',
          type: 'scatter',
          symbol: 'diamond',
          symbolSize: 14,
          itemStyle: { color: PALETTE[0] },
          data: agents.map((a, i) => [pct(a.passRate), i]),
          label: { show: true, position: 'right', formatter: (p) => `${(p.value as number[])[0]}%` },
        },
      ],
    }),
  }
}

/** Overall score (MCP-Bench's four domains) and rule score per agent, in leaderboard order. */
export function scoreRanking(agents: readonly AgentRow[]): ChartDef {
  const series = (name: string, pick: (a: AgentRow) => number | null) => ({
    name,
    type: 'bar' as const,
    data: agents.map((a) => (pick(a) === null ? MISSING : round(pick(a)!, 3))),
    label: {
      show: true,
      position: 'right' as const,
      formatter: (p: { value: unknown }) => (typeof p.value === 'number' ? p.value.toFixed(3) : 'n/a'),
    },
  })
  return {
    id: 'scores',
    title: 'Overall and rule score',
    note: 'Overall = mean of the four MCP-Bench domains (needs a judge); rule score = schema understanding alone.',
    ...agentBars(agents, 48, {
      legend: { top: 0 },
      xAxis: { type: 'value', min: 0, max: 1 },
      series: [series('overall', (a) => a.overallScore), series('rule score', (a) => a.ruleScore)],
    }),
  }
}

/** A ranking's layout: one horizontal band per agent, in leaderboard order, `perAgent` pixels high, a legend on top. */
function agentBars(
  agents: readonly AgentRow[],
  perAgent: number,
  { legend, xAxis, series }: Pick<EChartsOption, 'legend' | 'xAxis' | 'series'>,
): Pick<ChartDef, 'size' | 'option'> {
  return {
    size: { width: WIDTH, height: barHeight(agents.length, perAgent) },
    option: {
      ...base(),
      legend,
      grid: { left: 8, right: 56, top: 32, bottom: 8, containLabel: true },
      xAxis,
      yAxis: { type: 'category', data: agents.map((a) => a.agent), inverse: true },
      series,
    },
  }
}

export const DIMENSION_LABELS: Record<McpBenchDimension, string> = {
  taskFulfillment: 'Task fulfillment',
  informationGrounding: 'Information grounding',
  toolAppropriateness: 'Tool appropriateness',
  parameterAccuracy: 'Parameter accuracy',
  dependencyAwareness: 'Dependency awareness',
  parallelismEfficiency: 'Parallelism & efficiency',
}

/** The six judge sub-dimensions per judged agent, on the rubric's 1–10 scale; null when no agent was judged. */
export function judgeDimensions(agents: readonly AgentRow[]): ChartDef | null {
  const judged = agents.filter((a) => a.overall.judged > 0)
  if (judged.length === 0) return null
  return {
    id: 'judge-dimensions',
    title: 'Judge: the six MCP-Bench dimensions',
    note: 'Mean score per sub-dimension (1–10) over the judged tasks of each agent.',
    size: { width: WIDTH, height: 380 },
    option: {
      ...base(),
      legend: { top: 0, data: judged.map((a) => a.agent) },
      radar: {
        center: ['50%', '56%'],
        radius: '62%',
        indicator: MCP_BENCH_DIMENSIONS.map((d) => ({ name: DIMENSION_LABELS[d], min: 0, max: 10 })),
      },
      series: [
        {
          type: 'radar',
          data: judged.map((a) => ({
            name: a.agent,
            value: MCP_BENCH_DIMENSIONS.map((d) => (a.overall.dimensions[d] === null ? MISSING : round(a.overall.dimensions[d]! * 10, 2))),
            areaStyle: { opacity: 0.12 },
          })),
        },
      ],
    },
  }
}

function groupedPassRates(
  id: string,
  title: string,
  note: string,
  groups: readonly string[],
  labels: readonly string[],
  series: Array<{ agent: string; rates: Array<number | null> }>,
): ChartDef {
  return {
    id,
    title,
    note,
    size: { width: WIDTH, height: 320 },
    option: {
      ...base(),
      legend: { top: 0, data: series.map((s) => s.agent) },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: [...labels], axisLabel: { interval: 0 } },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: series.map((s) => ({ name: s.agent, type: 'bar' as const, data: s.rates.map((r) => pct(r)) })),
    },
  }
}

/** Pass rate per MCP-AgentBench category (server count × call shape), one bar per agent; a category with no tasks is a gap. */
export function categoryPassRates(agents: readonly AgentRow[]): ChartDef {
  return groupedPassRates(
    'categories',
    'Pass rate per MCP-AgentBench category',
    'Single- or multi-server × single, parallel or sequential calls; a gap means no tasks in that category.',
    AGENTBENCH_CATEGORIES,
    AGENTBENCH_CATEGORIES.map((c) => c.replace('/', '\n')),
    agents.map((a) => ({
      agent: a.agent,
      rates: AGENTBENCH_CATEGORIES.map((c) => (a.categories[c].tasks > 0 ? a.categories[c].passRate : null)),
    })),
  )
}

/** Pass rate per MCP-Bench setting (how many servers a task uses), one bar per agent. */
export function settingPassRates(rates: readonly SettingPassRates[], settings: readonly string[]): ChartDef {
  return groupedPassRates(
    'settings',
    'Pass rate per setting',
    'Tasks grouped by how many servers they use (MCP-Bench’s settings).',
    settings,
    settings,
    rates.map((r) => ({ agent: r.agent, rates: settings.map((s) => r.settings.find((x) => x.setting === s)?.summary.passRate ?? null) })),
  )
}

/** A run on the history chart's axis: when, and at which commit. */
export interface HistoryRun {
  runId: string
  generatedAt: string
  commit: string | null
}

/** Pass rate (solid, left axis) and overall score, or rule score where unjudged (dashed, right axis), per agent over the recorded runs. */
export function historyTrend(runs: readonly HistoryRun[], trends: readonly AgentTrend[]): ChartDef {
  const labels = runs.map((r) => `${r.generatedAt.slice(5, 16).replace('T', ' ')}${r.commit ? `\n${r.commit.slice(0, 7)}` : ''}`)
  const at = (t: AgentTrend, pick: (p: AgentTrend['points'][number]) => number | string) =>
    runs.map((r) => {
      const p = t.points.find((x) => x.runId === r.runId)
      return p ? pick(p) : MISSING
    })
  const score = (p: AgentTrend['points'][number]) => {
    const v = p.overallScore ?? p.ruleScore
    return v === null ? MISSING : round(v, 3)
  }
  return {
    id: 'history',
    title: 'Pass rate and score over runs',
    note: `Each recorded run, oldest first (${runs.length} shown). Solid: pass rate; dashed: overall score, or the rule score where the run was not judged.`,
    size: { width: WIDTH * 2 + 24, height: 340 },
    option: {
      ...base(),
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: labels, boundaryGap: false },
      yAxis: [
        { type: 'value', min: 0, max: 100, name: 'pass rate', axisLabel: { formatter: '{value}%' } },
        { type: 'value', min: 0, max: 1, name: 'score', splitLine: { show: false } },
      ],
      series: trends.flatMap((t, i) => [
        {
          name: `${t.agent} pass rate`,
          type: 'line' as const,
          connectNulls: true,
          symbolSize: 7,
          color: PALETTE[i % PALETTE.length],
          data: at(t, (p) => pct(p.passRate)),
        },
        {
          name: `${t.agent} score`,
          type: 'line' as const,
          yAxisIndex: 1,
          connectNulls: true,
          symbol: 'rect',
          color: PALETTE[i % PALETTE.length],
          lineStyle: { type: 'dashed' as const },
          data: at(t, score),
        },
      ]),
    },
  }
}

/**
 * Resource use per agent, one chart per measure. A measure is a label, a
 * unit and how to read it from an agent row; when the rows carry cost (USD)
 * or model/tool time, adding a chart is one entry here.
 */
export interface UsageMeasure {
  id: string
  title: string
  note: string
  value: (agent: AgentRow) => number | null | undefined
  format: (value: number) => string
}

export const USAGE_MEASURES: UsageMeasure[] = [
  {
    id: 'tokens',
    title: 'Tokens per task',
    note: 'Mean prompt + completion tokens of the agent per task (the judge’s are not included).',
    value: (a) => a.avgTokens,
    format: count,
  },
  {
    id: 'duration',
    title: 'Duration per task',
    note: 'Mean wall-clock time per task, in seconds.',
    value: (a) => a.avgDurationMs / 1000,
    format: (v) => `${v.toFixed(2)} s`,
  },
]

export function usageChart(agents: readonly AgentRow[], measure: UsageMeasure): ChartDef {
  const values = agents.map((a) => measure.value(a))
  return {
    id: `usage-${measure.id}`,
    title: measure.title,
    note: values.some((v) => v === null || v === undefined) ? `${measure.note} No bar: not measured for that agent.` : measure.note,
    size: { width: WIDTH, height: barHeight(agents.length, 36) },
    option: {
      ...base(),
      grid: { left: 8, right: 72, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'value', min: 0 },
      yAxis: { type: 'category', data: agents.map((a) => a.agent), inverse: true },
      series: [
        {
          type: 'bar',
          barWidth: 16,
          data: values.map((v) => (v === null || v === undefined ? MISSING : v)),
          label: { show: true, position: 'right', formatter: (p) => (typeof p.value === 'number' ? measure.format(p.value) : 'n/a') },
        },
      ],
    },
  }
}

/** Most confusion pairs the chart draws (the most frequent); the table and leaderboard.json have them all. */
const CONFUSION_PAIRS_SHOWN = 20

/**
 * Which tools the agents called in place of others: one band per pair "the plan's tool → the tool called
 * instead", the most frequent first, one bar per agent. Counts are calls; null when nothing was confused.
 */
export function confusionChart(confusions: readonly Confusion[]): ChartDef | null {
  if (confusions.length === 0) return null
  const totals = new Map<string, number>()
  const label = (c: Confusion) => `${c.intended} → ${c.called}`
  for (const c of confusions) totals.set(label(c), (totals.get(label(c)) ?? 0) + c.count)
  const pairs = [...totals]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, CONFUSION_PAIRS_SHOWN)
    .map(([pair]) => pair)
  const agents = [...new Set(confusions.map((c) => c.agent))]
  const shown = pairs.length < totals.size ? ` The ${pairs.length} most frequent of ${totals.size} pairs.` : ''
  return {
    id: 'tool-confusion',
    title: 'Confused tools: calls made in place of the plan’s tool',
    note: `Each band: the reference plan’s tool → the tool the agent called instead, in the same step (docs/explanation/tool-diagnostics.md). Bars count calls.${shown}`,
    size: { width: WIDTH * 2 + 24, height: 80 + pairs.length * Math.max(28, 16 * agents.length) },
    option: {
      ...base(),
      legend: { top: 0, data: agents },
      // Wider than the other charts' 8: the server-side text measure runs short on long tool names and cut their first letter.
      grid: { left: 24, right: 40, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'value', min: 0, minInterval: 1 },
      yAxis: { type: 'category', data: pairs, inverse: true },
      series: agents.map((agent) => ({
        name: agent,
        type: 'bar' as const,
        data: pairs.map((pair) => confusions.find((c) => c.agent === agent && label(c) === pair)?.count ?? MISSING),
        label: { show: true, position: 'right' as const },
      })),
    },
  }
}
