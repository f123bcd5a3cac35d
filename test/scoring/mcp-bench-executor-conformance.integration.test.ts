import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type RecordedRequest, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { plannerAgent } from '../../src/runtime/agents/planner.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'
import type { CatalogEntry } from '../../src/contracts/catalog.ts'
import { McpBenchTemplatesSchema, type McpBenchTemplates } from '../../src/contracts/mcp-bench-templates.ts'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { executorCases, shownName, type ExecutorCase } from '../support/messy-planner-scripts.ts'

/**
 * The released-code planner, with the planner's templates, against MCP-Bench's own executor: for each of the
 * 104 messy planner scripts (test/support/messy-planner-scripts.ts), scripts/mcp-bench-executor-conformance.py
 * ran agent/executor.py's `TaskExecutor.execute` on the same replies (the commit is in the file). The planner
 * must make the same calls, with the arguments as written, in the same rounds and order, stop after as many
 * rounds, and send the same requests (system message, user message, max_tokens; compared by hash).
 *
 * `synthetic` (always checked, CI included): MCP-Bench's code with its wording swapped for made-up words, and the
 * templates read from it (templates.synthetic.json). `mcp-bench`: MCP-Bench's code as it is; the rounds and calls
 * need the templates to run the planner with, and so do the requests: MCP-Bench's prose, in templates.local.json
 * (ignored by git) or MCP_BENCH_TEMPLATES. Without them that half is skipped, and says so.
 */
type Expected = {
  source: { commit: string }
  sequentialOnlyTools: string[]
  cases: Array<{
    id: string
    total_rounds: number
    calls: Array<[number, string, unknown]>
    schemaCompliant: Array<boolean | null>
    inputSchemaCompliance: number | null
    requests: string[]
  }>
}
const dir = new URL('../fixtures/mcp-bench-conformance/', import.meta.url)
const readJson = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as unknown
const readTemplates = (file: string): McpBenchTemplates | null =>
  existsSync(file) ? McpBenchTemplatesSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : null
const variants = [
  {
    wording: 'synthetic',
    expected: readJson('executor-expected.synthetic.json') as Expected,
    file: new URL('templates.synthetic.json', dir).pathname,
  },
  {
    wording: 'mcp-bench',
    expected: readJson('executor-expected.json') as Expected,
    file: process.env.MCP_BENCH_TEMPLATES ?? new URL('templates.local.json', dir).pathname,
  },
].map((v) => ({ ...v, templates: readTemplates(v.file) }))

let server: ScriptedModelServer
let queue: string[] = []
let scripted: (system: string) => boolean = () => false
const STOP = JSON.stringify({ reasoning: 'script ended', should_continue: false, planned_tools: [] })
/** Planning and format-fix requests read the script, as the Python stand-in's do; anything else (summaries, the answer) gets a fixed text. */
const answer = (req: RecordedRequest) => ({
  content: scripted(String(req.body.messages?.[0]?.content ?? '')) ? (queue.shift() ?? STOP) : 'final answer',
})
const digest = (system: string, user: string, maxTokens: unknown) =>
  createHash('sha256').update(`${system}\n\u0000\n${user}\n\u0000\n${maxTokens}`).digest('hex')

let cases: ExecutorCase[]
beforeAll(async () => {
  server = await startScriptedModel({ script: answer })
  cases = await executorCases()
}, 300_000)
afterAll(() => server.close())

/**
 * The planner through the recorder, as in a run under `fidelity: 'released-code'` (MCP-Bench's schema semantics),
 * with servers whose tools answer with their arguments, as the Python stand-in's do.
 */
