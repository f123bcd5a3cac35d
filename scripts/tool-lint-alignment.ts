/**
 * How well `mcp-bench lint-tools`'s pair warnings line up with measured confusion on the bundled suite:
 *
 *   node --import tsx scripts/tool-lint-alignment.ts [--json out.json]
 *
 * Every task of the bundled suite (its own servers, no distractors) is run by the real tool loop against the
 * description follower (fixtures/models/description-follower.ts): a stand-in that calls the tool whose description
 * best matches the task's text, with the reference plan's arguments for that tool when it has a call to it. The
 * per-tool diagnostics (src/scoring/tool-diagnostics.ts) count its confusions; the lint (src/lint/tool-lint.ts)
 * warns about the same servers' tools. Printed: the confused pairs, the lint's near-duplicate pairs, how many of
 * each the other names (recall and precision over pairs within one server), and the tools the lint flags for
 * any reason against the tools whose reference calls went elsewhere.
 *
 * A caveat that the numbers carry: the follower and the lint both read descriptions as bags of words, so this
 * measures the lint against a model that reads as it does, not against an LLM (none is reachable here).
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { descriptionFollower } from '../fixtures/models/description-follower.ts'
import { startScriptedModel } from '../fixtures/models/scripted-server.ts'
import { openaiAgent } from '../src/runtime/agents/openai.ts'
import { lintTools } from '../src/lint/tool-lint.ts'
import { buildLeaderboard } from '../src/scoring/leaderboard.ts'
import { taskRecord } from '../src/scoring/task-record.ts'
import type { TaskRecord } from '../src/contracts/leaderboard.ts'
import { InProcessServers, loadBundledTasks, runInProcess } from '../test/support/in-process-suite.ts'
import { outcome } from '../test/support/trajectories.ts'

const { values } = parseArgs({ options: { json: { type: 'string' } } })
const AGENT = 'description-follower'
const tasks = await loadBundledTasks()
const shown = (t: (typeof tasks)[number]) => (t.spec.useConcretePrompt || !t.spec.fuzzy ? t.spec.prompt : t.spec.fuzzy)
const model = await startScriptedModel({
  script: descriptionFollower(
    tasks.map((t) => ({
      prompt: shown(t),
      args: (tool: string) => {
        const calls = t.spec.reference?.calls ?? []
        return (calls.find((c) => c.tool.replace('.', '__') === tool) ?? calls[0])?.args ?? {}
      },
    })),
  ),
})
const agent = openaiAgent({ model: AGENT, baseURL: model.url, apiKey: 'sk-scripted', maxRetries: 0 })
const records: TaskRecord[] = []
const tools = new Map<string, Array<{ name: string; description?: string; inputSchema: Record<string, unknown> }>>()
for (const file of [...new Set(tasks.map((t) => t.file))]) {
  const servers = new InProcessServers()
  try {
    for (const task of tasks.filter((t) => t.file === file)) {
      const run = await runInProcess(task, agent, servers, { callTimeoutMs: 10_000 })
      const session = await servers.forTask(task.spec.servers, task.spec.files)
      for (const [name, connection] of session.connections) tools.set(name, connection.tools as never)
      await session.release()
      records.push(
        taskRecord(
          outcome({
            taskId: task.id,
            agent: AGENT,
            file: `benchmarks/${task.file}`,
            servers: task.spec.servers,
            reference: task.spec.reference ?? null,
            callMatch: task.spec.callMatch ?? null,
            offered: run.offered,
            trajectory: run.trajectory,
          }),
          { state: 'failed', errors: [], durationMs: run.trajectory.durationMs },
        ),
      )
    }
  } finally {
    await servers.close()
  }
}
await model.close()

const board = buildLeaderboard({ records, fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null })
const confusions = board.tools!.confusions
const servers = [...tools.keys()].sort()
const warnings = lintTools(servers.map((server) => ({ server, tools: tools.get(server)! })))
const pair = (a: string, b: string) => [a, b].sort().join(' ~ ')
const sameServer = (a: string, b: string) => a.slice(0, a.indexOf('.')) === b.slice(0, b.indexOf('.'))
const confused = new Set(confusions.filter((c) => sameServer(c.intended, c.called)).map((c) => pair(c.intended, c.called)))
const crossServer = confusions.filter((c) => !sameServer(c.intended, c.called))
const pairRules = new Set(['near-duplicate-name', 'near-duplicate-description'])
const linted = new Set(warnings.filter((w) => pairRules.has(w.rule)).map((w) => pair(`${w.server}.${w.tool}`, w.related!)))
const both = [...confused].filter((p) => linted.has(p))
const flagged = new Set(warnings.map((w) => `${w.server}.${w.tool}`))
const confusedAway = board.tools!.rows.filter((r) => r.confusedAway > 0).map((r) => `${r.server}.${r.tool}`)
const missed = board.tools!.rows.filter((r) => r.missed > 0).map((r) => `${r.server}.${r.tool}`)
const allTools = servers.flatMap((s) => tools.get(s)!.map((t) => `${s}.${t.name}`))
const rate = (n: number, d: number) => (d ? `${n}/${d} (${((100 * n) / d).toFixed(0)}%)` : `${n}/0`)
const lines = [
  `tasks: ${records.length}; servers: ${servers.length}; tools: ${allTools.length}; reference calls: ${board.tools!.rows.reduce((n, r) => n + r.referenced, 0)}, missed: ${board.tools!.rows.reduce((n, r) => n + r.missed, 0)}`,
  `confused pairs within a server: ${confused.size} (${confusions.filter((c) => sameServer(c.intended, c.called)).reduce((n, c) => n + c.count, 0)} calls); across servers: ${crossServer.length}`,
  `lint near-duplicate pairs: ${linted.size} of ${servers.reduce((n, s) => n + (tools.get(s)!.length * (tools.get(s)!.length - 1)) / 2, 0)} pairs of tools within a server`,
  `confused pairs the lint names (recall): ${rate(both.length, confused.size)}`,
  `lint pairs that were confused (precision): ${rate(both.length, linted.size)}`,
  `tools whose reference calls went to another tool, that the lint flags for any reason: ${rate(confusedAway.filter((t) => flagged.has(t)).length, confusedAway.length)}`,
  `tools missed at least once, that the lint flags: ${rate(missed.filter((t) => flagged.has(t)).length, missed.length)}`,
  `tools the lint flags, of all tools: ${rate(allTools.filter((t) => flagged.has(t)).length, allTools.length)}`,
  '',
  'confused pairs (intended ~ called, calls), [lint] when the lint names the pair:',
  ...confusions.map((c) => `  ${c.intended} -> ${c.called} ×${c.count}${linted.has(pair(c.intended, c.called)) ? ' [lint]' : ''}`),
]
console.log(lines.join('\n'))
if (values.json)
  writeFileSync(values.json, `${JSON.stringify({ confusions, warnings, both, linted: [...linted], confused: [...confused] }, null, 2)}\n`)
