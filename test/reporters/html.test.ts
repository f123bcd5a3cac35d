import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { leaderboardHtml } from '../../reporters/html.ts'
import { USAGE_MEASURES, categoryPassRates, passRateRanking, usageChart } from '../../reporters/html/chart-options.ts'
import { PAGE_SCRIPT } from '../../reporters/html/page-script.ts'
import { taskData, type TaskRow } from '../../reporters/html/task-table.ts'
import { trajectoryKey } from '../../reporters/trajectory-key.ts'
import { compareRuns } from '../../src/compare/compare.ts'
import { syntheticRecords } from '../../perf/lib/synthetic-records.ts'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { escapeHtml } from '../../src/lib/text.ts'
import { baseRun, headRun } from '../support/comparison-runs.ts'
import { historyAgent, historyEntry } from '../support/history.ts'
import { rubric } from '../support/judge-results.ts'
import { call, record, trajectory } from '../support/trajectories.ts'

it('escapes untrusted text for the HTML reports', () => {
  expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;')
})

// Run output an attacker could control: agent names, task ids, errors, tool output, answers, judge reasoning.
const EVIL = `</script><script>alert(1)</script><img src=x onerror=alert(2)>`
const plan = (calls = 1) => ({
  calls: Array.from({ length: calls }, (_, i) => ({ id: `c${i}`, tool: 'math.add', args: {}, after: [] })),
  facts: [],
})

function judgedBoard() {
  const evilJudge = { ...rubric([8, 7, 6, 9, 5, 4]), reasoning: { taskFulfillment: `fine ${EVIL}` } }
  const records = [
    record({ taskId: 'math/ok', agent: 'model', reference: plan(), judgeConfigured: true, judge: rubric([9, 9, 9, 9, 9, 9]) }),
    record(
      {
        taskId: `math/${EVIL}`,
        agent: 'model',
        reference: plan(2),
        servers: ['math', 'weather'],
        judgeConfigured: true,
        judge: evilJudge,
        trajectory: trajectory(
          [
            call({ round: 1, result: [{ type: 'text', text: `tool says ${EVIL}` }] }),
            call({ id: 'd', round: 2, isError: true, error: EVIL }),
          ],
          {
            answer: `answer ${EVIL}`,
            turns: [{ round: 1, content: `thinking ${EVIL}`, toolCalls: [], usage: null, finishReason: 'tool_calls', durationMs: 12 }],
          },
        ),
      },
      'failed',
      [`expected ${EVIL}`],
    ),
    record({ taskId: 'math/ok', agent: EVIL, reference: plan(), judgeConfigured: true, judge: rubric([3, 3, 3, 3, 3, 3]) }),
  ]
  return buildLeaderboard({
    records,
    fileErrors: [],
    interrupted: false,
    unfinished: [],
    gate: {},
    gateDeferred: null,
    generatedAt: '2025-05-06T07:08:09.000Z',
  })
}

async function page(board = judgedBoard(), extra: Partial<Parameters<typeof leaderboardHtml>[0]> = {}) {
  return leaderboardHtml({ board, trajectories: new Map(), ...extra })
}

/** The task rows the page's script draws the table from: its `#task-data` block, parsed as the page parses it. */
function taskRows(html: string): TaskRow[] {
  const open = '<script type="application/json" id="task-data">'
  const start = html.indexOf(open) + open.length
  return JSON.parse(html.slice(start, html.indexOf('</script>', start))) as TaskRow[]
}

