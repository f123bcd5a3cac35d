import { afterEach, describe, expect, it } from 'vitest'
import {
  startScriptedModel,
  type RecordedRequest,
  type ScriptedModelServer,
  type ScriptedTurn,
} from '../../fixtures/models/scripted-server.ts'
import { runChildVitest } from '../support/child-vitest.ts'
import { DEFAULT_CONCURRENCY } from '../../src/node/concurrency.ts'

const TASKS = 32

/** Solves the project's tasks: a call to math.sum, then the sum. */
function answer(request: RecordedRequest): ScriptedTurn {
  const messages: Array<{ role: string; content?: string }> = request.body.messages
  const n = Number(/add 1000 and (\d+)/.exec(messages.map((m) => m.content ?? '').join('\n'))?.[1])
  if (!messages.some((m) => m.role === 'tool')) return { toolCalls: [{ name: 'math__sum', arguments: { numbers: [1000, n] } }] }
  return { content: `The sum is ${1000 + n}.` }
}

/**
 * Holds the first `count` requests until that many are in flight at once, then answers everything. A run
 * that cannot reach `count` would wait forever: `giveUpMs` after the first request the held ones are
 * answered anyway, and the test fails on the peak it saw (the clock only decides when a failing run ends).
 */
function barrier(count: number, giveUpMs: number) {
  let arrived = 0
  let open: () => void
  let timer: NodeJS.Timeout | undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return {
    script: async (request: RecordedRequest): Promise<ScriptedTurn> => {
      timer ??= setTimeout(() => open(), giveUpMs)
      if (++arrived === count) open()
      if (arrived <= count) await opened
      return answer(request)
    },
    dispose: () => clearTimeout(timer),
  }
}

let model: ScriptedModelServer | undefined
afterEach(() => model?.close())

function runProject(env: Record<string, string>) {
  return runChildVitest({ project: 'test/e2e/concurrency', env: { OPENAI_API_KEY: 'sk-e2e', ...env } })
}

describe('concurrency across workers (child Vitest process, default settings)', { timeout: 240_000 }, () => {
  it(`keeps ${DEFAULT_CONCURRENCY} tasks in flight across four files of eight, never more`, async () => {
    const gate = barrier(DEFAULT_CONCURRENCY, 90_000)
    model = await startScriptedModel({ script: gate.script })
    const run = await runProject({ E2E_MODEL_URL: model.url })
    gate.dispose()
    expect(run.code, run.output.slice(-3_000)).toBe(0)
    expect(run.leaderboard.tasks).toHaveLength(TASKS)
    expect(run.leaderboard.tasks.every((t) => t.status === 'passed')).toBe(true)
    // Each task has one model request in flight at a time: requests in flight are tasks in flight.
    expect(model.peakInFlight()).toBe(DEFAULT_CONCURRENCY)
  })

  it('finishes every task against an endpoint that answers 429 above 3 requests in flight', async () => {
    // No answer until the endpoint has turned a request away, so the run is sure to meet the limit.
    let limited = () => 0
    const script = async (request: RecordedRequest): Promise<ScriptedTurn> => {
      for (let i = 0; i < 1_200 && limited() === 0; i++) await new Promise((r) => setTimeout(r, 50))
      return { ...answer(request), delayMs: 20 }
    }
    model = await startScriptedModel({ script, rateLimit: { maxInFlight: 3 } })
    limited = model.rateLimited
    const run = await runProject({ E2E_MODEL_URL: model.url })
    expect(model.rateLimited()).toBeGreaterThan(0)
    expect(run.leaderboard.tasks).toHaveLength(TASKS)
    const failed = run.leaderboard.tasks.filter((t) => t.status !== 'passed').map((t) => `${t.id}: ${t.status}`)
    expect(failed, run.output.slice(-3_000)).toEqual([])
    expect(run.code).toBe(0)
  })

  it('holds an agent endpoint to its `concurrency` in a run of one file, whose worker keeps the limits itself', async () => {
    // One file: no slot server round trips (src/node/slot-routing.ts), the same limit.
    const gate = barrier(6, 3_000)
    model = await startScriptedModel({ script: gate.script })
    const run = await runChildVitest({
      project: 'test/e2e/concurrency',
      args: ['benchmarks/a.test.ts'],
      env: { OPENAI_API_KEY: 'sk-e2e', E2E_MODEL_URL: model.url, E2E_AGENT_CONCURRENCY: '5' },
    })
    gate.dispose()
    expect(run.code, run.output.slice(-3_000)).toBe(0)
    expect(run.leaderboard.tasks).toHaveLength(TASKS / 4)
    expect(model.peakInFlight()).toBe(5)
  })

  it('holds an agent endpoint to its `concurrency` across workers', async () => {
    // A sixth request in flight would open the barrier at once; five are held for 3 s, then all is answered.
    const gate = barrier(6, 3_000)
    model = await startScriptedModel({ script: gate.script })
    const run = await runProject({ E2E_MODEL_URL: model.url, E2E_AGENT_CONCURRENCY: '5' })
    gate.dispose()
    expect(run.code, run.output.slice(-3_000)).toBe(0)
    expect(run.leaderboard.tasks).toHaveLength(TASKS)
    expect(model.peakInFlight()).toBe(5)
  })
})
