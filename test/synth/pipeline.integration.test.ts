import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { ModelRequestError, type SynthModel } from '../../src/synth/model.ts'
import { synthesize, type SynthEvent, type SynthSettings } from '../../src/synth/pipeline.ts'
import { GENERATE_SYSTEM } from '../../src/synth/prompts.ts'

/**
 * The pipeline's decisions with a stand-in model (the end-to-end test in
 * test/cli/synth.integration.test.ts drives the real SDK against the scripted server):
 * thresholds, unreadable scores, and a model that fails for good.
 */
let hub: ServerHub
beforeAll(() => {
  hub = new ServerHub({
    ...parseServers({ mcpServers: { math: { module: './fixtures/servers/math/server.ts' } } }, 'test'),
    root: process.cwd(),
  })
})
afterAll(() => hub.close())

const harvest = JSON.stringify({
  task: 'Add 120 and 150 with the sum tool, then multiply the total by 30.',
  fuzzy: 'We brought in 120 tonnes and 150 tonnes. At $30 a tonne, what is it all worth?',
  reference: {
    calls: [
      { id: 'total', tool: 'math.sum', args: { numbers: [120, 150] } },
      { id: 'revenue', tool: 'math.multiply', args: { firstNumber: 270, SecondNumber: 30 }, after: ['total'] },
    ],
    answer: 'It totals 270 t, worth $8,100.',
    facts: ['270', '8,100'],
  },
})

/** A model that writes the harvest task for every chain and answers quality requests with `scores`. */
function standIn(scores: string | (() => never)): SynthModel & { requests: ChatCompletionMessageParam[][] } {
  const requests: ChatCompletionMessageParam[][] = []
  return {
    name: 'stand-in',
    requests,
    usage: () => ({ requests: requests.length, promptTokens: 0, completionTokens: 0, totalTokens: 0, usd: null }),
    async complete(messages) {
      requests.push(messages)
      if (messages[0]!.content === GENERATE_SYSTEM) return harvest
      return typeof scores === 'string' ? scores : scores()
    },
  }
}

const settings = (changes: Partial<SynthSettings> = {}): SynthSettings => ({
  servers: ['math'],
  count: 1,
  seed: 1,
  allowCalls: false,
  minSolvability: 9,
  minUtility: 5,
  ...changes,
})

describe('the synthesis pipeline', () => {
  it('keeps a task whose plan runs and whose scores reach the thresholds, and stops at the count', async () => {
    const model = standIn('{"solvability": 9, "utility": 5}')
    const events: SynthEvent[] = []
    const { report, files } = await synthesize({ hub, model, settings: settings(), onEvent: (e) => events.push(e) })
    expect(report.candidates.map((c) => c.status)).toEqual(['kept'])
    expect(model.requests).toHaveLength(2)
    expect(files.map((f) => [f.name, f.tasks.map((t) => t.id)])).toEqual([['synth-math.test.ts', ['synth/math/sum-multiply']]])
    expect(events.map((e) => e.kind)).toEqual(['catalog', 'chains', 'candidate'])
    expect(report.chains.selected).toBe(3)
  })

  it('drops a task below either threshold, and keeps it when the thresholds are lowered', async () => {
    const strict = await synthesize({ hub, model: standIn('{"solvability": 8.5, "utility": 4}'), settings: settings() })
    expect(strict.report.candidates[0]!.reasons.map((r) => r.kind)).toEqual(['low-solvability', 'low-utility'])
    expect(strict.report.candidates[0]!.executed).toBe(true)
    expect(strict.report.candidates).toHaveLength(3)
    expect(strict.files).toEqual([])
    const lenient = await synthesize({
      hub,
      model: standIn('{"solvability": 8.5, "utility": 4}'),
      settings: settings({ minSolvability: 8, minUtility: 4 }),
    })
    expect(lenient.report.totals).toMatchObject({ kept: 1, dropped: 0 })
  })

  it('drops a task whose scores cannot be read', async () => {
    const { report } = await synthesize({ hub, model: standIn('Solvable, I think. Useful too.'), settings: settings() })
    expect(report.candidates[0]!.reasons).toEqual([{ kind: 'unscored', detail: expect.stringContaining('no JSON object') }])
    expect(report.totals.droppedBy).toEqual({ unscored: 3 })
  })

  it('stops at a model error that would fail every request, and says so in the report', async () => {
    const broken = standIn(() => {
      throw new ModelRequestError('model stand-in: HTTP 401: bad key', true)
    })
    const { report } = await synthesize({ hub, model: broken, settings: settings() })
    expect(report.stopped).toBe('model stand-in: HTTP 401: bad key')
    expect(report.candidates).toEqual([])
  })

  it('drops only the candidate on a passing model error (a rate limit after its retries)', async () => {
    const limited = standIn(() => {
      throw new ModelRequestError('model stand-in: HTTP 429: slow down', false)
    })
    const { report } = await synthesize({ hub, model: limited, settings: settings() })
    expect(report.stopped).toBeNull()
    expect(report.candidates.map((c) => c.reasons[0]?.kind)).toEqual(['unscored', 'unscored', 'unscored'])
    expect(report.candidates[0]!.reasons[0]!.detail).toBe('model stand-in: HTTP 429: slow down')
  })
})