describe('report.html', () => {
  it('carries one script, the constant one, allowed by its hash and nothing else, and no network', async () => {
    const html = await page()
    // The one script, and the task data it draws the table from: a JSON block, which no browser runs.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="application/json" id="task-data">', '<script>'])
    expect(html.match(/<\/script/gi)).toHaveLength(2)
    expect(html).toContain(`<script>${PAGE_SCRIPT}</script>`)
    const hash = createHash('sha256').update(PAGE_SCRIPT).digest('base64')
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">`,
    )
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//)
  })

  it('escapes every piece of run output, in the tables, the charts and the expanded trajectory', async () => {
    const html = await page(judgedBoard(), {
      trajectories: new Map(judgedBoard().tasks.map((t) => [trajectoryKey(t), t.id.includes('<') ? trajectoryOf() : null])),
    })
    // Outside the task data no run output is markup; inside it (a JSON block no browser parses as HTML) no text
    // ends the block, and the HTML the script inserts from it is escaped.
    const [, block] = html.match(/<script type="application\/json" id="task-data">([\s\S]*?)<\/script>/)!
    expect(html.replace(block!, '')).not.toContain('<img')
    expect(block).not.toMatch(/<\/|<!--|<script/i)
    expect(
      taskRows(html)
        .flatMap((r) => [r.cells, r.detail])
        .join(''),
    ).not.toContain('<img')
    expect(html).not.toContain('alert(1)</script>')
    const escaped = escapeHtml(EVIL)
    // The task data holds the rows and details as escaped HTML; what the script reads back is that HTML, unchanged.
    const data = JSON.stringify(taskRows(html))
    for (const text of [
      `math/${escaped}`,
      `tool says ${escaped}`,
      `answer ${escaped}`,
      `thinking ${escaped}`,
      `fine ${escaped}`,
      `expected ${escaped}`,
    ])
      expect(data).toContain(text)
    expect(taskRows(html).map((r) => r.agent)).toContain(EVIL)
    // The agent's name is drawn by ECharts inside the SVG charts, escaped there too.
    const svgs = html.match(/<svg[\s\S]*?<\/svg>/g)!
    expect(svgs.length).toBeGreaterThan(5)
    expect(svgs.some((s) => s.includes('&lt;img src=x onerror=alert(2)&gt;'))).toBe(true)
  })

  function trajectoryOf() {
    return trajectory([call({ round: 1, result: [{ type: 'text', text: `tool says ${EVIL}` }] })], {
      answer: `answer ${EVIL}`,
      turns: [{ round: 1, content: `thinking ${EVIL}`, toolCalls: [], usage: null, finishReason: 'stop', durationMs: 3 }],
    })
  }

  it("draws each chart as SVG, lists failures first and expands a task into rounds and the judge's reasoning", async () => {
    const board = judgedBoard()
    const key = trajectoryKey(board.tasks.find((t) => t.status === 'failed')!)
    const html = await page(board, { trajectories: new Map([[key, trajectoryOf()]]) })
    for (const id of ['pass-rate', 'scores', 'judge-dimensions', 'categories', 'settings', 'usage-tokens', 'usage-duration']) {
      expect(html, id).toMatch(
        new RegExp(`<figure class="chart" data-chart="${id}"><figcaption>[^<]+</figcaption><svg [^>]*viewBox="0 0 \\d+ \\d+"`),
      )
    }
    expect(html).toContain('data-chart-missing="history"')
    const rows = taskRows(html)
    expect(rows.map((r) => r.status)).toEqual(['failed', 'passed', 'passed'])
    const detail = rows[0]!.detail
    expect(detail).toMatch(/<section class="round"><h5>Round 1 <span class="muted">1 call, 1 model turn<\/span><\/h5>/)
    expect(detail).toMatch(
      /<tr data-dimension="taskFulfillment"><th scope="row">Task fulfillment<\/th><td class="num">8\.0 \/ 10<\/td><td class="reasoning">fine &lt;\/script&gt;/,
    )
    expect(detail.match(/<tr data-dimension=/g)).toHaveLength(6)
  })

  it('says so instead of drawing the judge chart when nothing was judged, and draws the history when there is one', async () => {
    const board = buildLeaderboard({
      records: [record({ taskId: 'a', reference: plan() })],
      fileErrors: [],
      interrupted: false,
      unfinished: [],
      gate: {},
      gateDeferred: null,
    })
    const history = {
      records: [
        historyEntry({ runId: 'r1' }),
        historyEntry({ runId: 'r2', generatedAt: '2025-01-02T00:00:00.000Z', agents: [historyAgent({ passRate: 0.9 })] }),
      ],
      problems: [{ file: '/h/bad.json', message: `agents: ${EVIL}` }],
    }
    const html = await page(board, { history })
    expect(html).toContain('data-chart-missing="judge-dimensions"')
    expect(html).not.toContain('data-chart="judge-dimensions"')
    expect(html).toMatch(/<figure class="chart" data-chart="history">[\s\S]*?<svg/)
    expect(html).toContain(`<code>/h/bad.json</code> (agents: ${escapeHtml(EVIL)})`)
  })

  it("shows the baseline comparison: the gate's checks, each metric's change and the flipped tasks", async () => {
    const comparison = compareRuns(baseRun(), headRun())
    const board = judgedBoard()
    board.gate.baseline = {
      passed: false,
      confidence: 0.95,
      checks: [
        {
          agent: 'worse',
          metric: 'passRate',
          maxDrop: 0.05,
          verdict: 'regression',
          pairs: 20,
          drop: 0.5,
          dropAtLeast: 0.3,
          interval: [-0.7, -0.3],
          worst: ['w08'],
          message: `worse: pass rate fell ${EVIL}`,
        },
      ],
      failures: ['x'],
    }
    const html = await page(board, { comparison })
    const view = html.slice(html.indexOf('<section id="compare">'))
    expect(view).toContain(`worse: pass rate fell ${escapeHtml(EVIL)}`)
    const worse = comparison.agents.find((a) => a.agent === 'worse')!
    const listed = view.slice(view.indexOf('<h3>worse</h3>'))
    expect(listed).toMatch(new RegExp(`<h4>Passed → not passed \\(${worse.flips.worse.length}\\)</h4>`))
    for (const f of worse.flips.worse) expect(listed).toContain(`<code>${f.id}</code>`)
    expect(listed).toContain('<code>w19</code> <span class="muted">failed → passed</span>')
    expect(view).toMatch(/<h3>few<\/h3>[\s\S]*too few paired tasks to tell/)
  })
})

