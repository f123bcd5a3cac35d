import type { HistoryRecord } from '../../src/contracts/history.ts'
import { agentTrends } from '../../src/node/history/trend.ts'
import { passRatesBySetting, settingsOf } from '../../src/scoring/breakdowns.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'
import { escapeHtml as esc } from '../../src/lib/text.ts'
import {
  USAGE_MEASURES,
  categoryPassRates,
  historyTrend,
  judgeDimensions,
  passRateRanking,
  scoreRanking,
  settingPassRates,
  usageChart,
  type ChartDef,
} from './chart-options.ts'
import { renderSvg } from './echarts.ts'

/** Most runs the history chart shows (the latest). */
const HISTORY_RUNS_SHOWN = 30

export interface ChartSections {
  ranking: string
  judge: string
  breakdown: string
  history: string
  usage: string
}

/** Every chart of the report, drawn to SVG and wrapped in its figure, grouped by the section it belongs to. */
export async function chartSections(board: Leaderboard, history: readonly HistoryRecord[]): Promise<ChartSections> {
  const agents = board.agents
  if (agents.length === 0) {
    const none = '<p class="muted">No agent ran a task.</p>'
    return { ranking: none, judge: '', breakdown: '', history: await historySection(history), usage: '' }
  }
  const judge = judgeDimensions(agents)
  return {
    ranking: await figures([passRateRanking(agents), scoreRanking(agents)]),
    judge: judge
      ? await figures([judge])
      : '<p class="muted" data-chart-missing="judge-dimensions">Not judged: set a judge model (MCP_BENCH_JUDGE_MODEL or the <code>judge</code> option) to score the six MCP-Bench dimensions.</p>',
    breakdown: await figures([categoryPassRates(agents), settingPassRates(passRatesBySetting(board.tasks), settingsOf(board.tasks))]),
    history: await historySection(history),
    usage: await figures(USAGE_MEASURES.map((m) => usageChart(agents, m))),
  }
}

async function historySection(history: readonly HistoryRecord[]): Promise<string> {
  if (history.length === 0) return '<p class="muted" data-chart-missing="history">No run history yet: each run adds a record to the history directory.</p>'
  const runs = history.slice(-HISTORY_RUNS_SHOWN)
  return figures([historyTrend(runs.map((r) => ({ runId: r.runId, generatedAt: r.generatedAt, commit: r.git?.commit ?? null })), agentTrends(runs))])
}

async function figures(defs: readonly ChartDef[]): Promise<string> {
  const drawn = await Promise.all(defs.map(async (d) => `<figure class="chart" data-chart="${esc(d.id)}"><figcaption>${esc(d.title)}</figcaption>${await renderSvg(d.option, d.size)}<p class="note">${esc(d.note)}</p></figure>`))
  return `<div class="charts">${drawn.join('\n')}</div>`
}
