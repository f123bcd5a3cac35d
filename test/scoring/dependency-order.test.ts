import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { dependencyOrder, referenceLayers } from '../../src/scoring/dependencies.ts'
import { collectTasks } from '../../src/runtime/task/collect.ts'
import { ReferencePlanSchema, TaskSpecSchema, type ReferencePlan } from '../../src/contracts/task-spec.ts'
import { describeIssues } from '../../src/config/load-servers.ts'
import { call, trajectory } from '../support/trajectories.ts'

/** The trajectory the reference agent records: one layer per round, each call with the plan's own arguments. */
function referenceRun(plan: ReferencePlan) {
  const byId = new Map(plan.calls.map((c) => [c.id, c]))
  return trajectory(
    referenceLayers(plan).flatMap((layer, i) =>
      layer.map((id) => {
        const c = byId.get(id)!
        const [server, tool] = [c.tool.slice(0, c.tool.indexOf('.')), c.tool.slice(c.tool.indexOf('.') + 1)]
        return call({ id, round: i + 1, name: `${server}__${tool}`, server, tool, args: c.args })
      }),
    ),
  )
}

// A search, a fetch of what it found, then a second search on what the fetch said: the plan uses `search` twice.
const plan = ReferencePlanSchema.parse({
  calls: [
    { id: 'first', tool: 'web.search', args: { q: 'mars rover' } },
    { id: 'page', tool: 'web.fetch', args: { url: 'u' }, after: ['first'] },
    { id: 'second', tool: 'web.search', args: { q: 'perseverance' }, after: ['page'] },
  ],
})
const web = (id: string, tool: string, args: object, round: number) => call({ id, round, name: `web__${tool}`, server: 'web', tool, args })

describe('a plan whose `after` names no call', () => {
  const spec = {
    servers: ['web'],
    prompt: 'p',
    reference: {
      calls: [
        { id: 'first', tool: 'web.search' },
        { id: 'page', tool: 'web.fetch', after: ['frist'] },
        { id: 'page', tool: 'web.fetch', after: ['page'] },
      ],
    },
  }

  it('is a bad spec naming the task, the file and the field, as every bad spec is', () => {
    const parsed = TaskSpecSchema.safeParse(spec)
    expect(parsed.success).toBe(false)
    // The words mcpTask gives the task's setup error (runtime/task/mcp-task.ts).
    expect(describeIssues('Task "web/typo" in benchmarks/web.test.ts has an invalid spec', parsed.error!)).toBe(
      [
        'Task "web/typo" in benchmarks/web.test.ts has an invalid spec:',
        '  - reference.calls.2.id: duplicate call id "page": every reference call needs its own id',
        '  - reference.calls.1.after.0: unknown call id "frist"; the plan\'s ids are "first", "page"',
        '  - reference.calls.2.after.0: call "page" cannot come after itself',
      ].join('\n'),
    )
  })

  it('is not scored when a record still holds one (a merged report), instead of crashing the reports', () => {
    const loose = {
      calls: [
        { id: 'first', tool: 'web.search', args: {}, after: [] },
        { id: 'page', tool: 'web.fetch', args: {}, after: ['frist', 'first'] },
      ],
      facts: [],
    }
    const run = trajectory([web('a', 'search', {}, 1), web('b', 'fetch', {}, 2)])
    expect(dependencyOrder(run, loose)).toMatchObject({ rate: 1, edges: [{ beforeId: 'first', afterId: 'page', respected: true }] })
  })
})

describe('dependency order, call by call', () => {
  it('scores 1 for an agent that follows a plan which reuses a tool (per tool name it was 0.5)', () => {
    const followed = trajectory([
      web('1', 'search', { q: 'mars rover' }, 1),
      web('2', 'fetch', { url: 'u' }, 2),
      web('3', 'search', { q: 'perseverance' }, 3),
    ])
    const result = dependencyOrder(followed, plan)
    expect(result.rate).toBe(1)
    expect(result.edges.map((e) => [e.beforeId, e.afterId, e.respected])).toEqual([
      ['first', 'page', true],
      ['page', 'second', true],
    ])
  })

  it('catches the second search made before the fetch it needs', () => {
    const early = trajectory([
      web('1', 'search', { q: 'mars rover' }, 1),
      web('3', 'search', { q: 'perseverance' }, 1),
      web('2', 'fetch', { url: 'u' }, 2),
    ])
    expect(dependencyOrder(early, plan).rate).toBe(0.5)
  })

  it('pairs by tool when the arguments differ, in call order', () => {
    const loose = trajectory([
      web('1', 'search', { q: 'rover' }, 1),
      web('2', 'fetch', { url: 'v' }, 2),
      web('3', 'search', { q: 'other' }, 3),
    ])
    expect(dependencyOrder(loose, plan).rate).toBe(1)
  })

  it('gives the reference agent 1 on every bundled task with dependencies', async () => {
    const dir = resolve('benchmarks')
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
    const tasks = await collectTasks(files, (f) => import(/* @vite-ignore */ pathToFileURL(resolve(dir, f)).href))
    const rates = tasks.flatMap(({ id, spec }) => {
      const reference = TaskSpecSchema.parse(spec).reference
      return reference?.calls.length ? [{ id, rate: dependencyOrder(referenceRun(reference), reference).rate }] : []
    })
    expect(rates.filter((r) => r.rate !== null).length).toBeGreaterThan(20)
    expect(rates.filter((r) => r.rate !== null && r.rate !== 1)).toEqual([])
  }, 60_000)
})
