import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planFollower, type FollowedTask } from '../../fixtures/models/plan-follower.ts'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { openaiAgent } from '../../src/runtime/agents/openai.ts'
import type { TaskRecord } from '../../src/contracts/leaderboard.ts'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { worstTools } from '../../src/scoring/tool-diagnostics.ts'
import { dependencyLayers } from '../../src/scoring/reference-layers.ts'
import { taskRecord } from '../../src/scoring/task-record.ts'
import { leaderboardMarkdown } from '../../reporters/markdown.ts'
import { loadServersFile } from '../../src/config/load-servers.ts'
import { inProcessForm, InProcessServers, loadBundledTasks, runInProcess, type BundledTask } from '../support/in-process-suite.ts'
import { outcome } from '../support/trajectories.ts'

/**
 * The per-tool diagnostics over real recorded trajectories: every task of the bundled suite, run by the real
 * tool-calling loop (openaiAgent, the `openai` SDK) against a scripted model on loopback that follows each
 * task's reference plan, except on a known set of tasks, where it calls a wrong but similar tool of the same
 * server on purpose. The diagnostics must name exactly those tools and counts, and nothing else as confused,
 * missed or unneeded. No child Vitest run: the trajectories come from the harness's own recorder, the records
 * from the referee's own taskRecord(), the board from buildLeaderboard().
 */

/** The known confusions: task, the tool of its plan, the similar tool the model calls instead. */
const SWAPS: Record<string, Record<string, string>> = {
  'math/harvest-report': { 'math.sum': 'math.add' },
  'math/cabin-cost-share': { 'math.sum': 'math.add' },
  // Both of this task's weather calls: one task, two confused calls.
  'weather/denver-and-tokyo': { 'weather.get_current_weather_tool': 'weather.get_weather_forecast_tool' },
}
const AGENT = 'confuser'

let tasks: BundledTask[] = []
let model: ScriptedModelServer
const records: TaskRecord[] = []

const shown = (t: BundledTask) => (t.spec.useConcretePrompt || !t.spec.fuzzy ? t.spec.prompt : t.spec.fuzzy)

beforeAll(async () => {
  // The tasks whose servers all run in this process: the npm servers' tasks (filesystem, memory) start processes
  // per task, which would triple the test's time and show nothing more about the diagnostics.
  const configs = loadServersFile('mcp.servers.json', process.cwd()).servers
  const inProcess = (server: string) => !('command' in inProcessForm(configs[server]!))
  tasks = (await loadBundledTasks()).filter((t) => t.spec.servers.every(inProcess))
  const followed: FollowedTask[] = tasks.map((t) => ({
    prompt: shown(t),
    layers: dependencyLayers(t.spec.reference?.calls ?? []).layers,
    answer: t.spec.reference?.answer ?? 'done',
    ...(SWAPS[t.id] ? { swaps: SWAPS[t.id] } : {}),
  }))
  model = await startScriptedModel({ script: planFollower(followed) })
  const agent = openaiAgent({ model: AGENT, baseURL: model.url, apiKey: 'sk-test', maxRetries: 0 })
  // One set of servers for the whole suite, each fixture loaded once, and one task at a time: under a loaded
  // machine, fixture modules loading side by side ran past their 20-second start limit. The seeded servers'
  // draws then depend on the task order, which moves their outputs, not which tools a task calls.
  const servers = new InProcessServers()
  try {
    for (const task of tasks) {
      const run = await runInProcess(task, agent, servers, { callTimeoutMs: 10_000 })
      const made = outcome({
        taskId: task.id,
        agent: AGENT,
        file: `benchmarks/${task.file}`,
        servers: task.spec.servers,
        reference: task.spec.reference ?? null,
        callMatch: task.spec.callMatch ?? null,
        offered: run.offered,
        trajectory: run.trajectory,
      })
      records.push(taskRecord(made, { state: 'failed', errors: [], durationMs: run.trajectory.durationMs }))
    }
  } finally {
    await servers.close()
  }
}, 120_000)
afterAll(() => model?.close())

