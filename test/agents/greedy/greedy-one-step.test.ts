import { describe, expect, it } from 'vitest'
import { bm25Rank, tokenize } from '../../../src/runtime/agents/baselines/bm25.ts'
import { greedyOneStepAgent, rankTools } from '../../../src/runtime/agents/baselines/greedy-one-step.ts'
import { schemaDefaultArguments } from '../../../src/runtime/agents/baselines/schema-defaults.ts'
import { loadAgent } from '../../../src/runtime/agents/resolve.ts'
import { failed, fakeContext, ok, smallCatalog, tool } from '../../support/fake-agent-context.ts'

/** The frozen greedy baseline: BM25 over names and descriptions, arguments from the schema alone. */

// Three tools whose documents (qualified name + description) are, after tokenising:
//   math__add        "Add two numbers."             → math add add two numbers     (length 5)
//   time__now        "Current time in a time zone." → time now current time time zone (length 6)
//   weather__forecast "Weather forecast for a city." → weather forecast weather forecast city (length 5)
// so N = 3 documents, average length 16/3, and every word below is in one document: idf = ln(1 + 2.5/1.5) = ln(8/3).
const catalog = [
  tool('math', 'add', 'Add two numbers.', { properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] }),
  tool('time', 'now', 'Current time in a time zone.', { properties: { timezone: { type: 'string', default: 'UTC' } } }),
  tool('weather', 'forecast', 'Weather forecast for a city.', { properties: { city: { type: 'string' } }, required: ['city'] }),
]
const IDF = Math.log(8 / 3)
/** BM25's length factor k1·(1 − b + b·|d|/avgdl) with k1 = 1.2, b = 0.75, by hand. */
const lengthFactor = (length: number) => 1.2 * (0.25 + (0.75 * length) / (16 / 3))
const term = (f: number, length: number) => (IDF * f * 2.2) / (f + lengthFactor(length))

describe('tokenising', () => {
  it('splits qualified names, snake_case and camelCase, and drops stopwords ("get" among them) and one-letter words', () => {
    expect(tokenize('weather__get_forecast getAlerts: What is a 5-day Forecast?')).toEqual([
      'weather',
      'forecast',
      'alerts',
      'day',
      'forecast',
    ])
  })
})

describe('BM25 ranking', () => {
  it('scores a tool by the textbook formula, computed here by hand', () => {
    const ranked = rankTools('What is the weather forecast for Paris?', catalog)
    expect(ranked.map((r) => r.item.name)).toEqual(['weather__forecast'])
    // "weather" and "forecast" each appear twice in a document of length 5; "paris" is in none.
    expect(ranked[0]!.score).toBeCloseTo(2 * term(2, 5), 10)
  })

  it('ranks every tool that shares a word, best first, and leaves the others out', () => {
    const ranked = rankTools('The time now in the city', catalog)
    expect(ranked.map((r) => r.item.name)).toEqual(['time__now', 'weather__forecast'])
    expect(ranked[0]!.score).toBeCloseTo(term(3, 6) + term(1, 6), 10)
    expect(ranked[1]!.score).toBeCloseTo(term(1, 5), 10)
    expect(rankTools('Thanks so much!', catalog)).toEqual([])
  })

  it('weighs a word by its rarity: a word every document has counts less than one only a single document has', () => {
    const docs = [
      { item: 'a', text: 'fetch weather' },
      { item: 'b', text: 'fetch time' },
      { item: 'c', text: 'fetch news' },
    ]
    const [first, second] = bm25Rank('fetch time', docs)
    expect(first!.item).toBe('b')
    // "fetch": n = 3, idf = ln(1 + 0.5/3.5); every document has length 2 = the average, so the length factor is k1.
    expect(second!.score).toBeCloseTo((Math.log(1 + 0.5 / 3.5) * 2.2) / (1 + 1.2), 10)
    expect(first!.score).toBeCloseTo(second!.score + (Math.log(1 + 2.5 / 1.5) * 2.2) / 2.2, 10)
  })

  it('keeps catalog order between equal scores', () => {
    const docs = [
      { item: 'x', text: 'alpha beta' },
      { item: 'y', text: 'alpha gamma' },
    ]
    expect(bm25Rank('alpha', docs).map((r) => r.item)).toEqual(['x', 'y'])
    expect(bm25Rank('alpha', [...docs].reverse()).map((r) => r.item)).toEqual(['y', 'x'])
  })
})