async function replay(c: ExecutorCase, templates: McpBenchTemplates) {
  queue = [...c.replies]
  const entries = c.tools.map((t) => ({ ...t, distractor: false })) as CatalogEntry[]
  const byName = new Map(entries.map((e) => [e.name, e]))
  const echo = {
    alive: () => true,
    stderrTail: () => '',
    // What the instance listed: nothing that holds a call to an output schema or to task execution.
    tools: c.tools.map((t) => ({ name: t.tool, inputSchema: t.inputSchema })),
    client: {
      callTool: async (req: { arguments: unknown }) => ({ content: [{ type: 'text', text: JSON.stringify(req.arguments ?? null) }] }),
    },
  }
  const recorder = new TrajectoryRecorder({
    task: { id: c.id, prompt: 'scripted task' },
    agent: 'stand-in',
    catalog: { entries, resolve: (name: string) => byName.get(name) } as never,
    connections: new Map(c.tools.map((t) => [t.server, echo])) as never,
    maxRounds: 20,
    signal: new AbortController().signal,
    maxToolOutputChars: 100_000,
    maxRecordedOutputChars: 100_000,
    callTimeoutMs: () => 10_000,
    schemaSemantics: 'mcp-bench',
  })
  const agent = plannerAgent({
    model: 'stand-in',
    baseURL: server.url,
    apiKey: 'k',
    executor: 'released-code',
    stoppingPlan: 'drop',
    templates,
    sleep: async () => {
      throw new Error('no request of the scripts fails: nothing may wait')
    },
  })
  const before = server.requests.length
  await agent.run(recorder.context())
  const t = recorder.trajectory
  return {
    // The loop's rounds and the final answer's: MCP-Bench reports round_num - 1, the round that stopped the loop less one.
    total_rounds: t.rounds - 2,
    // The tools as the model wrote them (the names the planner showed), the arguments as written.
    calls: t.calls.map((x) => [
      x.round,
      byName.has(x.name) ? shownName(byName.get(x.name)!) : x.name,
      x.rawArgs !== undefined ? x.rawArgs : x.args,
    ]),
    schemaCompliant: t.calls.map((x) => (x.valid ? x.schemaValid : null)),
    inputSchemaCompliance: ruleMetrics(t, null, { fidelity: 'released-code' }).schemaCompliance,
    requests: server.requests.slice(before).map((r) => {
      const [system, user] = (r.body.messages ?? []).map((m: { content?: unknown }) => String(m.content ?? ''))
      return digest(system ?? '', user ?? '', r.body.max_tokens)
    }),
  }
}

describe.each(variants)("released-code planner = MCP-Bench's executor, $wording wording", ({ expected, templates, file, wording }) => {
  it('covers the 104 tasks', () => {
    expect(expected.cases.map((c) => c.id)).toEqual(cases.map((c) => c.id))
    if (wording === 'synthetic') expect(templates?.planner).toBeDefined()
  })

  describe.skipIf(!templates?.planner)(`with the planner's templates of ${file}`, () => {
    let replays: Array<Awaited<ReturnType<typeof replay>>>
    beforeAll(async () => {
      const planner = templates!.planner!
      const planning = new RegExp(`^${planner.planningSystem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{ROUND\\}\\}', '\\d+')}$`)
      scripted = (system) => planning.test(system) || system === planner.formatFixSystem
      replays = []
      for (const c of cases) replays.push(await replay(c, templates!))
    }, 600_000)

    it('comes from the commit the expectations were made with, and runs the same tools one at a time', () => {
      expect(templates!.source.commit).toBe(expected.source.commit)
      expect(templates!.executor.config.sequentialOnlyTools.map((n) => n.replace(/^Google Maps:/, 'google-maps:'))).toEqual(
        expected.sequentialOnlyTools,
      )
    })

    it('makes the same calls, with the arguments as written, in the same rounds, and stops after as many rounds, on every script', () => {
      const differ = cases.flatMap((c, i) => {
        const [got, want] = [replays[i]!, expected.cases[i]!]
        return JSON.stringify([got.total_rounds, got.calls]) === JSON.stringify([want.total_rounds, want.calls])
          ? []
          : [`${c.id}: ${JSON.stringify(got).slice(0, 300)}`]
      })
      expect(differ).toEqual([])
    })

    it('sends the same requests: planning, format fixes and the final answer, word for word and with the same max_tokens', () => {
      const differ = cases.flatMap((c, i) =>
        JSON.stringify(replays[i]!.requests) === JSON.stringify(expected.cases[i]!.requests) ? [] : [c.id],
      )
      expect(differ).toEqual([])
      expect(expected.cases.reduce((n, c) => n + c.requests.length, 0)).toBeGreaterThan(400)
    })

    it("decides schema compliance on the arguments as written as MCP-Bench's evaluator does, call by call and per task", () => {
      const differ = cases.flatMap((c, i) => {
        const [got, want] = [replays[i]!, expected.cases[i]!]
        return JSON.stringify([got.schemaCompliant, got.inputSchemaCompliance]) ===
          JSON.stringify([want.schemaCompliant, want.inputSchemaCompliance])
          ? []
          : [c.id]
      })
      expect(differ).toEqual([])
    })
  })
})
