import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'
import { runE2eProject } from '../support/e2e-project.ts'

/**
 * The HTML report of a real run, opened in real headless Chromium (Debian's
 * package, driven by playwright-core; no browser is ever downloaded). Two
 * judged child runs of test/e2e/project give it a history of two runs and,
 * through the baseline gate, a comparison with flipped tasks.
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

const CHARTS = ['pass-rate', 'scores', 'judge-dimensions', 'categories', 'settings', 'history', 'usage-tokens', 'usage-duration']
// Untrusted text in the judge's reasoning: it must show as text and run nothing.
const HOSTILE = `</script><script>alert("injected")</script><img src=x onerror="alert('img')">`
const DIMENSIONS = [
  'task_fulfillment',
  'information_grounding',
  'tool_appropriateness',
  'parameter_accuracy',
  'dependency_awareness',
  'parallelism_efficiency',
]

describe('report.html in headless Chromium', () => {
  let judge: ScriptedModelServer | undefined
  afterAll(() => judge?.close())

  it('draws every chart, filters and expands the task table, shows the baseline comparison, and logs no console error', async (ctx) => {
    if (chromiumMissing) ctx.skip(chromiumMissing)
    const { chromium } = await import('playwright-core')
    judge = await startScriptedModel({
      script: (_req, i) => {
        const scores = Object.fromEntries(DIMENSIONS.map((d, k) => [d, 4 + ((i + k) % 7)]))
        const reasoning = Object.fromEntries(
          DIMENSIONS.map((d) => [d, d === 'task_fulfillment' ? `Complete. ${HOSTILE}` : `Reasoning about ${d}.`]),
        )
        return { content: JSON.stringify({ reasoning, scores }) }
      },
    })
    const out = mkdtempSync(join(tmpdir(), 'mcp-bench-html-'))
    const env = { MCP_BENCH_JUDGE_MODEL: 'judge-model', OPENAI_BASE_URL: judge.url, MCP_BENCH_NO_CACHE: '1' }
    const files = ['benchmarks/good.test.ts', 'benchmarks/more.test.ts']

    // First run: the baseline. Its leaderboard is kept with two verdicts turned around, so that against it
    // the second run has one task that got worse (probe/wrong-facts) and one that got better (more/echo-beta).
    const first = await runE2eProject(files, env, out)
    expect(first.leaderboard.tasks.filter((t) => t.judge?.kind === 'rubric')).toHaveLength(6)
    const baseline: Leaderboard = JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8'))
    for (const t of baseline.tasks) {
      if (t.id === 'probe/wrong-facts') t.status = 'passed' // failed in both real runs: in the comparison it flips to failed
      if (t.id === 'more/echo-beta') t.status = 'failed' // passed in both real runs: it flips to passed
    }
    const baselineFile = join(out, 'baseline.json')
    writeFileSync(baselineFile, JSON.stringify(baseline))

    const second = await runE2eProject(files, { ...env, E2E_BASELINE: baselineFile }, out)
    expect(second.leaderboard.gate.baseline?.checks).toHaveLength(1)
    const report = join(out, 'report-under-test.html')
    copyFileSync(second.reportPath, report)

    const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'mcp-bench-chromium-')), {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1400, height: 1000 },
    })
    try {
      const page = browser.pages()[0] ?? (await browser.newPage())
      const problems: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console error: ${m.text()}`)
      })
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
      page.on('dialog', (d) => {
        problems.push(`dialog: ${d.message()}`)
        void d.dismiss()
      })
      page.on('request', (r) => {
        if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) problems.push(`network request: ${r.url()}`)
      })
      await page.goto(pathToFileURL(report).href)

      // Every chart is an SVG with a drawing in it.
      for (const id of CHARTS) {
        const svg = page.locator(`figure[data-chart="${id}"] svg`)
        await expect.poll(() => svg.count(), { message: `chart ${id}` }).toBe(1)
        const box = await svg.boundingBox()
        expect(box!.width, id).toBeGreaterThan(100)
        expect(box!.height, id).toBeGreaterThan(80)
        expect(await svg.locator('path, rect, text').count(), id).toBeGreaterThan(5)
      }
      // The history has both runs; the radar has the judged agent.
      expect(await page.locator('figure[data-chart="history"] text', { hasText: /^\d\d-\d\d \d\d:\d\d$/ }).count()).toBe(2)

      // Filters narrow the table and say how many tasks show.
      const shown = () => page.locator('#task-table tbody.task:visible').count()
      expect(await shown()).toBe(6)
      await page.selectOption('select[name="status"]', 'failed')
      expect(await shown()).toBe(1)
      await expect.poll(() => page.locator('#task-count').textContent()).toBe('1 of 6 tasks')
      await page.selectOption('select[name="status"]', '')
      await page.fill('input[name="q"]', 'echo-alpha')
      expect(await shown()).toBe(1)
      await page.fill('input[name="q"]', '')
      await page.selectOption('select[name="server"]', 'stateful')
      expect(await shown()).toBe(2)
      await page.selectOption('select[name="server"]', '')
      expect(await shown()).toBe(6)

      // Failures come first; sorting by task id puts the ids in order.
      expect(await page.locator('#task-table tbody.task .task-id').first().textContent()).toBe('probe/wrong-facts')
      await page.click('#task-table th[data-col="2"] button')
      const ids = await page.locator('#task-table tbody.task .task-id').allTextContents()
      expect(ids).toEqual([...ids].sort())

      // A row expands into its trajectory, by rounds, and the judge's reasoning per dimension, escaped.
      const row = page.locator('#task-table tbody.task', { hasText: 'probe/counter-is-fresh' }).first()
      const detail = row.locator('tr.detail')
      expect(await detail.isVisible()).toBe(false)
      await row.locator('button.expand').click()
      expect(await detail.isVisible()).toBe(true)
      expect(await row.locator('button.expand').getAttribute('aria-expanded')).toBe('true')
      expect(await detail.locator('section.round h5').allTextContents()).toEqual([
        expect.stringMatching(/^Round 1/),
        expect.stringMatching(/^Round 2/),
      ])
      expect(await detail.locator('table.judge tbody tr').count()).toBe(6)
      expect(await detail.locator('tr[data-dimension="taskFulfillment"] td.reasoning').textContent()).toBe(`Complete. ${HOSTILE}`)
      expect(await detail.locator('tr[data-dimension="toolAppropriateness"] td.reasoning').textContent()).toBe(
        'Reasoning about tool_appropriateness.',
      )

      // The comparison with the baseline names the flipped tasks.
      const compare = page.locator('#compare')
      expect(await compare.locator('.flips.worse li').allTextContents()).toEqual([expect.stringContaining('probe/wrong-facts')])
      expect(await compare.locator('.flips.better li').allTextContents()).toEqual([expect.stringContaining('more/echo-beta')])

      await page.evaluate('window.scrollTo(0, 0)')
      const screenshot = join(out, 'report.png')
      await page.screenshot({ path: screenshot, fullPage: true })
      console.log(`report.html screenshot: ${screenshot}`)
      expect(problems).toEqual([])
    } finally {
      await browser.close()
    }
  }, 300_000)
})
