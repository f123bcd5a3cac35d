import { beforeEach, describe, expect, it } from 'vitest'
import { compareFields, formatFieldComparison } from '../../src/compare/fields.ts'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import type { TaskRecord } from '../../src/contracts/leaderboard.ts'
import { syntheticRecords } from '../../perf/lib/synthetic-records.ts'

const board = (records: TaskRecord[]) =>
  buildLeaderboard({
    records,
    fileErrors: [],
    interrupted: false,
    unfinished: [],
    gate: {},
    gateDeferred: null,
    generatedAt: '2026-01-01T00:00:00.000Z',
  })

/** The same records in another order, as another schedule or a merge of shards delivers them. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items]
  let s = seed
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31
    const j = s % (i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

describe('one order for everything summed or written', () => {
  it('writes the same leaderboard, to the last bit, whatever order the records arrive in', () => {
    const records = syntheticRecords(600)
    const first = JSON.stringify(board(records))
    for (const seed of [1, 2, 3]) expect(JSON.stringify(board(shuffled(records, seed)))).toBe(first)
    const written = board(shuffled(records, 4)).tasks.map((t) => `${t.file}\u0000${t.id}\u0000${t.agent}\u0000${t.trial}`)
    expect(written).toEqual([...written].sort())
  })
})

describe('mcp-bench compare --reproducible: two leaderboards field by field', () => {
  const records = syntheticRecords(40)
  let base = board(records)
  beforeEach(() => (base = board(records)))

  it('finds no difference between two runs that differ in timings and judge spend alone', () => {
    const head = structuredClone(base)
    head.generatedAt = '2027-01-01T00:00:00.000Z'
    for (const t of head.tasks) {
      t.durationMs += 17
      t.timing.judgeMs += 3
      t.judgeTokens = { prompt: 0, completion: 0, total: 0 }
    }
    for (const a of head.agents) a.latency.medianMs = 1
    const result = compareFields(base, head)
    expect(result.differences).toEqual([])
    expect(result.compared).toBeGreaterThan(1000)
    expect(formatFieldComparison(result, { base: 'a.json', head: 'b.json' })).toMatch(/^Same numbers: \d+ fields compared, none differs/)
  })

  it("names a task's field by the task, a change in the last bit, and an order that differs", () => {
    const head = structuredClone(base)
    const task = head.tasks[5]!
    task.scores.overall = 0.5729166666666665
    const agent = head.agents[0]!
    agent.avgTokens = 0.1 + 0.2
    base.agents[0]!.avgTokens = 0.3
    head.tasks.reverse()
    const paths = compareFields(base, head).differences.map((d) => d.path)
    expect(paths).toContain(`tasks[${task.file} > ${task.id} [${task.agent}#${task.trial}]].scores.overall`)
    expect(paths).toContain(`agents[agent=${agent.agent}].avgTokens`)
    expect(paths).toContain('tasks (order, first at index 0)')
  })

  it('names a task one side lacks', () => {
    const head = structuredClone(base)
    const gone = head.tasks.pop()!
    const result = compareFields(base, head)
    expect(result.differences).toContainEqual({
      path: `tasks[${gone.file} > ${gone.id} [${gone.agent}#${gone.trial}]]`,
      base: 'present',
      head: undefined,
    })
  })
})
