import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '../../src/runtime/servers/catalog.ts'
import { type CatalogEntry } from '../../src/contracts/catalog.ts'
import { collectTasks } from '../../src/runtime/task/collect.ts'
import { TaskSpecSchema, type TaskSpec } from '../../src/contracts/task-spec.ts'
import {
  categoryProblems,
  duplicateIds,
  expectedCategory,
  factsInPromptProblems,
  forbidProblems,
  fuzzyToolNameProblems,
  incompleteTasks,
  referencePlanProblems,
  toolsByRef,
  unitProblems,
  type LintedTask,
} from '../../src/lint/suite-lint.ts'
import { InProcessServers } from '../support/in-process-suite.ts'

/**
 * Lints the bundled suite without running an agent: every task is well
 * formed and its reference plan is valid against the real servers' schemas.
 * (That the reference agent passes every task is `vitest run benchmarks`.)
 */
const dir = resolve('benchmarks')
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.test.ts'))
  .sort()
let tasks: LintedTask[] = []
let tools = new Map<string, CatalogEntry>()
// Fixture servers in-process (same factories and options as mcp.servers.json), npm servers as processes.
const servers = new InProcessServers()

beforeAll(async () => {
  const collected = await collectTasks(files, (f) => import(/* @vite-ignore */ pathToFileURL(resolve(dir, f)).href))
  tasks = collected.map(({ id, spec, checks }) => ({ id, spec: TaskSpecSchema.parse(spec), checks }))
  const used = [...new Set(tasks.flatMap((t) => t.spec.servers))]
  const session = await servers.forTask(used)
  const catalog = buildCatalog(used.map((server) => ({ server, tools: session.connections.get(server)!.tools })))
  tools = toolsByRef(catalog.entries)
  await session.release()
}, 60_000)
afterAll(() => servers.close())

const categoryOf = (spec: TaskSpec) => expectedCategory(spec) ?? '(no plan)'

describe('the bundled benchmark suite', () => {
  it('has unique task ids', () => {
    expect(duplicateIds(tasks)).toEqual([])
  })

  it('gives every task a fuzzy rewrite, a reference plan, an answer and facts', () => {
    expect(incompleteTasks(tasks)).toEqual([])
  })

  it('names no tool in any fuzzy text', () => {
    expect(fuzzyToolNameProblems(tasks, [...tools.values()])).toEqual([])
  })

  it('uses only tools that exist, with schema-valid arguments', () => {
    expect(referencePlanProblems(tasks, tools)).toEqual([])
  })

  it('states a category that matches its servers and the shape of its plan', () => {
    expect(categoryProblems(tasks)).toEqual([])
  })

  it("asks for facts the tools tell, not the prompt's own words, unless a state check carries the task", () => {
    expect(tasks.length).toBeGreaterThanOrEqual(100)
    expect(factsInPromptProblems(tasks)).toEqual([])
  })

  it('gives every choice fact a reference answer that picks it and names none of the forbidden candidates', () => {
    expect(tasks.some((t) => t.spec.reference?.facts.some((f) => typeof f === 'object' && f.forbid))).toBe(true)
    expect(forbidProblems(tasks)).toEqual([])
  })

  it('gives a unit only to facts written as numbers', () => {
    expect(unitProblems(tasks)).toEqual([])
  })

  it('covers the six MCP-AgentBench categories in the easy tier with at least 10 tasks each, and 60 in all', () => {
    // The hard tier's plans are all long and layered (sequential); the call shapes are the easy tier's.
    const easy = tasks.filter((t) => t.spec.tier === 'easy')
    const counts: Record<string, number> = {}
    for (const t of easy) counts[categoryOf(t.spec)] = (counts[categoryOf(t.spec)] ?? 0) + 1
    for (const shape of ['single', 'parallel', 'sequential']) {
      expect(counts[`single-server/${shape}`] ?? 0, `single-server/${shape}`).toBeGreaterThanOrEqual(10)
      expect(counts[`multi-server/${shape}`] ?? 0, `multi-server/${shape}`).toBeGreaterThanOrEqual(10)
    }
    expect(easy.length).toBeGreaterThanOrEqual(60)
  })

  it("covers MCP-Bench's single-, two- and three-server settings", () => {
    const sizes = new Set(tasks.map((t) => t.spec.servers.length))
    expect([...sizes].sort()).toEqual(expect.arrayContaining([1, 2, 3]))
  })
})