it('writes the task data so that no text can end or derail its script block, and the page reads back the same text', () => {
  const hostile = [
    '</SCRIPT><script>alert(1)</script>',
    '<!-- <script>',
    'a\\</b>',
    'back\\<script>',
    'nul\u0000bell\u0007',
    'line\u2028sep',
  ]
  const rows = hostile.map((text) => ({
    status: 'failed' as const,
    agent: text,
    category: text,
    servers: [text],
    tier: 'easy',
    anchor: 'task-x',
    keys: [text, null, 1],
    cells: `<td>${text}</td>`,
    detail: text,
  }))
  const data = taskData(rows)
  expect(data).not.toMatch(/<\/|<!--|<script/i)
  const back = JSON.parse(data) as TaskRow[]
  expect(back.map((r) => r.agent)).toEqual([
    '</SCRIPT><script>alert(1)</script>',
    '<!-- <script>',
    'a\\</b>',
    'back\\<script>',
    'nulbell',
    'line\u2028sep',
  ])
  expect(back[0]!.cells).toBe('<td></SCRIPT><script>alert(1)</script></td>')
})

// Without charts: their size depends on the agents, not on the task runs.
it('grows linearly with the task runs: each adds its row and detail once, whatever the count', { timeout: 60_000 }, async () => {
  const size = async (n: number) =>
    (
      await page(
        buildLeaderboard({
          records: syntheticRecords(n),
          fileErrors: [],
          interrupted: false,
          unfinished: [],
          gate: {},
          gateDeferred: null,
        }),
        { charts: async () => null, warn: () => {} },
      )
    ).length
  const [one, two, four] = [await size(500), await size(1000), await size(2000)]
  // The same records' data, twice as many: the second 500 cost what the first did, give or take the digits of the numbers.
  const perTask = (two - one) / 500
  expect((four - two) / 1000 / perTask).toBeGreaterThan(0.97)
  expect((four - two) / 1000 / perTask).toBeLessThan(1.03)
})

