/**
 * One trajectory per MCP-Bench task (all 104 of test/fixtures/mcp-bench-conformance/tasks.json), made by a
 * messy stand-in model, with the catalog each task's agent saw (its servers and its distraction servers,
 * this project's fixture servers listed in process). The judge conformance test builds MCP-Bench's judge
 * prompt from each; scripts/mcp-bench-judge-conformance.py builds it with MCP-Bench's own code.
 *
 * Messy on purpose: unknown tool names, wrong argument types, extra properties, arguments that are strings
 * or arrays or empty, results long enough to need the agent's summary (with and without one), errors short
 * and long, quotes, backslashes, newlines, non-ASCII text and placeholder look-alikes, no final answer, the
 * round cap reached. Everything is drawn from a PRNG seeded by the task id: the same cases on every run.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CatalogEntry } from '../../src/contracts/catalog.ts'
import type { ModelTurn, ToolCallRecord, Trajectory } from '../../src/contracts/trajectory.ts'
import { createRng } from '../../src/lib/random.ts'

export const JUDGE_CASES_MAX_ROUNDS = 20
const TASKS = join(import.meta.dirname, '..', 'fixtures', 'mcp-bench-conformance', 'tasks.json')

export interface JudgeCase {
  id: string
  task: { prompt: string; fuzzy: string }
  tools: CatalogEntry[]
  trajectory: Trajectory
}

export interface TaskRow {
  id: string
  servers: string[]
  distractors: string[]
}

/** The 104 tasks: their ids, servers and distraction servers (keys of this project's fixtures). */
export function taskRows(): TaskRow[] {
  return JSON.parse(readFileSync(TASKS, 'utf8')) as TaskRow[]
}

/** The catalog of every fixture server the tasks name, listed in process. */
export async function fixtureCatalogs(rows: readonly TaskRow[]): Promise<Map<string, CatalogEntry[]>> {
  const catalogs = new Map<string, CatalogEntry[]>()
  for (const slug of [...new Set(rows.flatMap((t) => [...t.servers, ...t.distractors]))].sort()) catalogs.set(slug, await listTools(slug))
  return catalogs
}

async function listTools(slug: string): Promise<CatalogEntry[]> {
  const mod = (await import(`../../fixtures/servers/${slug}/server.ts`)) as { createServer: () => { connect(t: unknown): Promise<void> } }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await mod.createServer().connect(serverSide)
  const client = new Client({ name: 'judge-cases', version: '1' })
  await client.connect(clientSide)
  const { tools } = await client.listTools()
  await client.close()
  return tools.map((t) => ({
    name: `${slug}__${t.name}`,
    server: slug,
    tool: t.name,
    description: t.description,
    inputSchema: t.inputSchema,
  })) as CatalogEntry[]
}

const WORDS = [
  'alpha',
  'beta',
  'gamma',
  'café',
  'naïve',
  'Zürich',
  '東京',
  "it's",
  'say "hi"',
  'back\\slash',
  'tab\there',
  'emoji 🚀',
  'line\nbreak',
  '{braces}',
  '{{TASK}}',
  '$&',
  '100%',
  '\u0007bell',
]

export async function judgeCases(): Promise<JudgeCase[]> {
  const rows = taskRows()
  const catalogs = await fixtureCatalogs(rows)
  return rows.map((row) => messyCase(row, catalogs))
}

function messyCase(row: TaskRow, catalogs: ReadonlyMap<string, CatalogEntry[]>): JudgeCase {
  const rng = createRng(`judge-case:${row.id}`)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!
  const chance = (p: number) => rng() < p
  const text = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ')
  const own = row.servers.flatMap((s) => catalogs.get(s)!)
  const others = row.distractors.flatMap((s) => catalogs.get(s)!)
  const capped = chance(0.05)
  const rounds = capped ? JUDGE_CASES_MAX_ROUNDS : 1 + Math.floor(rng() * 4)
  const calls: ToolCallRecord[] = []
  const turns: ModelTurn[] = []
  const turn = (round: number, content: string | null): ModelTurn => ({
    round,
    content,
    toolCalls: [],
    usage: null,
    finishReason: 'stop',
    durationMs: 0,
  })
  for (let round = 1; round <= rounds; round++) {
    turns.push(turn(round, JSON.stringify({ reasoning: text(3), should_continue: true, planned_tools: [] })))
    const count = capped ? 1 : 1 + Math.floor(rng() * 4)
    const summarises = chance(0.7)
    let long = 0
    for (let i = 0; i < count; i++) {
      const kind = rng()
      const target = kind < 0.1 ? null : kind < 0.2 && others.length ? pick(others) : pick(own)
      const name = target ? target.name : pick(['search', 'google-maps:maps_geocode', 'Weather Data:get_forecast', 'unknown__tool'])
      const args = chance(0.1)
        ? pick([null, '', 'just a string', [1, 2], {}, { q: 'x', nested: { deep: [true, null, 1.5] } }])
        : {
            query: text(2),
            limit: chance(0.3) ? 'ten' : Math.floor(rng() * 100),
            ...(chance(0.3) ? { extra: text(1) } : {}),
            ...(chance(0.2) ? { ratio: 0.25, flag: false, none: null, scale: 2 } : {}),
          }
      // `scale` was written 2.0 by the model: Python prints it so (the recorder keeps where, src/lib/whole-floats.ts).
      const wholeFloats = args && typeof args === 'object' && 'scale' in args ? { wholeFloats: ['/scale'] } : {}
      const failed = !target || chance(0.2)
      const size = chance(0.2) ? 4001 + Math.floor(rng() * 9000) : Math.floor(rng() * 600)
      const body = `${text(4)} ${'x'.repeat(size)} ${text(2)}`
      if (target && Math.floor(Array.from(body).length / 4) > 1000) long++
      const half = Math.floor(body.length / 2)
      calls.push({
        id: `c${calls.length + 1}`,
        round,
        name,
        server: target?.server ?? null,
        tool: target?.tool ?? null,
        distractor: target ? !row.servers.includes(target.server) : false,
        args,
        ...wholeFloats,
        valid: target !== null,
        schemaValid: target ? !failed : null,
        ...(target
          ? {
              result: [
                { type: 'text', text: body.slice(0, half) },
                { type: 'text', text: body.slice(half) },
              ],
            }
          : {}),
        isError: failed,
        ...(failed ? { error: target ? `server said: ${text(2)}` : `Unknown tool "${name}"` } : {}),
        startedAt: 0,
        durationMs: 0,
      })
    }
    if (summarises)
      for (let i = 0; i < long; i++) turns.push(turn(round, `  summary ${i + 1}: ${text(5)} ${'s'.repeat(chance(0.3) ? 4500 : 50)}  `))
  }
  turns.push(turn(rounds + 1, 'final'))
  const fuzzy = `Fuzzy ${row.id}: ${text(6)}`
  return {
    id: row.id,
    task: { prompt: `Concrete ${row.id}: ${text(8)}`, fuzzy },
    tools: [...own, ...others],
    trajectory: {
      version: 1,
      taskId: `mcp-bench/${row.id}`,
      agent: 'messy stand-in',
      prompt: fuzzy,
      turns,
      calls,
      answer: chance(0.1) ? null : `Answer for ${row.id}: ${text(6)}`,
      error: null,
      rounds: rounds + 1,
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 0,
    },
  }
}
