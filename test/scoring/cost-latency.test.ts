import { describe, expect, it } from 'vitest'
import { BenchOptionsSchema } from '../../src/contracts/options.ts'
import type { JudgeResult } from '../../src/contracts/judge-result.ts'
import { coveredTime, tokenCost } from '../../src/scoring/formulas.ts'
import { median, quantile } from '../../src/stats/quantile.ts'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { DEFAULT_PRICES, DEFAULT_PRICES_AS_OF, priceFor, priceTable } from '../../src/contracts/prices.ts'
import { agentRows } from '../../src/scoring/rows.ts'
import { TaskRecordSchema } from '../../src/contracts/leaderboard.ts'
import { agentCost, judgeCost, taskTiming } from '../../src/scoring/task-costs.ts'
import { taskRecord } from '../../src/scoring/task-record.ts'
import type { ModelTurn } from '../../src/contracts/trajectory.ts'
import { junitProperties } from '../../reporters/junit-properties.ts'
import { leaderboardMarkdown } from '../../reporters/markdown.ts'
import { passFail, rubric } from '../support/judge-results.ts'
import { call, outcome, trajectory } from '../support/trajectories.ts'

function turn(over: Partial<ModelTurn> = {}): ModelTurn {
  return {
    round: 1,
    content: null,
    toolCalls: [],
    finishReason: 'stop',
    durationMs: 100,
    startedAt: 0,
    model: 'gpt-4o-mini',
    usage: { promptTokens: 1_000, completionTokens: 200, totalTokens: 1_200 },
    ...over,
  }
}

/** A judge result that used `p` prompt and `c` completion tokens of `model` (o4-mini: $1.10 / $4.40). */
function withUsage(r: JudgeResult, p: number, c: number, model = 'o4-mini'): JudgeResult {
  if (r.kind === 'not-judged') throw new Error('a result that was not judged used no tokens')
  return { ...r, model, usage: { promptTokens: p, completionTokens: c, totalTokens: p + c }, durationMs: 2_000 }
}

describe('formulas: cost and quantiles', () => {
  it('prices tokens per million: (prompt · input + completion · output) / 10⁶', () => {
    // gpt-4o-mini at $0.15 / $0.60: 1,000 prompt and 200 completion tokens cost $0.00027.
    expect(tokenCost({ promptTokens: 1_000, completionTokens: 200 }, { input: 0.15, output: 0.6 })).toBeCloseTo(0.00027, 12)
    expect(tokenCost({ promptTokens: 2_000_000, completionTokens: 500_000 }, { input: 2.5, output: 10 })).toBeCloseTo(10, 9)
  })

  it('interpolates quantiles as R and NumPy do (type 7); values from numpy.percentile', () => {
    const durations = [120, 340, 95, 1800, 410, 275, 660, 5000, 230, 150]
    // numpy.percentile(durations, [95, 5, 50, 25, 99]) = 3560.0, 106.25, 307.5, 170.0, 4712.0
    expect(quantile(durations, 0.95)).toBeCloseTo(3560, 9)
    expect(quantile(durations, 0.05)).toBeCloseTo(106.25, 9)
    expect(median(durations)).toBe(307.5)
    expect(quantile(durations, 0.25)).toBe(170)
    expect(quantile(durations, 0.99)).toBeCloseTo(4712, 9)
    expect(quantile(durations, 0)).toBe(95)
    expect(quantile(durations, 1)).toBe(5000)
    expect(median([7])).toBe(7)
    expect(median([])).toBeNull()
    expect(() => quantile([1], 1.5)).toThrow(/q must be in \[0, 1\]/)
  })

  it('counts overlapping intervals once', () => {
    expect(coveredTime([])).toBe(0)
    expect(
      coveredTime([
        { start: 0, duration: 10 },
        { start: 20, duration: 5 },
      ]),
    ).toBe(15)
    // Three parallel calls from 10 to 40, one nested inside another, one after a gap.
    expect(
      coveredTime([
        { start: 10, duration: 30 },
        { start: 15, duration: 10 },
        { start: 12, duration: 20 },
        { start: 50, duration: 1 },
      ]),
    ).toBe(31)
    expect(coveredTime([{ start: 5, duration: 0 }])).toBe(0)
  })
})

