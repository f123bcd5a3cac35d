import { describe, expect, it } from 'vitest'
import { historyRecord, newRunId } from '../../src/node/history/record.ts'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { judgeError, rubric } from '../support/judge-results.ts'
import { call, record, trajectory } from '../support/trajectories.ts'

const plan = { calls: [{ id: 'a', tool: 'math.add', args: {}, after: [] }], facts: [] }
const records = [
  record({ taskId: 't1', agent: 'A', reference: plan, judgeConfigured: true, judge: rubric([8, 8, 8, 8, 8, 8]) }),
  record(
    {
      taskId: 't2',
      agent: 'A',
      reference: plan,
      tier: 'hard',
      judgeConfigured: true,
      judge: rubric([4, 4, 4, 4, 4, 4]),
      trajectory: trajectory([call({ isError: true })]),
    },
    'failed',
    ['no'],
  ),
  record(
    { taskId: 't3', agent: 'A', judgeConfigured: true, trajectory: null, stopped: { phase: 'servers', message: 'no server' } },
    'failed',
  ),
  record({ taskId: 't1', agent: 'B', reference: plan, judgeConfigured: true, judge: judgeError('timeout') }, 'failed', ['judge failed']),
]
const board = (over: { interrupted?: boolean; gateDeferred?: string | null } = {}) =>
  buildLeaderboard({
    records,
    fileErrors: [{ file: 'x.test.ts', error: 'boom' }],
    interrupted: over.interrupted ?? false,
    unfinished: over.interrupted ? [{ file: 'y.test.ts', name: 'slow' }] : [],
    gate: { minPassRate: 0.9 },
    gateDeferred: over.gateDeferred ?? null,
    generatedAt: '2025-03-04T05:06:07.089Z',
  })

describe("a run's history record", () => {
  it("copies each agent row's pass rate, interval, scores, domains and tiers from the leaderboard", () => {
    const b = board()
    const entry = historyRecord(b, { git: { commit: 'f'.repeat(40), branch: 'main', source: 'git' }, shard: null, runId: 'r1' })
    expect(entry).toMatchObject({
      runId: 'r1',
      generatedAt: '2025-03-04T05:06:07.089Z',
      interrupted: false,
      unfinished: 0,
      shard: null,
      tasks: 4,
      fileErrors: 1,
      gate: { applied: true, passed: false },
    })
    expect(entry.agents.map((a) => a.agent)).toEqual(b.agents.map((a) => a.agent))
    for (const [i, row] of b.agents.entries()) {
      expect(entry.agents[i]).toMatchObject({
        tasks: row.tasks,
        passed: row.passed,
        failed: row.failed,
        errored: row.errored,
        setupErrors: row.setupErrors,
        passRate: row.passRate,
        passRateInterval: row.passRateInterval,
        ruleScore: row.ruleScore,
        overallScore: row.overallScore,
        domains: row.overall.domains,
        avgTokens: row.avgTokens,
        avgDurationMs: row.avgDurationMs,
      })
      expect(entry.agents[i]!.tiers.hard).toEqual({
        tasks: row.tiers.hard.tasks,
        passed: row.tiers.hard.passed,
        passRate: row.tiers.hard.passRate,
        passRateInterval: row.tiers.hard.passRateInterval,
      })
    }
    const a = entry.agents.find((x) => x.agent === 'A')!
    expect(a).toMatchObject({
      tasks: 2,
      passed: 1,
      setupErrors: 1,
      tiers: { easy: { tasks: 1, passed: 1 }, hard: { tasks: 1, passed: 0, passRate: 0 } },
    })
  })

  it('says when the run was interrupted or was one shard', () => {
    const entry = historyRecord(board({ interrupted: true, gateDeferred: 'shard 2/3' }), { git: null, shard: { index: 2, count: 3 } })
    expect(entry).toMatchObject({ interrupted: true, unfinished: 1, shard: { index: 2, count: 3 }, gate: { applied: false }, git: null })
  })

  it('names runs by time first, unique per run', () => {
    const id = newRunId('2025-03-04T05:06:07.089Z')
    expect(id).toMatch(/^2025-03-04T05-06-07\.089Z-[0-9a-f]{8}$/)
    expect(newRunId('2025-03-04T05:06:07.089Z')).not.toBe(id)
    expect(historyRecord(board(), { git: null, shard: null }).runId).toMatch(/^2025-03-04T05-06-07\.089Z-/)
  })
})
