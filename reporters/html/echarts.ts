import type { EChartsOption } from 'echarts'

/**
 * Charts drawn by Apache ECharts on the server, as SVG (its `ssr` mode): the
 * report carries the finished drawings and no charting code, so it opens
 * offline, in any browser. ECharts is an optional peer dependency (about
 * 67 MB installed): a project without it gets the report without charts,
 * and a note saying how to add them. It is loaded on first use, so the
 * plugin does not import it at config time and a run without a report never
 * loads it.
 */

export type ECharts = typeof import('echarts')

/** Where the report gets ECharts from: the module itself, or null when it is not installed. A seam for tests. */
export type ChartsLoader = () => Promise<ECharts | null>

// The single-file ESM build: one file to load instead of the hundreds of modules of `echarts`.
// A variable specifier keeps bundlers (Vite's config loader among them) from pulling it in ahead of time.
const BUNDLE = 'echarts/dist/echarts.esm.min.mjs'

/** What a user types to get the charts, in the report's note and the console line. */
export const INSTALL_CHARTS = 'npm i -D echarts'

let loading: Promise<ECharts | null> | undefined

/** ECharts, or null when the package is not installed. */
export const loadECharts: ChartsLoader = () => {
  loading ??= importIfInstalled<ECharts>(BUNDLE)
  return loading
}

/**
 * A module, or null when it cannot be found (Node, Bun and Deno all say ERR_MODULE_NOT_FOUND). A module that is
 * there but fails to load is not "not installed": that error is the report's to name.
 */
export async function importIfInstalled<T>(specifier: string): Promise<T | null> {
  try {
    return (await import(specifier)) as T
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return null
    throw error
  }
}

export interface ChartSize {
  width: number
  height: number
}

/** One chart as an SVG string. ECharts escapes the text it draws; animation is off, so the drawing is final. */
export function drawSvg(echarts: ECharts, option: EChartsOption, size: ChartSize): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height })
  try {
    chart.setOption({ animation: false, ...option })
    return chart.renderToSVGString()
  } finally {
    // Without dispose, ECharts keeps a timer that holds the process open.
    chart.dispose()
  }
}

/** One chart as an SVG string, loading ECharts first; for callers that need ECharts installed. */
export async function renderSvg(option: EChartsOption, size: ChartSize): Promise<string> {
  const echarts = await loadECharts()
  if (!echarts) throw new Error(`ECharts is not installed: ${INSTALL_CHARTS}`)
  return drawSvg(echarts, option, size)
}