describe('the price table', () => {
  it('is dated, and holds OpenAI list prices for well-known models', () => {
    expect(DEFAULT_PRICES_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(DEFAULT_PRICES['gpt-4o-mini']).toEqual({ input: 0.15, output: 0.6 })
    expect(DEFAULT_PRICES['gpt-4o']).toEqual({ input: 2.5, output: 10 })
  })

  it('finds a model by its id or its dated snapshot, and guesses nothing else', () => {
    const table = priceTable()
    expect(priceFor('gpt-4o-mini-2024-07-18', table)).toEqual({ input: 0.15, output: 0.6 })
    expect(priceFor('gpt-4o-2024-08-06', table)).toEqual({ input: 2.5, output: 10 })
    // The other providers' common models are priced by default too, under their hosts' ids and dated snapshots.
    expect(priceFor('claude-sonnet-4-20250514', table)).toEqual({ input: 3, output: 15 })
    expect(priceFor('claude-3-5-haiku-latest', table)).toEqual({ input: 0.8, output: 4 })
    expect(priceFor('gemini-2.5-flash', table)).toEqual({ input: 0.3, output: 2.5 })
    expect(priceFor('deepseek-chat', table)).toEqual({ input: 0.27, output: 1.1 })
    expect(priceFor('llama-3.3-70b-versatile', table)).toBeNull()
    expect(priceFor('claude-sonnet-4-5', table)).toBeNull()
    expect(priceFor('gpt-4o-mini-search', table)).toBeNull()
    expect(priceFor('qwen3:8b', table)).toBeNull()
    expect(priceFor('toString', table)).toBeNull()
    expect(priceFor(undefined, table)).toBeNull()
  })

  it('lets the prices option override a bundled price and add others', () => {
    const table = priceTable({ 'gpt-4o-mini': { input: 0.1, output: 0.4 }, 'qwen3:8b': { input: 0, output: 0 } })
    expect(priceFor('gpt-4o-mini', table)).toEqual({ input: 0.1, output: 0.4 })
    expect(priceFor('qwen3:8b', table)).toEqual({ input: 0, output: 0 })
    expect(priceFor('gpt-4o', table)).toEqual({ input: 2.5, output: 10 })
  })

  it('is validated as a plugin option, naming the bad field', () => {
    expect(BenchOptionsSchema.parse({}).prices).toEqual({})
    const bad = BenchOptionsSchema.safeParse({ prices: { 'my-model': { input: -1, output: 2 } } })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0]!.path).toEqual(['prices', 'my-model', 'input'])
    expect(BenchOptionsSchema.safeParse({ prices: { m: { input: 1, output: 2, cached: 0.5 } } }).success).toBe(false)
  })
})

