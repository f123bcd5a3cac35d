import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MCP_BENCH_EXCLUDED_TOOLS } from '../../src/node/preset-mcp-bench.ts'
import { importMcpBenchTasks } from '../../src/import/import-mcp-bench.ts'
import { PLANS } from '../../fixtures/mcp-bench-offline/plans/index.ts'
import {
  LENIENT_JUDGE_MODEL,
  mcpBenchTasks,
  runOffline,
  serverProblems,
  STAND_IN_MODEL,
  TASK_FILES,
  type OfflineRun,
} from '../../fixtures/mcp-bench-offline/run.ts'

/**
 * A representative subset of MCP-Bench's 104 tasks, imported with `mcp-bench import --offline` into a
 * fresh project and run under `preset: 'mcp-bench'` with the scripted planner stand-in (all 104:
 * scripts/mcp-bench-offline.ts). Four files, two tasks each: the two server combinations whose data
 * used to be missing (Metropolitan Museum + Wikipedia; OpenAPI Explorer + Paper Search + Hugging Face),
 * Google Maps + National Parks (new places, and a departure time the real server refuses), and Weather
 * (the Springfields).
 */
const SUBSET = [
  'metropolitan_museum_wikipedia_000',
  'metropolitan_museum_wikipedia_001',
  'openapi_explorer_paper_search_hugging_face_000',
  'openapi_explorer_paper_search_hugging_face_001',
  'google_maps_national_parks_000',
  'google_maps_national_parks_001',
  'weather_data_000',
  'weather_data_001',
]

describe('the offline plans', () => {
  it("cover each of the 104 tasks once, calling only the task's own servers and none of the excluded tools", () => {
    const imported = TASK_FILES.flatMap((f) => importMcpBenchTasks(JSON.parse(readFileSync(f, 'utf8'))).flatMap((file) => file.tasks))
    expect(Object.keys(PLANS).sort()).toEqual(imported.map((t) => t.id.replace('mcp-bench/', '')).sort())
    for (const task of imported) {
      const calls = PLANS[task.id.replace('mcp-bench/', '')]!.layers.flat()
      expect(calls.length, task.id).toBeGreaterThan(0)
      for (const call of calls) {
        expect(task.spec.servers, `${task.id}: ${call.tool}`).toContain(call.tool.slice(0, call.tool.indexOf('.')))
        expect(MCP_BENCH_EXCLUDED_TOOLS, `${task.id}: ${call.tool}`).not.toContain(call.tool)
      }
    }
  })
})

describe('MCP-Bench tasks offline, end to end (import, preset, stand-in model)', () => {
  let run: OfflineRun

  it('imports all 104 tasks with a fixture for each of the 28 servers, and runs the subset with no server or fixture failing', async () => {
    let output = ''
    run = await runOffline({ taskIds: SUBSET, onOutput: (chunk) => (output += chunk) })
    expect(mcpBenchTasks()).toHaveLength(104)
    expect(run.importOutput).toContain('104 tasks in 52 files')
    expect(run.importOutput).toContain('28 servers: 28 fixture, 0 real, 0 missing')
    expect(run.tasks.map((t) => t.id).sort()).toEqual([...SUBSET].sort())
    for (const t of run.tasks) {
      expect(serverProblems(t), t.id).toEqual([])
      expect(t.missingData, t.id).toEqual([])
      expect(t.calls, t.id).toBe(t.planned)
      // Each task's plan names data its results must contain (a Monet painting's Composition section, a Springfield, …).
      expect(t.dataChecks, t.id).toBeGreaterThan(0)
      // No judge is configured and the imported tasks have no facts, plan or checks: counted, never in a pass rate.
      expect(t.status, t.id).toBe('unscored')
    }
    // The task asks for departure_time "immediate", which the real server sends on as an invalid time.
    expect(run.tasks.find((t) => t.id === 'google_maps_national_parks_000')!.expectedErrors).toBe(1)
    expect(run.leaderboard.agents).toEqual([expect.objectContaining({ agent: `${STAND_IN_MODEL} (planner)`, tasks: 8, unscored: 8 })])
    // Unscored is not passed: the run's last word says so.
    expect(run.exitCode).toBe(0)
    expect(output).toContain('exit 0: no task failed; 8 tasks unscored (nothing decides them: no facts, plan or checks, and no judge)')
  }, 120_000)

  it("runs as MCP-Bench's runner does: the task's 10 named distractors plus the resident Time server, in the planner loop", () => {
    for (const t of run.tasks) {
      const named = mcpBenchTasks().find((m) => m.id === t.id)!.distractors
      expect(named, t.id).toHaveLength(10)
      const expected = [...new Set(['time', ...named])].filter((s) => !t.servers.includes(s))
      expect(new Set(t.distractorsJoined), t.id).toEqual(new Set(expected))
      expect(t.distractorsJoined).toHaveLength(11)
    }
    const planning = run.requests.filter(
      (r) => r.path === '/v1/chat/completions' && String(r.body.messages[0].content).includes('"planned_tools"'),
    )
    expect(planning.length).toBeGreaterThanOrEqual(run.tasks.length)
    expect(planning.every((r) => r.body.model === STAND_IN_MODEL)).toBe(true)
    // Long results go through the model's compression step (compress: 'model'), as in MCP-Bench's executor.
    expect(run.requests.some((r) => String(r.body?.messages?.[0]?.content ?? '').startsWith('Summarise this tool output'))).toBe(true)
  })

  it("leaves MCP-Bench's excluded tools out of every catalog the planner is shown", () => {
    const prompts = run.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => String(r.body.messages[0].content))
    // The catalog lists a tool as `- name: description`: the same form the check below looks for, so it can fail.
    const withPaperSearch = prompts.filter((p) => p.includes('- paper-search__search_arxiv:'))
    expect(withPaperSearch.length).toBeGreaterThan(0)
    for (const excluded of MCP_BENCH_EXCLUDED_TOOLS) {
      const name = excluded.replace('.', '__')
      expect(
        prompts.filter((p) => p.includes(`- ${name}:`)),
        name,
      ).toEqual([])
    }
  })
})

describe('MCP-Bench tasks with no tool calls and a judge that gives 10 of 10', () => {
  it('passes none of them: a judged task needs a successful call to one of its own servers (all 104: scripts/mcp-bench-offline.ts --no-calls --lenient-judge)', async () => {
    const run = await runOffline({ taskIds: SUBSET, calls: 'none', judge: 'lenient' })
    expect(run.requests.filter((r) => r.body?.model === LENIENT_JUDGE_MODEL).length).toBeGreaterThanOrEqual(SUBSET.length)
    for (const t of run.tasks) {
      expect(t.calls, t.id).toBe(0)
      expect(t.status, t.id).toBe('failed')
      // The judge did pass the answer; the tool-use rule is what decided, and the record says so.
      const record = run.leaderboard.tasks.find((r) => r.id === `mcp-bench/${t.id}`)!
      expect(record.judge).toMatchObject({ kind: 'rubric', dimensions: { taskFulfillment: 10 } })
      expect(t.error, t.id).toContain('the judge passed the answer, but the task expected')
      expect(t.error, t.id).toContain('but it made no tool call: a task that names servers is not solved without them')
    }
    expect(run.leaderboard.agents).toEqual([expect.objectContaining({ tasks: SUBSET.length, passed: 0, failed: SUBSET.length })])
  }, 180_000)
})
