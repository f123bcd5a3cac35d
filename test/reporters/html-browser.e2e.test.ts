import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { syntheticRecords } from '../../perf/lib/synthetic-records.ts'
import { leaderboardHtml } from '../../reporters/html.ts'
import { PAGE_SIZE, defaultOrder } from '../../reporters/html/task-table.ts'
import { trajectoryKey } from '../../reporters/trajectory-key.ts'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import type { TaskRecord } from '../../src/contracts/leaderboard.ts'
import type { Trajectory } from '../../src/contracts/trajectory.ts'
import { call, record, trajectory } from '../support/trajectories.ts'

/**
 * report.html made in-process from records through the leaderboard pipeline and opened from a file in real
 * headless Chromium (Debian's package, driven by playwright-core; no browser is downloaded): a report of
 * 10,000 task runs, and a report made without ECharts. test/e2e/html-report.test.ts opens the report of a
 * real child run.
 */

const CHROMIUM = '/usr/bin/chromium'
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const chromiumMissing = existsSync(CHROMIUM)
  ? null
  : `Chromium is not installed at ${CHROMIUM}: the browser test of report.html needs Debian's package (apt-get install -y chromium)`

const TASKS = 10_000
const board = (records: TaskRecord[]) =>
  buildLeaderboard({
    records,
    fileErrors: [],
    interrupted: false,
    unfinished: [],
    gate: {},
    gateDeferred: null,
    generatedAt: '2026-01-02T03:04:05.000Z',
  })

/** A trajectory of the size a small real task has: a prompt, a model turn, two calls with some output, an answer. */
function trajectoryFor(i: number): Trajectory {
  const output = `row ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}`
  return trajectory(
    [
      call({ id: 'a', round: 1, args: { query: `q${i}` }, result: [{ type: 'text', text: output }] }),
      call({ id: 'b', round: 2, result: [{ type: 'text', text: output }] }),
    ],
    {
      prompt: `Look up item needle-${i} and report its value.`,
      answer: `The value of needle-${i} is ${i % 97}.`,
      turns: [{ round: 1, content: `I will look up needle-${i}.`, toolCalls: [], usage: null, finishReason: 'tool_calls', durationMs: 40 }],
    },
  )
}