describe('what a task cost', () => {
  const table = priceTable({ 'local-model': { input: 0, output: 0 } })

  it("sums each turn at its own model's price", () => {
    const t = trajectory([], {
      turns: [turn(), turn({ model: 'gpt-4o', usage: { promptTokens: 3_000, completionTokens: 100, totalTokens: 3_100 } })],
    })
    const { usd, unknown } = agentCost(t, table)
    expect(usd).toBeCloseTo((1_000 * 0.15 + 200 * 0.6 + 3_000 * 2.5 + 100 * 10) / 1e6, 12)
    expect(unknown).toEqual([])
  })

  it('is null, not 0 and not a partial sum, when a model has no price, a turn no usage or no model', () => {
    expect(agentCost(trajectory([], { turns: [turn(), turn({ model: 'qwen3:8b' })] }), table)).toEqual({
      usd: null,
      unknown: ['no price for model "qwen3:8b"'],
    })
    expect(agentCost(trajectory([], { turns: [turn({ usage: null })] }), table)).toEqual({
      usd: null,
      unknown: ['model "gpt-4o-mini" reported no token usage'],
    })
    expect(agentCost(trajectory([], { turns: [turn({ model: undefined })] }), table)).toEqual({
      usd: null,
      unknown: ['a model turn did not say which model answered'],
    })
    expect(agentCost(null, table).usd).toBeNull()
  })

  it('is 0 for an agent that used no model, and for a priced free model', () => {
    expect(agentCost(trajectory([call()]), table)).toEqual({ usd: 0, unknown: [] })
    expect(agentCost(trajectory([], { turns: [turn({ model: 'local-model' })] }), table)).toEqual({ usd: 0, unknown: [] })
  })

  it('prices the judges apart, by the judge model', () => {
    const judged = [withUsage(rubric([8, 8, 8, 8, 8, 8]), 10_000, 2_000), withUsage(passFail(true), 1_000, 100)]
    expect(judgeCost(judged, table).usd).toBeCloseTo((11_000 * 1.1 + 2_100 * 4.4) / 1e6, 12)
    expect(judgeCost([withUsage(passFail(true), 5, 5, 'judge-x')], table)).toEqual({
      usd: null,
      unknown: ['no price for judge model "judge-x"'],
    })
    expect(judgeCost([null, withUsage(passFail(true), 0, 0, 'judge-x')], table)).toEqual({ usd: 0, unknown: [] })
  })

  it("lands in the task record, with judge tokens apart from the agent's", () => {
    const r = taskRecord(
      outcome({
        trajectory: trajectory([call()], { turns: [turn()], usage: { promptTokens: 1_000, completionTokens: 200, totalTokens: 1_200 } }),
        judge: withUsage(rubric([8, 8, 8, 8, 8, 8]), 10_000, 2_000),
        judgeConfigured: true,
      }),
      { state: 'passed', errors: [], durationMs: 5 },
      table,
    )
    expect(TaskRecordSchema.parse(r)).toEqual(r)
    expect(r.tokens).toEqual({ prompt: 1_000, completion: 200, total: 1_200 })
    expect(r.judgeTokens).toEqual({ prompt: 10_000, completion: 2_000, total: 12_000 })
    expect(r.cost.agentUsd).toBeCloseTo(0.00027, 12)
    expect(r.cost.judgeUsd).toBeCloseTo((10_000 * 1.1 + 2_000 * 4.4) / 1e6, 12)
    expect(r.timing.judgeMs).toBe(2_000)
  })

  it('reports judge replies served from the cache apart: counted as cached tokens, $0 spent', () => {
    const fromCache = {
      ...withUsage(rubric([8, 8, 8, 8, 8, 8]), 0, 0),
      cached: true,
      cacheHits: 5,
      cachedUsage: { promptTokens: 10_000, completionTokens: 2_000, totalTokens: 12_000 },
    } as JudgeResult
    const r = taskRecord(outcome({ judge: fromCache, judgeConfigured: true }), { state: 'passed', errors: [], durationMs: 5 }, table)
    expect(r.judgeTokens).toEqual({ prompt: 0, completion: 0, total: 0 })
    expect(r.judgeCachedTokens).toBe(12_000)
    expect(r.cost.judgeUsd).toBe(0)
    const board = buildLeaderboard({ records: [r, r], fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null })
    expect(board.agents[0]!.tokens).toMatchObject({ judge: { total: 0 }, judgeCached: 24_000 })
    expect(leaderboardMarkdown(board)).toContain('| 0 (cached: 24,000 tokens, $0 spent) | $0.00')
  })

  it('is 0 for a task that never started, since its agent never ran', () => {
    const r = taskRecord(outcome({ trajectory: null, stopped: { phase: 'servers', message: 'no server' } }), {
      state: 'failed',
      errors: [],
      durationMs: 5,
    })
    expect(r.status).toBe('setup-error')
    expect(r.cost).toEqual({ agentUsd: 0, judgeUsd: 0, unknown: [] })
  })
})

describe("where a task's time went", () => {
  it('splits model time and tool time, parallel calls and overlapping turns counted once', () => {
    const t = trajectory(
      [call({ startedAt: 300, durationMs: 200 }), call({ startedAt: 320, durationMs: 250 }), call({ startedAt: 900, durationMs: 100 })],
      {
        durationMs: 1_200,
        turns: [
          turn({ startedAt: 0, durationMs: 300 }),
          turn({ startedAt: 600, durationMs: 200 }),
          turn({ startedAt: 650, durationMs: 250 }),
          turn({ startedAt: 1_000, durationMs: 150 }),
        ],
      },
    )
    const timing = taskTiming(t, [])
    expect(timing).toEqual({ modelMs: 300 + 300 + 150, toolMs: 270 + 100, modelShare: 750 / 1_200, toolShare: 370 / 1_200, judgeMs: 0 })
  })

  it('takes turns without a start time (older trajectories) as back to back', () => {
    const t = trajectory([], {
      durationMs: 1_000,
      turns: [turn({ startedAt: undefined, durationMs: 300 }), turn({ startedAt: undefined, durationMs: 200 })],
    })
    expect(taskTiming(t, []).modelMs).toBe(500)
  })

  it('has no split without a trajectory, and no share without a duration', () => {
    expect(taskTiming(null, [])).toEqual({ modelMs: null, toolMs: null, modelShare: null, toolShare: null, judgeMs: 0 })
    expect(taskTiming(trajectory([], { durationMs: 0 }), []).modelShare).toBeNull()
  })
})