describe('report.html without ECharts (an optional peer dependency)', () => {
  it('leaves the charts out, says so in the page and once on the console, and keeps every table', async () => {
    const lines: string[] = []
    const board = judgedBoard()
    const history = { records: [historyEntry({ runId: 'r1' })], problems: [] }
    const html = await page(board, { charts: async () => null, warn: (line) => lines.push(line), history })
    expect(lines).toEqual(['vitest-mcp-bench: report.html has no charts: they need the optional echarts package (npm i -D echarts)'])
    expect(html).not.toContain('<svg')
    expect(html).not.toContain('<figure')
    expect(html).toContain(
      '<p class="notice" data-chart-missing="echarts">Charts are left out: they are drawn by the optional <code>echarts</code> package. Add it to the project (<code>npm i -D echarts</code>) and run again.</p>',
    )
    // Where a chart would be (judge, categories, history, usage), a short note says why it is not.
    expect(html.match(/data-chart-missing="echarts"/g)).toHaveLength(5)
    expect(html).toContain('<table class="agents">')
    expect(html).toContain('<table class="categories">')
    expect(taskRows(html)).toHaveLength(board.tasks.length)
  })

  it('draws the charts and prints nothing when ECharts is there', async () => {
    const lines: string[] = []
    const html = await page(judgedBoard(), { warn: (line) => lines.push(line) })
    expect(lines).toEqual([])
    expect(html).not.toContain('data-chart-missing="echarts"')
    expect(html.match(/<figure class="chart"/g)).toHaveLength(7)
  })

  it('tells a missing package from a broken one: only the first means "no charts"', async () => {
    const { importIfInstalled, loadECharts } = await import('../../reporters/html/echarts.ts')
    expect(await loadECharts()).toHaveProperty('init')
    expect(await importIfInstalled('echarts-that-is-not-installed/dist/echarts.esm.min.mjs')).toBeNull()
    await expect(importIfInstalled('data:text/javascript,throw new Error("a broken bundle")')).rejects.toThrow('a broken bundle')
    await expect(
      page(judgedBoard(), {
        charts: async () => {
          throw new Error('a broken bundle')
        },
      }),
    ).rejects.toThrow('a broken bundle')
  })
})

describe('chart options', () => {
  it('draws each pass rate as its Wilson interval (a floating band) and the estimate; a row with no interval leaves a gap', () => {
    const board = judgedBoard()
    const def = passRateRanking(board.agents)
    const [lower, band, point] = def.option.series as Array<{ data: unknown[] }>
    const [first] = board.agents
    expect(lower!.data[0]).toBeCloseTo(first!.passRateInterval![0] * 100, 1)
    expect(band!.data[0]).toBeCloseTo((first!.passRateInterval![1] - first!.passRateInterval![0]) * 100, 1)
    expect(point!.data[0]).toEqual([Math.round(first!.passRate! * 1000) / 10, 0])
    const none = passRateRanking([{ ...first!, passRate: null, passRateInterval: null }])
    expect((none.option.series as Array<{ data: unknown[] }>).map((s) => s.data[0])).toEqual(['-', '-', ['-', 0]])
  })

  it('leaves a gap, never a 0, for a category without tasks', () => {
    const board = judgedBoard()
    const series = categoryPassRates(board.agents).option.series as Array<{ name: string; data: unknown[] }>
    const model = series.find((s) => s.name === 'model')!
    // model: one single-server single-call task (passed) and one multi-server parallel task (failed).
    expect(model.data).toEqual([100, '-', '-', '-', 0, '-'])
  })

  it('takes a new usage measure (say, cost) as one entry, and shows n/a where a row has none', async () => {
    const board = judgedBoard()
    expect(USAGE_MEASURES.map((m) => m.id)).toEqual(['tokens', 'duration'])
    const cost = usageChart(board.agents, {
      id: 'cost',
      title: 'Cost per task',
      note: 'USD',
      value: (a) => (a.agent === 'model' ? 0.0123 : null),
      format: (v) => `$${v.toFixed(4)}`,
    })
    expect(cost.id).toBe('usage-cost')
    expect((cost.option.series as Array<{ data: unknown[] }>)[0]!.data).toEqual(
      board.agents.map((a) => (a.agent === 'model' ? 0.0123 : '-')),
    )
    const { renderSvg } = await import('../../reporters/html/echarts.ts')
    const svg = await renderSvg(cost.option, cost.size)
    expect(svg.match(/\$0\.0123/g)).toHaveLength(1)
    expect(cost.note).toBe('USD No bar: not measured for that agent.')
    // Text styles sit in double-quoted attributes: a quote inside one would end it early.
    for (const style of svg.match(/style="[^"]*"/g)!) expect(style).toMatch(/;"$/)
  })
})

