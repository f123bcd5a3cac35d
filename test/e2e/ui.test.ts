import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import type { Browser } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { standIn } from '../../fixtures/models/stand-in.ts'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'
import { elements, parseXml } from '../support/xml.ts'

/**
 * What a task's test shows in `vitest --ui` (its annotations, src/scoring/task-annotations.ts), opened in real
 * headless Chromium (Debian's package, driven by playwright-core), and the same run's junit.xml and report.html:
 * one child Vitest in watch mode with its UI, on test/e2e/ui/ (two tasks, a stand-in model and judge).
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
  : `Chromium is not installed at ${CHROMIUM}: this test needs Debian's package (apt-get install -y chromium)`
const project = resolve('test/e2e/ui')
const JUDGE = 'stand-in-judge'

let model: ScriptedModelServer | undefined
let child: ChildProcess | undefined
let browser: Browser | undefined
const out = mkdtempSync(join(tmpdir(), 'mcp-bench-ui-'))
afterAll(async () => {
  await browser?.close()
  if (child && child.exitCode === null) {
    const closed = new Promise((r) => child!.once('close', r))
    child.kill('SIGTERM')
    const backstop = setTimeout(() => child!.kill('SIGKILL'), 10_000)
    await closed
    clearTimeout(backstop)
  }
  await model?.close()
  rmSync(out, { recursive: true, force: true })
})

/** Starts `vitest --ui` on the fixture project; resolves with the UI's address once the first run has ended. */
async function startUi(env: Record<string, string>): Promise<{ url: string; output: () => string }> {
  // --watch: the UI lives while Vitest watches (CI turns watch mode off by default); --open=false: no browser of its own.
  child = spawn(
    process.execPath,
    [resolve('node_modules/vitest/vitest.mjs'), '--ui', '--watch', '--open=false', '--api.host=127.0.0.1', '--api.port=0'],
    {
      cwd: project,
      env: { ...process.env, ...env },
    },
  )
  let output = ''
  const url = await new Promise<string>((ok, fail) => {
    const seen = (d: Buffer) => {
      output += d
      const plain = stripVTControlCharacters(output)
      const address = /UI started at (http:\/\/\S+\/__vitest__\/)/.exec(plain)?.[1]
      if (address && /(Waiting|Watching) for file changes/.test(plain)) ok(address)
    }
    child!.stdout!.on('data', seen)
    child!.stderr!.on('data', seen)
    child!.once('close', (code) => fail(new Error(`vitest --ui exited (${code}) before its run ended:\n${output}`)))
  })
  return { url, output: () => stripVTControlCharacters(output) }
}

describe("results in Vitest's UI, JUnit and report.html (child vitest --ui, Chromium)", { timeout: 240_000 }, () => {
  it("shows a task's score, verdict, failed checks and trajectory link in vitest --ui, the same in junit.xml, and the link opens the task", async (ctx) => {
    if (chromiumMissing) ctx.skip(chromiumMissing)
    model = await startScriptedModel({
      // The stand-in states what the first task needs and falls short of the second's facts ("per tonne").
      script: standIn(
        [
          {
            prompt: 'Add the harvests',
            layers: [[{ tool: 'math.sum', args: { numbers: [120, 150] } }]],
            answer: 'The harvest totals 270 t.',
          },
          {
            prompt: 'Multiply 270 t',
            layers: [[{ tool: 'math.multiply', args: { firstNumber: 270, SecondNumber: 30 } }]],
            answer: 'The revenue is large.',
          },
        ],
        { judgeModel: JUDGE, unparseableOneIn: 0 },
      ),
    })
    const { url, output } = await startUi({
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: 'not-needed',
      MCP_BENCH_MODEL: '',
      E2E_OUTPUT_DIR: out,
    })
    const board = JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8')) as Leaderboard
    const revenue = board.tasks.find((t) => t.id === 'ui/revenue')!
    expect(revenue.status).toBe('failed')
    expect(revenue.scores.overall).not.toBeNull()
    // Piped, the progress display's first line already has the exact total.
    expect(output()).toMatch(/^mcp-bench 1\/2 tasks .* · stand-in 1\/2 pass /m)

    const { chromium } = await import('playwright-core')
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS })
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
    await page.goto(url)
    await page.getByText('ui/revenue', { exact: true }).first().click()
    const notes = page.getByRole('note')
    await expect.poll(() => notes.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5)
    const shown = Object.fromEntries(
      await Promise.all(
        (await notes.all()).map(async (n) => {
          const text = (await n.innerText()).trim()
          const type = text.slice(0, text.indexOf('\n'))
          return [type, text.slice(type.length).trim()] as const
        }),
      ),
    )
    expect(shown['mcp-bench.overall']).toBe(String(Math.round(revenue.scores.overall! * 1e4) / 1e4))
    expect(shown['mcp-bench.ruleScore']).toBe(String(Math.round(revenue.scores.ruleScore! * 1e4) / 1e4))
    expect(shown['mcp-bench.verdict']).toBe('2 of 3 harness checks passed (answer ✓, facts ✗, toolUse ✓)')
    expect(shown['mcp-bench.failed-check']).toMatch(/^facts: expected the answer to state "8,100", "per tonne"; missing "per tonne"\./)
    const link = shown['mcp-bench.trajectory']!
    expect(link).toMatch(/report\.html#task-ui-revenue-[0-9a-f]{16}$/)

    // junit.xml: the same annotations as properties, then the record's, none of them twice.
    const cases = elements(parseXml(readFileSync(join(out, 'junit.xml'), 'utf8')), 'testcase')
    expect(cases).toHaveLength(2)
    for (const c of cases) {
      const names = elements(c, 'property')
        .map((p) => p.attrs.name!)
        .filter((n) => n !== 'mcp-bench.failed-check')
      expect(names.length, c.attrs.name).toBeGreaterThan(10)
      expect(new Set(names).size, c.attrs.name).toBe(names.length)
    }
    const props = Object.fromEntries(
      elements(cases.find((c) => c.attrs.name === 'ui/revenue')!, 'property').map((p) => [p.attrs.name!, p.attrs.value!]),
    )
    expect(props).toMatchObject({
      'mcp-bench.overall': shown['mcp-bench.overall'],
      'mcp-bench.trajectory': link,
      'mcp-bench.status': 'failed',
    })

    // The link opens that task's trajectory in report.html.
    const report = await browser.newPage()
    await report.goto(`${pathToFileURL(join(out, 'report.html')).href}${link.slice(link.indexOf('#'))}`)
    const detail = report.locator('tr.detail:not([hidden])')
    await expect.poll(() => detail.count()).toBe(1)
    expect(await report.locator('tbody.task', { has: detail }).locator('.task-id').innerText()).toBe('ui/revenue')
  })
})