describe('schema-default arguments', () => {
  it('takes defaults, first enum members and the least allowed values, and leaves optional properties without a default out', () => {
    const args = schemaDefaultArguments({
      type: 'object',
      properties: {
        days: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        count: { type: 'integer', minimum: 1 },
        offset: { type: 'number', maximum: -5 },
        ratio: { type: 'number', exclusiveMinimum: 0.5 },
        code: { type: 'string', minLength: 2 },
        name: { type: 'string' },
        day: { type: 'string', format: 'date' },
        numbers: { type: 'array', items: { type: 'number', minimum: 2 }, minItems: 2 },
        tags: { type: 'array', items: { type: 'string' } },
        strict: { type: 'boolean' },
        kind: { const: 'fixed' },
        either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        place: {
          type: 'object',
          properties: { lat: { type: 'number' }, note: { type: 'string' }, zoom: { type: 'integer', default: 4 } },
          required: ['lat'],
        },
        optional: { type: 'string' },
        limit: { type: 'integer', default: 20 },
      },
      required: ['unit', 'count', 'offset', 'ratio', 'code', 'name', 'day', 'numbers', 'tags', 'strict', 'kind', 'either', 'place'],
    })
    expect(args).toEqual({
      days: 3,
      unit: 'celsius',
      count: 1,
      offset: -5,
      ratio: 0.500001,
      code: 'aa',
      name: '',
      day: '1970-01-01',
      numbers: [2, 2],
      tags: [],
      strict: false,
      kind: 'fixed',
      either: 0,
      place: { lat: 0, zoom: 4 },
      limit: 20,
    })
  })

  it('reads a schema outside the subset, or none, as an empty object', () => {
    expect(schemaDefaultArguments(undefined)).toEqual({})
    expect(schemaDefaultArguments({ type: 'object', properties: 'nonsense' })).toEqual({})
  })

  it('ignores the prompt: the same tool gets the same arguments whatever is asked', async () => {
    const convert = smallCatalog.find((t) => t.tool === 'convert_length')!
    for (const prompt of ['Convert 26.2 miles to kilometers.', 'How many feet are in 3 meters of length? Convert it.']) {
      const { ctx, calls } = fakeContext(prompt, smallCatalog, () => ok('done'))
      await greedyOneStepAgent().run(ctx)
      expect(calls).toEqual([{ name: convert.name, args: { value: 0, from_unit: 'meters', to_unit: 'meters' }, round: 1 }])
    }
  })
})

describe('the greedy one-step agent', () => {
  it('calls the best-matching tool once, in one round, and answers with its output', async () => {
    const { ctx, calls } = fakeContext('What is the weather forecast for Paris?', catalog, (name, args) =>
      ok(`${name} says ${JSON.stringify(args)}`),
    )
    const answer = await greedyOneStepAgent().run(ctx)
    expect(calls).toEqual([{ name: 'weather__forecast', args: { city: '' }, round: 1 }])
    expect(answer).toBe('Here is what I found:\n\nweather__forecast: weather__forecast says {"city":""}')
  })

  it('makes no call when no tool shares a word with the prompt or the task allows none, and says so when the call fails', async () => {
    const none = fakeContext('Thanks so much!', catalog, () => ok('never'))
    expect(await greedyOneStepAgent().run(none.ctx)).toBe('I found no tool for this.')
    expect(none.calls).toEqual([])
    const capped = fakeContext('Add two numbers.', catalog, () => ok('never'), { maxToolCalls: 0 })
    await greedyOneStepAgent().run(capped.ctx)
    expect(capped.calls).toEqual([])
    const broken = fakeContext('Add two numbers.', catalog, () => failed('boom'))
    expect(await greedyOneStepAgent().run(broken.ctx)).toBe('I could not find anything useful.')
    expect(broken.calls.map((c) => c.name)).toEqual(['math__add'])
  })

  it('loads as a module agent from its default export', async () => {
    const agent = await loadAgent(
      { kind: 'module', module: './src/runtime/agents/baselines/greedy-one-step.ts', export: 'default', isolation: 'none' },
      process.cwd(),
    )
    const { ctx, calls } = fakeContext('The time now, please.', catalog, () => ok('12:00'))
    expect(await agent.run(ctx)).toContain('time__now: 12:00')
    expect(calls).toEqual([{ name: 'time__now', args: { timezone: 'UTC' }, round: 1 }])
  })
})