let dir: string
let browser: BrowserContext | undefined
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-bench-html-browser-'))
})
afterAll(async () => {
  await browser?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Opens a report file in a fresh page, collecting console errors, page errors, dialogs and network requests. */
async function open(file: string): Promise<{ page: Page; problems: string[] }> {
  const { chromium } = await import('playwright-core')
  browser ??= await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1400, height: 1000 },
  })
  const page = await browser.newPage()
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`)
    void d.dismiss()
  })
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) problems.push(`network request: ${r.url()}`)
  })
  await page.goto(pathToFileURL(file).href)
  return { page, problems }
}

describe('report.html in headless Chromium', () => {
  it(`opens a report of ${TASKS.toLocaleString('en-US')} task runs a page at a time: pages to the last task, searches all of them, opens a trajectory on demand`, async (ctx) => {
    if (chromiumMissing) ctx.skip(chromiumMissing)
    const records = syntheticRecords(TASKS)
    const trajectories = new Map(records.map((r, i) => [trajectoryKey(r), trajectoryFor(i)]))
    const needle = new Map(records.map((r, i) => [r, i]))
    const leaderboard = board(records)
    const html = await leaderboardHtml({ board: leaderboard, trajectories })
    const file = join(dir, 'report-10k.html')
    writeFileSync(file, html)
    const ordered = defaultOrder(leaderboard.tasks)
    console.log(`report.html of ${TASKS} task runs: ${(statSync(file).size / 2 ** 20).toFixed(1)} MiB`)

    const { page, problems } = await open(file)
    const rows = page.locator('#task-table tbody.task')
    const pages = Math.ceil(TASKS / PAGE_SIZE)
    // The first page shows, and only it: no row of another page, no detail, is in the DOM.
    await expect.poll(() => page.locator('#task-count').textContent()).toBe(`${TASKS} of ${TASKS} tasks`)
    expect(await rows.count()).toBe(PAGE_SIZE)
    expect(await page.locator('#task-table tr.detail').count()).toBe(0)
    expect(await page.locator('#task-page').textContent()).toBe(`page 1 of ${pages} (rows 1–${PAGE_SIZE})`)
    expect(await rows.first().locator('.task-id').textContent()).toBe(ordered[0]!.id)
    expect(await rows.first().isVisible()).toBe(true)

    // Every chart is drawn (ECharts is installed here) and has a drawing in it.
    const charts = page.locator('figure.chart svg')
    expect(await charts.count()).toBe(7)
    for (const svg of await charts.all()) {
      const box = await svg.boundingBox()
      expect(box!.width).toBeGreaterThan(100)
      expect(box!.height).toBeGreaterThan(80)
      expect(await svg.locator('path, rect, text').count()).toBeGreaterThan(5)
    }

    // Paging reaches the last task, in the table's order.
    await page.click('#task-pages button[data-page="next"]')
    expect(await page.locator('#task-page').textContent()).toBe(`page 2 of ${pages} (rows ${PAGE_SIZE + 1}–${2 * PAGE_SIZE})`)
    await page.click('#task-pages button[data-page="last"]')
    expect(await page.locator('#task-page').textContent()).toBe(`page ${pages} of ${pages} (rows ${(pages - 1) * PAGE_SIZE + 1}–${TASKS})`)
    const last = ordered.at(-1)!
    const lastRow = rows.last()
    expect(await lastRow.locator('.task-id').textContent()).toBe(last.id)
    expect(await lastRow.locator('td').nth(3).textContent()).toContain(last.agent)
    expect(await page.locator('#task-pages button[data-page="next"]').isDisabled()).toBe(true)

    // A search over all the tasks finds one on a late page by the text of its trajectory, and its trajectory opens.
    const late = ordered[TASKS - 60]!
    const token = `needle-${needle.get(late)}`
    await page.click('#task-pages button[data-page="first"]')
    await page.fill('input[name="q"]', token)
    await expect.poll(() => page.locator('#task-count').textContent()).toBe(`1 of ${TASKS} tasks`)
    expect(await rows.count()).toBe(1)
    const found = rows.first()
    expect(await found.locator('.task-id').textContent()).toBe(late.id)
    await found.locator('button.expand').click()
    const detail = found.locator('tr.detail')
    expect(await detail.isVisible()).toBe(true)
    expect(await detail.locator('section.round h5').allTextContents()).toEqual([
      expect.stringMatching(/^Round 1/),
      expect.stringMatching(/^Round 2/),
    ])
    expect(await detail.locator('pre.answer').textContent()).toBe(`The value of ${token} is ${needle.get(late)! % 97}.`)
    expect(await page.locator('#task-table tr.detail').count()).toBe(1)
    const screenshot = join(mkdtempSync(join(tmpdir(), 'mcp-bench-html-10k-')), 'tasks.png')
    await page.locator('#tasks').screenshot({ path: screenshot })
    console.log(`task table screenshot: ${screenshot}`)

    // Filters and sorting work over all the tasks too: failed ones sorted by calls, fewest first, then most.
    await page.fill('input[name="q"]', '')
    await page.selectOption('select[name="status"]', 'failed')
    const failed = leaderboard.tasks.filter((t) => t.status === 'failed')
    await expect.poll(() => page.locator('#task-count').textContent()).toBe(`${failed.length} of ${TASKS} tasks`)
    const callsColumn = page.locator('#task-table th', { hasText: /^calls$/ }).locator('button')
    const callsShown = async () => (await rows.locator('td:nth-child(16)').allTextContents()).map(Number)
    await callsColumn.click()
    const fewest = Math.min(...failed.map((t) => t.metrics.toolCalls))
    expect(await callsShown()).toEqual(Array(Math.min(PAGE_SIZE, failed.filter((t) => t.metrics.toolCalls === fewest).length)).fill(fewest))
    await callsColumn.click()
    const most = Math.max(...failed.map((t) => t.metrics.toolCalls))
    expect((await callsShown())[0]).toBe(most)
    await page.click('#task-pages button[data-page="last"]')
    expect((await callsShown()).at(-1)).toBe(fewest)

    expect(problems).toEqual([])
    await page.close()
  }, 240_000)

  it('shows the per-server, per-tool table and the confusion chart', async (ctx) => {
    if (chromiumMissing) ctx.skip(chromiumMissing)
    // A plan of math.sum then math.multiply; agent A calls math.add in place of math.sum in two tasks, B in one.
    const reference = {
      calls: [
        { id: 's', tool: 'math.sum', args: {}, after: [] },
        { id: 'm', tool: 'math.multiply', args: { x: 2 }, after: ['s'] },
      ],
      facts: [],
    }
    const offered = ['math.add', 'math.multiply', 'math.sum', 'math.unused_tool']
    const at = (tool: string, round: number, over: Parameters<typeof call>[0] = {}) =>
      call({ id: `${tool}-${round}`, name: tool.replace('.', '__'), server: 'math', tool: tool.slice(5), round, ...over })
    const confused = (taskId: string, agent: string) =>
      record(
        {
          taskId,
          agent,
          reference,
          offered,
          trajectory: trajectory([
            at('math.add', 1, { isError: true, error: 'add needs two numbers' }),
            at('math.multiply', 2, { args: { x: 3 } }),
          ]),
        },
        'failed',
      )
    const records = [
      confused('math/one', 'A'),
      confused('math/two', 'A'),
      confused('math/one', 'B'),
      record({
        taskId: 'math/three',
        agent: 'A',
        reference,
        offered,
        trajectory: trajectory([at('math.sum', 1), at('math.multiply', 2, { args: { x: 2 } })]),
      }),
    ]
    const file = join(dir, 'report-tools.html')
    writeFileSync(file, await leaderboardHtml({ board: board(records), trajectories: new Map() }))

    const { page, problems } = await open(file)
    await page.click('nav a[href="#tools"]')
    const math = page.locator('#tools table.tools tbody.server[data-server="math"]')
    expect(await math.locator('th.server-name').textContent()).toBe('math')
    // A row per tool and agent that was called or planned; the tool only offered, in one line.
    expect(
      await math
        .locator('tr[data-tool]')
        .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-tool')} ${r.getAttribute('data-agent')}`)),
    ).toEqual(['math.add A', 'math.add B', 'math.multiply A', 'math.multiply B', 'math.sum A', 'math.sum B'])
    expect(await math.locator('tr.unused').textContent()).toBe('Offered, never called or planned: unused_tool')
    const header = await page.locator('#tools table.tools thead th').allTextContents()
    const cell = async (tool: string, agent: string, column: string) =>
      (await math.locator(`tr[data-tool="${tool}"][data-agent="${agent}"] > *`).nth(header.indexOf(column)).textContent())?.trim()
    expect(await cell('math.add', 'A', 'in place of another')).toBe('2')
    expect(await cell('math.add', 'A', 'execution errors')).toBe('2')
    expect(await cell('math.add', 'A', 'most common messages')).toBe('execution add needs two numbers ×2')
    expect(await cell('math.sum', 'A', 'missed')).toBe('2')
    expect(await cell('math.sum', 'A', 'replaced by another')).toBe('2')
    expect(await cell('math.multiply', 'A', 'args differ')).toBe('2 (x ×2)')
    expect(await cell('math.add', 'B', 'in place of another')).toBe('1')
    expect(await page.locator('#tools table.confusions tbody tr').allTextContents()).toEqual(['Amath.summath.add22', 'Bmath.summath.add11'])

    // The confusion chart: drawn, visible, one band for the pair, a bar per agent.
    const chart = page.locator('#tools figure.chart[data-chart="tool-confusion"] svg')
    expect(await chart.isVisible()).toBe(true)
    const box = await chart.boundingBox()
    expect(box!.width).toBeGreaterThan(300)
    expect(await chart.locator('text').allTextContents()).toEqual(expect.arrayContaining(['math.sum → math.add', 'A', 'B']))
    await page.locator('#tools').screenshot({ path: join(dir, 'tools.png') })
    expect(problems).toEqual([])
    await page.close()
  }, 120_000)

  it('without ECharts, shows the note where the charts would be, and the rest of the report works', async (ctx) => {
    if (chromiumMissing) ctx.skip(chromiumMissing)
    const records = [
      record({ taskId: 'math/ok', agent: 'model' }),
      record({ taskId: 'math/broken', agent: 'model', trajectory: trajectoryFor(7) }, 'failed', ['expected more']),
    ]
    const leaderboard = board(records)
    const trajectories = new Map(records.map((r) => [trajectoryKey(r), r.id === 'math/broken' ? trajectoryFor(7) : null]))
    const warned: string[] = []
    const html = await leaderboardHtml({ board: leaderboard, trajectories, charts: async () => null, warn: (line) => warned.push(line) })
    expect(warned).toHaveLength(1)
    const file = join(dir, 'report-no-echarts.html')
    writeFileSync(file, html)

    const { page, problems } = await open(file)
    const note = page.locator('#agents .notice[data-chart-missing="echarts"]')
    expect(await note.isVisible()).toBe(true)
    expect(await note.textContent()).toContain('npm i -D echarts')
    expect(await page.locator('figure.chart, svg').count()).toBe(0)
    expect(await page.locator('table.agents tbody tr').count()).toBe(1)
    const rows = page.locator('#task-table tbody.task')
    await expect.poll(() => rows.count()).toBe(2)
    const broken = rows.first()
    expect(await broken.locator('.task-id').textContent()).toBe('math/broken')
    await broken.locator('tr.summary td').nth(3).click()
    expect(await broken.locator('tr.detail pre.answer').textContent()).toBe('The value of needle-7 is 7.')
    await broken.locator('button.expand').click()
    expect(await broken.locator('tr.detail').isVisible()).toBe(false)
    expect(problems).toEqual([])
    await page.close()
  }, 120_000)
})
