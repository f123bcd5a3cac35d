// Run by test/reporters/html-lazy.integration.test.ts in a child process: configures the plugin as a vitest.config would,
// marks the load log, then draws one chart.
import { appendFileSync } from 'node:fs'

const { mcpBench } = await import('../../src/plugin.ts')
mcpBench({ servers: {} })
appendFileSync(process.env.LOAD_LOG!, 'CONFIGURED\n')
const { renderSvg } = await import('../../reporters/html/echarts.ts')
const svg = await renderSvg(
  { xAxis: { type: 'category', data: ['a'] }, yAxis: {}, series: [{ type: 'bar', data: [1] }] },
  { width: 200, height: 100 },
)
appendFileSync(process.env.LOAD_LOG!, `DREW ${svg.startsWith('<svg') ? 'svg' : 'nothing'}\n`)