describe('agent rows and the run: tokens, cost, latency', () => {
  const table = priceTable()
  const rec = (id: string, durationMs: number, turns: ModelTurn[], state: 'passed' | 'failed' = 'passed', agent = 'A') => {
    const usage = turns.reduce(
      (u, t) => ({
        promptTokens: u.promptTokens + t.usage!.promptTokens,
        completionTokens: u.completionTokens + t.usage!.completionTokens,
        totalTokens: u.totalTokens + t.usage!.totalTokens,
      }),
      { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    )
    return taskRecord(
      outcome({
        taskId: id,
        agent,
        trajectory: trajectory([call({ startedAt: 0, durationMs: durationMs / 4 })], { durationMs, turns, usage }),
      }),
      { state, errors: [], durationMs },
      table,
    )
  }
  const durations = [120, 340, 95, 1800, 410, 275, 660, 5000, 230, 150]
  const records = durations.map((d, i) => rec(`t${i}`, d, [turn({ startedAt: d / 4, durationMs: d / 2 })]))

  it('reports median and p95 duration, the time split, token sums and the cost', () => {
    const [row] = agentRows(records)
    expect(row!.latency.medianMs).toBe(307.5)
    expect(row!.latency.p95Ms).toBeCloseTo(3560, 9)
    // Every task spent half its time on the model and a quarter on its tool call.
    expect(row!.latency.modelShare).toBeCloseTo(0.5, 9)
    expect(row!.latency.toolShare).toBeCloseTo(0.25, 4) // each task's times are kept to 0.1 ms
    expect(row!.tokens.agent).toEqual({ prompt: 10_000, completion: 2_000, total: 12_000 })
    expect(row!.tokens.judge).toEqual({ prompt: 0, completion: 0, total: 0 })
    expect(row!.cost.agentUsd).toBeCloseTo(10 * 0.00027, 12)
    expect(row!.cost.agentUsdPerTask).toBeCloseTo(0.00027, 12)
    expect(row!.cost.judgeUsd).toBe(0)
  })

  it('weighs the time split by time: a long task counts for the time it took', () => {
    const [row] = agentRows([
      rec('short', 100, [turn({ startedAt: 0, durationMs: 100 })]),
      rec('long', 900, [turn({ startedAt: 0, durationMs: 0 })]),
    ])
    // Σ model / Σ duration = 100 / 1000, not the mean of the shares (0.5).
    expect(row!.latency.modelShare).toBeCloseTo(0.1, 12)
  })

  it('has a null cost, with the reason, when one task used an unpriced model', () => {
    const [row] = agentRows([...records.slice(0, 3), rec('x', 100, [turn({ model: 'qwen3:8b' })])])
    expect(row!.cost).toEqual({ agentUsd: null, judgeUsd: 0, agentUsdPerTask: null, unknown: ['no price for model "qwen3:8b"'] })
  })

  it("totals the run's cost on the leaderboard, every agent and judge together", () => {
    const other = rec('t0', 200, [turn({ model: 'gpt-4o' })], 'passed', 'B')
    const board = buildLeaderboard({
      records: [...records, other],
      fileErrors: [],
      interrupted: false,
      unfinished: [],
      gate: {},
      gateDeferred: null,
    })
    expect(board.cost.agentUsd).toBeCloseTo(10 * 0.00027 + (1_000 * 2.5 + 200 * 10) / 1e6, 12)
    expect(board.cost).toMatchObject({ judgeUsd: 0, unknown: [], pricesAsOf: DEFAULT_PRICES_AS_OF })
    expect(board.cost.totalUsd).toBeCloseTo(board.cost.agentUsd!, 12)
  })

  it('writes tokens, cost and durations as JUnit properties, and leaves unknowns out', () => {
    const props = Object.fromEntries(junitProperties(records[0]!).map((a) => [a.type, a.message]))
    expect(props).toMatchObject({
      'mcp-bench.tokens': '1200',
      'mcp-bench.tokens.prompt': '1000',
      'mcp-bench.tokens.completion': '200',
      'mcp-bench.costUsd': '0.00027',
      'mcp-bench.durationMs': '120',
      'mcp-bench.modelMs': '60',
      'mcp-bench.toolMs': '30',
      'mcp-bench.modelShare': '0.5',
    })
    // Not judged: no judge tokens, cost or time to report.
    expect(Object.keys(props).filter((k) => k.startsWith('mcp-bench.judge') && !k.startsWith('mcp-bench.judge.'))).toEqual([])
    const unpriced = Object.fromEntries(junitProperties(rec('x', 100, [turn({ model: 'qwen3:8b' })])).map((a) => [a.type, a.message]))
    expect(unpriced['mcp-bench.costUsd']).toBeUndefined()
    expect(Object.values(unpriced)).not.toContain('null')
  })
})