it('writes no NUL or other control character into report.html, from its own sort keys or from run output', async () => {
  const records = [
    record({ taskId: 'math/one', agent: 'model', trial: 2, reference: plan() }),
    record({ taskId: 'math/\u001b[31mred\u001b[0m\u0000', agent: 'mo\u0007del', reference: plan() }, 'failed', ['boom \u0000 \u001b[2J']),
  ]
  const html = await page(buildLeaderboard({ records, fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null }))
  expect(html).toContain('model #0002')
  const controls = [...html.matchAll(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g)].map((m) =>
    JSON.stringify(html.slice(m.index - 60, m.index + 20)),
  )
  expect(controls).toEqual([])
})

describe('report.html, Tools section', () => {
  const reference = { calls: [{ id: 's', tool: 'math.sum', args: {}, after: [] }], facts: [] }
  const hostile = record(
    {
      taskId: 'math/t',
      agent: EVIL,
      reference,
      offered: ['math.add', 'math.sum', `math.${EVIL}`],
      trajectory: trajectory([call({ name: 'math__add', tool: 'add', isError: true, error: `boom ${EVIL}` })]),
    },
    'failed',
  )
  const toolsBoard = () =>
    buildLeaderboard({ records: [hostile], fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null })

  it('escapes tool names, agents and messages in the table, the pairs and the chart', async () => {
    const html = await page(toolsBoard())
    const tools = html.slice(html.indexOf('<section id="tools">'), html.indexOf('<section id="tasks">'))
    expect(tools).not.toContain('<script>')
    expect(tools).not.toContain('<img')
    expect(tools).toContain(`<code>${escapeHtml(EVIL)}</code>`)
    expect(tools).toContain(`boom ${escapeHtml(EVIL)}`)
    expect(tools).toMatch(/<figure class="chart" data-chart="tool-confusion">[\s\S]*?<svg/)
    expect(tools).toContain('<td><code>math.sum</code></td><td><code>math.add</code></td><td class="num">1</td><td class="num">1</td>')
  })

  it('without ECharts, says where the confusion chart would be and keeps the tables', async () => {
    const html = await page(toolsBoard(), { charts: async () => null, warn: () => {} })
    const tools = html.slice(html.indexOf('<section id="tools">'), html.indexOf('<section id="tasks">'))
    expect(tools).toContain('data-chart-missing="echarts"')
    expect(tools).toContain('<table class="tools">')
    expect(tools).toContain('<table class="confusions">')
  })

  it('says so when no tool was offered', async () => {
    const html = await page(
      buildLeaderboard({ records: [], fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null }),
    )
    expect(html).toContain('No tool was offered to an agent in this run.')
  })
})
