import type { EChartsOption } from 'echarts'

/**
 * Charts drawn by Apache ECharts on the server, as SVG (its `ssr` mode): the
 * report carries the finished drawings and no charting code, so it opens
 * offline, in any browser, with scripts off. ECharts is loaded on first use,
 * so the plugin does not import it at config time and a run without a report
 * never loads it.
 */

type ECharts = typeof import('echarts')

// The single-file ESM build: one file to load instead of the hundreds of modules of `echarts`.
// A variable specifier keeps bundlers (Vite's config loader among them) from pulling it in ahead of time.
const BUNDLE = 'echarts/dist/echarts.esm.min.mjs'

let loading: Promise<ECharts> | undefined

function loadECharts(): Promise<ECharts> {
  loading ??= import(BUNDLE) as Promise<ECharts>
  return loading
}

export interface ChartSize {
  width: number
  height: number
}

/** One chart as an SVG string. ECharts escapes the text it draws; animation is off, so the drawing is final. */
export async function renderSvg(option: EChartsOption, size: ChartSize): Promise<string> {
  const echarts = await loadECharts()
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height })
  try {
    chart.setOption({ animation: false, ...option })
    return chart.renderToSVGString()
  } finally {
    // Without dispose, ECharts keeps a timer that holds the process open.
    chart.dispose()
  }
}

/**
 * Loads ECharts and draws one small throwaway chart, so the code the report's charts run is parsed and
 * compiled before the run ends. The leaderboard reporter calls it while tests are still running, when the
 * main process mostly waits on the workers, so the report at the end does not pay for that first load.
 */
export async function warmUpCharts(): Promise<void> {
  await renderSvg({
    xAxis: { type: 'category', data: ['a', 'b'] },
    yAxis: { type: 'value', max: 1 },
    legend: {},
    series: [{ name: 'x', type: 'bar', data: [0.5, 1], label: { show: true } }, { name: 'y', type: 'line', data: [0.2, 0.8] }],
  }, { width: 320, height: 200 })
}
