import type { HistoryRecord } from '../../src/contracts/history.ts'
import { agentTrends } from '../../src/node/history/trend.ts'
import { passRatesBySetting, settingsOf } from '../../src/scoring/breakdowns.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'
import { escapeHtml as esc } from '../../src/lib/text.ts'
import {
  USAGE_MEASURES,
  categoryPassRates,
  confusionChart,
  historyTrend,
  judgeDimensions,
  passRateRanking,
  scoreRanking,
  settingPassRates,
  usageChart,
  type ChartDef,
} from './chart-options.ts'
import { drawSvg, INSTALL_CHARTS, type ECharts } from './echarts.ts'

/** Most runs the history chart shows (the latest). */
const HISTORY_RUNS_SHOWN = 30

export interface ChartSections {
  ranking: string
  judge: string
  breakdown: string
  history: string
  usage: string
  /** The confusion chart; empty when nothing was confused. */
  tools: string
}

/**
 * Every chart of the report, drawn to SVG and wrapped in its figure, grouped by the section it belongs to.
 * Without ECharts (`echarts` null) each section says where its chart would be and how to get it.
 */
export function chartSections(board: Leaderboard, history: readonly HistoryRecord[], echarts: ECharts | null): ChartSections {
  const agents = board.agents
  const confusion = confusionChart(board.tools?.confusions ?? [])
  if (!echarts) return withoutCharts(agents.length > 0, judgeDimensions(agents) !== null, history.length > 0, confusion !== null)
  if (agents.length === 0) {
    const none = '<p class="muted">No agent ran a task.</p>'
    return { ranking: none, judge: '', breakdown: '', history: historySection(echarts, history), usage: '', tools: '' }
  }
  const judge = judgeDimensions(agents)
  return {
    ranking: figures(echarts, [passRateRanking(agents), scoreRanking(agents)]),
    judge: judge ? figures(echarts, [judge]) : NOT_JUDGED,
    breakdown: figures(echarts, [categoryPassRates(agents), settingPassRates(passRatesBySetting(board.tasks), settingsOf(board.tasks))]),
    history: historySection(echarts, history),
    usage: figures(
      echarts,
      USAGE_MEASURES.map((m) => usageChart(agents, m)),
    ),
    tools: confusion ? figures(echarts, [confusion]) : '',
  }
}

const NOT_JUDGED =
  '<p class="muted" data-chart-missing="judge-dimensions">Not judged: set a judge model (MCP_BENCH_JUDGE_MODEL or the <code>judge</code> option) to score the six MCP-Bench dimensions.</p>'
const NO_HISTORY = '<p class="muted" data-chart-missing="history">No run history yet: each run adds a record to the history directory.</p>'

/** The note that stands where the charts would be: the tables above and below them are all still there. */
const CHARTS_MISSING_NOTE = `Charts are left out: they are drawn by the optional <code>echarts</code> package. Add it to the project (<code>${INSTALL_CHARTS}</code>) and run again.`

function withoutCharts(anyAgent: boolean, judged: boolean, anyHistory: boolean, confused: boolean): ChartSections {
  const note = `<p class="notice" data-chart-missing="echarts">${CHARTS_MISSING_NOTE}</p>`
  const short = '<p class="muted" data-chart-missing="echarts">Chart left out: <code>echarts</code> is not installed.</p>'
  return {
    ranking: note,
    judge: !anyAgent ? '' : judged ? short : NOT_JUDGED,
    breakdown: anyAgent ? short : '',
    history: anyHistory ? short : NO_HISTORY,
    usage: anyAgent ? short : '',
    tools: confused ? short : '',
  }
}

function historySection(echarts: ECharts, history: readonly HistoryRecord[]): string {
  if (history.length === 0) return NO_HISTORY
  const runs = history.slice(-HISTORY_RUNS_SHOWN)
  return figures(echarts, [
    historyTrend(
      runs.map((r) => ({ runId: r.runId, generatedAt: r.generatedAt, commit: r.git?.commit ?? null })),
      agentTrends(runs),
    ),
  ])
}

function figures(echarts: ECharts, defs: readonly ChartDef[]): string {
  const drawn = defs.map(
    (d) =>
      `<figure class="chart" data-chart="${esc(d.id)}"><figcaption>${esc(d.title)}</figcaption>${drawSvg(echarts, d.option, d.size)}<p class="note">${esc(d.note)}</p></figure>`,
  )
  return `<div class="charts">${drawn.join('\n')}</div>`
}