describe('per-tool diagnostics on the bundled suite, with a model that confuses tools on purpose', () => {
  it('runs every task of the suite through the model', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(100)
    expect(records).toHaveLength(tasks.length)
    expect(records.filter((r) => r.tools === null).map((r) => r.id)).toEqual([])
    // The known tasks are in the suite and call what the swaps say (so a renamed task cannot pass this test idly).
    for (const [id, swaps] of Object.entries(SWAPS)) {
      const r = records.find((x) => x.id === id)!
      for (const [intended, called] of Object.entries(swaps)) {
        expect(r.tools!.uses.find((u) => u.tool === called)?.called, `${id} calls ${called}`).toBeGreaterThan(0)
        expect(r.tools!.uses.find((u) => u.tool === intended)?.called ?? 0, `${id} never calls ${intended}`).toBe(0)
      }
    }
  })

  const board = () => buildLeaderboard({ records, fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null })

  it('names exactly the confused pairs, with their counts', () => {
    // Most first; a tie by the intended tool's name.
    expect(board().tools!.confusions).toEqual([
      { agent: AGENT, intended: 'math.sum', called: 'math.add', count: 2, tasks: 2 },
      { agent: AGENT, intended: 'weather.get_current_weather_tool', called: 'weather.get_weather_forecast_tool', count: 2, tasks: 1 },
    ])
  })

  it('puts the misses and the stand-ins on exactly those tools, and nothing missed or unneeded elsewhere', () => {
    const rows = board().tools!.rows
    const name = (r: (typeof rows)[number]) => `${r.server}.${r.tool}`
    const pick = (pred: (r: (typeof rows)[number]) => boolean) => Object.fromEntries(rows.filter(pred).map((r) => [name(r), r]))
    const missed = pick((r) => r.missed > 0)
    expect(Object.keys(missed).sort()).toEqual(['math.sum', 'weather.get_current_weather_tool'])
    expect(missed['math.sum']).toMatchObject({ missed: 2, tasksMissed: 2, confusedAway: 2 })
    expect(missed['weather.get_current_weather_tool']).toMatchObject({ missed: 2, tasksMissed: 1, confusedAway: 2 })
    const standIns = pick((r) => r.confusedFor > 0)
    expect(Object.keys(standIns).sort()).toEqual(['math.add', 'weather.get_weather_forecast_tool'])
    expect(standIns['math.add']).toMatchObject({ confusedFor: 2, unneeded: 0 })
    expect(standIns['weather.get_weather_forecast_tool']).toMatchObject({ confusedFor: 2, unneeded: 0 })
    expect(rows.filter((r) => r.unneeded > 0).map(name)).toEqual([])
    // Every other planned call was matched: the plan-following tasks lost nothing.
    const referenced = rows.reduce((n, r) => n + r.referenced, 0)
    const matched = rows.reduce((n, r) => n + r.matched, 0)
    expect(referenced - matched).toBe(4)
    // Every tool of every server the suite uses has a row, offered in the tasks that name its server.
    const maths = records.filter((r) => r.servers.includes('math')).length
    expect(rows.find((r) => name(r) === 'math.ceiling')?.offered).toBe(maths)
  })

  it('ranks exactly those four tools as the worst in summary.md', () => {
    const b = board()
    // The plan-following tasks give no tool an issue: only the confused ones rank.
    expect(
      worstTools(b.tools)
        .map((r) => `${r.server}.${r.tool}`)
        .sort(),
    ).toEqual(['math.add', 'math.sum', 'weather.get_current_weather_tool', 'weather.get_weather_forecast_tool'])
    const md = leaderboardMarkdown(b)
    const section = md.slice(md.indexOf('## Tools: the ten worst'), md.indexOf('## Tasks not passed'))
    // math.add got sum's arguments: the server refused them, so it leads with its schema and execution errors.
    expect(section).toMatch(/\| confuser \| math\.add \| \d+ \| 5 \| 60\.0% \| 2 \| 2 \| 0 \| 0 \| 2 \| 0 \| 6 \| execution: /)
    expect(section).toContain('| confuser | math.sum | math.add | 2 | 2 |')
    expect(section).toContain('| confuser | weather.get_current_weather_tool | weather.get_weather_forecast_tool | 2 | 1 |')
  })
})
