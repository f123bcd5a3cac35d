import { Ajv } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bestTool, greedyOneStepAgent } from '../../src/agents/baselines/greedy-one-step.ts'
import { randomArguments, randomValue } from '../../src/agents/baselines/random-arguments.ts'
import { randomAgent } from '../../src/agents/baselines/random.ts'
import { argumentsFor, fillable } from '../../src/agents/baselines/prompt-arguments.ts'
import { readPrompt } from '../../src/agents/baselines/prompt-values.ts'
import { isNegated, keywords, labelledNumbers, numbers, properNouns, sentences } from '../../src/agents/baselines/words.ts'
import { loadAgent } from '../../src/agents/resolve.ts'
import type { AgentContext, AgentTool, ToolCallOutcome } from '../../src/agents/types.ts'
import { createRng } from '../../src/random.ts'
import { InProcessServers } from '../support/in-process-suite.ts'

const drafts = { v7: new Ajv({ strict: false }), v2020: new Ajv2020({ strict: false }) }

/** Compiles a tool schema the way the harness does: draft 2020-12 when it says so, else draft 7. */
function validator(schema: Record<string, unknown>) {
  const { $schema, ...rest } = schema
  return (typeof $schema === 'string' && $schema.includes('2020-12') ? drafts.v2020 : drafts.v7).compile(rest)
}

interface Recorded {
  name: string
  args: unknown
  round: number | undefined
}

/** A context over a fixed catalog whose tools answer from a function; every call is recorded. */
function fakeContext(prompt: string, tools: AgentTool[], answer: (name: string, args: any) => ToolCallOutcome, over: Partial<AgentContext> = {}) {
  const calls: Recorded[] = []
  let round = 0
  const ctx: AgentContext = {
    task: { id: 'demo/task', prompt },
    tools,
    maxRounds: 20,
    signal: new AbortController().signal,
    nextRound: () => ++round,
    recordTurn: () => {},
    callTool: async (name, args, options) => {
      calls.push({ name, args, round: options?.round })
      return answer(name, args)
    },
    ...over,
  }
  return { ctx, calls }
}

const ok = (text: string): ToolCallOutcome => ({ content: [{ type: 'text', text }], isError: false, text })
const failed = (text: string): ToolCallOutcome => ({ content: [{ type: 'text', text }], isError: true, text })

function tool(server: string, name: string, description: string, inputSchema: Record<string, unknown>): AgentTool {
  return { name: `${server}__${name}`, server, tool: name, description, inputSchema: { type: 'object', ...inputSchema } as AgentTool['inputSchema'] }
}

/** Arguments for the call a prompt's sentence makes (the last sentence by default). */
function argsFor(schema: unknown, prompt: string, index?: number) {
  const reading = readPrompt(prompt)
  return argumentsFor(schema, reading, index ?? reading.sentences.length - 1)
}

const catalog: AgentTool[] = [
  tool('weather', 'get_weather_forecast_tool', 'Get the daily weather forecast for a city for a number of days.', {
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 10, default: 3 } },
    required: ['city'],
  }),
  tool('national-parks', 'getAlerts', 'Get current alerts (closures, cautions, dangers) for a national park.', {
    properties: { parkCode: { type: 'string' }, limit: { type: 'number' } },
  }),
  tool('math', 'sum', 'Adds any number of numbers together.', {
    properties: { numbers: { type: 'array', items: { type: 'number' }, minItems: 1 } },
    required: ['numbers'],
  }),
  tool('unit-converter', 'convert_length', 'Convert a length between units such as miles and kilometers.', {
    properties: {
      value: { type: 'number' },
      from_unit: { type: 'string', enum: ['meters', 'kilometers', 'miles', 'feet'] },
      to_unit: { type: 'string', enum: ['meters', 'kilometers', 'miles', 'feet'] },
    },
    required: ['value', 'from_unit', 'to_unit'],
  }),
]

describe('prompt words', () => {
  it('splits sentences, keeps keywords and reads names and numbers', () => {
    const text = 'We fly into Salt Lake City on Friday. Is Arches National Park open? Budget is 1,200 dollars for 3.5 days.'
    expect(sentences(text)).toEqual(['We fly into Salt Lake City on Friday.', 'Is Arches National Park open?', 'Budget is 1,200 dollars for 3.5 days.'])
    // Weekdays, months, units and short acronyms are capitalised but name nothing a tool could look up.
    expect(properNouns(text)).toEqual(['Salt Lake City', 'Arches National Park'])
    expect(properNouns('Her BMI and INR were checked in Celsius on Monday in New York.')).toEqual(['New York'])
    expect(numbers(text)).toEqual([1200, 3.5])
    expect(keywords('getAlerts for national_parks')).toEqual(['alert', 'national', 'park'])
  })

  it('does not read dates and clock times as numbers', () => {
    expect(numbers('On 2025-06-15 at 09:30 we need 4 seats')).toEqual([4])
  })

  it('labels numbers with the words next to them, units spelled out', () => {
    // A unit abbreviation is spelled out only right after its number ("2.5 mg"), not two words away.
    expect(labelledNumbers('bilirubin 2.5 mg/dL, 70 kg').map(({ value, labels }) => ({ value, labels }))).toEqual([
      { value: 2.5, labels: ['bilirubin', 'milligram', 'dl'] },
      { value: 70, labels: ['dl', 'kilogram', 'mg'] },
    ])
  })

  it('sees negation shortly before a word', () => {
    expect(isNegated('no heart failure, but diabetes', 'heart')).toBe(true)
    expect(isNegated('no heart failure, but diabetes', 'diabete')).toBe(false)
  })
})

describe('random schema-valid arguments', () => {
  const schemas: Array<[string, Record<string, unknown>]> = [
    ['enums and integer bounds', { type: 'object', properties: { unit: { enum: ['a', 'b'] }, n: { type: 'integer', minimum: 3, maximum: 5 } }, required: ['unit', 'n'] }],
    ['exclusive bounds', { type: 'object', properties: { x: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, y: { type: 'integer', exclusiveMinimum: 0, maximum: 2 } }, required: ['x', 'y'] }],
    ['arrays with item counts', { type: 'object', properties: { xs: { type: 'array', items: { type: 'integer', minimum: -2, maximum: 2 }, minItems: 2, maxItems: 4 } }, required: ['xs'] }],
    ['nested objects with required keys', { type: 'object', properties: { center: { type: 'object', properties: { value: { type: 'string', minLength: 3 }, isCoordinates: { type: 'boolean' } }, required: ['value'], additionalProperties: false } }, required: ['center'] }],
    ['type lists, anyOf and formats', { type: 'object', properties: { q: { type: ['string', 'null'] }, v: { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'number', minimum: 10 }] }, d: { type: 'string', format: 'date' }, u: { type: 'string', format: 'uri' } }, required: ['q', 'v', 'd', 'u'] }],
    ['arrays of objects', { type: 'object', properties: { people: { type: 'array', minItems: 1, items: { type: 'object', properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['name', 'tags'] } } }, required: ['people'] }],
  ]

  it.each(schemas)('draws valid values for %s', (_, schema) => {
    const validate = validator(schema)
    for (let seed = 0; seed < 200; seed++) {
      const args = randomArguments(schema, createRng(seed))
      expect(validate(args), `seed ${seed}: ${JSON.stringify(args)} ${JSON.stringify(validate.errors)}`).toBe(true)
    }
  })

  it('is determined by the seed', () => {
    const schema = schemas[4]![1]
    const draw = (seed: number) => Array.from({ length: 5 }, (_, i) => randomValue(schema as any, createRng(`${seed}:${i}`)))
    expect(draw(1)).toEqual(draw(1))
    expect(draw(1)).not.toEqual(draw(2))
  })

  it('sends optional properties some of the time and draws across the allowed range', () => {
    const draws = Array.from({ length: 200 }, (_, i) => randomArguments(catalog[0]!.inputSchema, createRng(i)))
    const days = draws.map((d) => d.days).filter((d) => d !== undefined)
    expect(days.length).toBeGreaterThan(50)
    expect(days.length).toBeLessThan(150)
    expect(new Set(days)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
  })

  describe('against every bundled server\'s real tool schemas', () => {
    const servers = new InProcessServers()
    let tools: Array<{ server: string; name: string; inputSchema: Record<string, unknown> }> = []
    beforeAll(async () => {
      const session = await servers.forTask(servers.names())
      tools = [...session.connections.values()].flatMap((c) => c.tools.map((t) => ({ server: c.name, name: t.name, inputSchema: t.inputSchema as Record<string, unknown> })))
      await session.release()
    }, 60_000)
    afterAll(() => servers.close())

    it('gives schema-valid arguments for each tool, for many seeds', () => {
      expect(tools.length).toBeGreaterThan(150)
      const invalid: string[] = []
      for (const t of tools) {
        const validate = validator(t.inputSchema)
        for (let seed = 0; seed < 25; seed++) {
          const args = randomArguments(t.inputSchema, createRng(`${t.name}:${seed}`))
          if (!validate(args)) invalid.push(`${t.server}.${t.name} ${JSON.stringify(args)}: ${JSON.stringify(validate.errors)}`)
        }
      }
      expect(invalid).toEqual([])
    })
  })
})

describe('the random agent', () => {
  const answer = (name: string) => (name.startsWith('math') ? failed('math is down') : ok(`output of ${name}`))

  it('repeats its calls for the same seed and task, and changes them with the seed', async () => {
    const run = async (seed: number) => {
      const { ctx, calls } = fakeContext('Forecast for Denver, 5 days.', catalog, answer)
      await randomAgent({ seed, maxCalls: 8 }).run(ctx)
      return calls
    }
    expect(await run(7)).toEqual(await run(7))
    expect(await run(7)).not.toEqual(await run(8))
  })

  it('makes a bounded number of schema-valid calls, one per round, and answers with the outputs it got', async () => {
    const { ctx, calls } = fakeContext('Forecast for Denver, 5 days.', catalog, answer)
    const text = await randomAgent({ seed: 3, maxCalls: 12 }).run(ctx)
    expect(calls).toHaveLength(12)
    expect(calls.map((c) => c.round)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    for (const call of calls) {
      const t = catalog.find((c) => c.name === call.name)!
      expect(validator(t.inputSchema as Record<string, unknown>)(call.args), `${call.name} ${JSON.stringify(call.args)}`).toBe(true)
    }
    const good = calls.filter((c) => !c.name.startsWith('math'))
    expect(good.length).toBeGreaterThan(0)
    for (const call of good) expect(text).toContain(`output of ${call.name}`)
    expect(text).not.toContain('math is down')
  })

  it('stops at the task\'s own cap on tool calls', async () => {
    const { ctx, calls } = fakeContext('anything', catalog, answer, { maxToolCalls: 3 })
    await randomAgent({ maxCalls: 20 }).run(ctx)
    expect(calls).toHaveLength(3)
  })

  it('loads as a module agent from its default export, named after the file', async () => {
    const agent = await loadAgent({ kind: 'module', module: './src/agents/baselines/random.ts', export: 'default' }, process.cwd())
    expect(agent.name).toBe('random')
    const { ctx, calls } = fakeContext('Forecast for Denver.', catalog, answer)
    await agent.run(ctx)
    expect(calls).toHaveLength(20)
  })
})

describe('the greedy one-step agent', () => {
  it('picks the tool sharing the most keywords with a sentence', () => {
    expect(bestTool('What will the weather forecast be in Denver?', catalog)?.tool).toBe('get_weather_forecast_tool')
    expect(bestTool('Any alerts or closures at the park?', catalog)?.tool).toBe('getAlerts')
    expect(bestTool('Add these numbers: 3, 4 and 5.', catalog)?.tool).toBe('sum')
    expect(bestTool('How many feet is 10 miles?', catalog)?.tool).toBe('convert_length')
    expect(bestTool('Thanks so much!', catalog)).toBeUndefined()
  })

  it('fills arguments from the sentence: names, numbers in order, enum values, defaults', () => {
    expect(argsFor(catalog[0]!.inputSchema, 'Forecast for Salt Lake City for 5 days')).toEqual({ city: 'Salt Lake City', days: 5 })
    expect(argsFor(catalog[2]!.inputSchema, 'Add 3, 4.5 and 12')).toEqual({ numbers: [3, 4.5, 12] })
    expect(argsFor(catalog[3]!.inputSchema, 'Turn 26.2 miles into kilometers')).toEqual({ value: 26.2, from_unit: 'miles', to_unit: 'kilometers' })
    // Nothing in the sentence: required parameters get the schema's default or its first allowed value; optional ones are left out.
    expect(argsFor(catalog[3]!.inputSchema, 'convert something')).toEqual({ value: 1, from_unit: 'meters', to_unit: 'meters' })
    expect(argsFor(catalog[1]!.inputSchema, 'any alerts?')).toEqual({})
    // Plural and British spellings still name an enum value, and the longer value wins where two start alike.
    expect(argsFor(catalog[3]!.inputSchema, 'Convert 26.2 miles to kilometres.')).toEqual({ value: 26.2, from_unit: 'miles', to_unit: 'kilometers' })
  })

  const bmi = { type: 'object', properties: { weight: { type: 'number', description: 'Weight in kilograms' }, height: { type: 'number', description: 'Height in centimeters' } }, required: ['weight', 'height'] }
  const risk = { type: 'object', properties: { age: { type: 'integer', description: 'Age in years' }, chf: { type: 'boolean', description: 'History of heart failure' }, diabetes: { type: 'boolean', description: 'History of diabetes' } }, required: ['age', 'chf', 'diabetes'] }
  const clock = { type: 'object', properties: { timezone: { type: 'string', description: 'IANA timezone name' } }, required: ['timezone'] }

  it('gives a number to the parameter its label names, whatever the order', () => {
    expect(argsFor(bmi, 'She is 160 cm tall and weighs 71 kg.')).toEqual({ weight: 71, height: 160 })
    expect(argsFor(risk, 'A 72-year-old with diabetes and no heart failure.')).toEqual({ age: 72, chf: false, diabetes: true })
  })

  it('turns a place into its IANA time zone and borrows names from the sentence before', () => {
    expect(argsFor(clock, 'What time is it in New York?')).toEqual({ timezone: 'America/New_York' })
    expect(argsFor(clock, 'I call my aunt in Sydney. What time is it there?')).toEqual({ timezone: 'Australia/Sydney' })
    expect(fillable(clock, readPrompt('What time is it in Tokyo?'), 0)).toMatchObject({ filled: 1, required: 1 })
    expect(fillable(clock, readPrompt('What time is it now?'), 0)).toMatchObject({ filled: 0, required: 1 })
  })

  it('calls one tool per matching sentence, all in one round, and answers with their outputs', async () => {
    const { ctx, calls } = fakeContext(
      'I am heading to Moab. What is the weather forecast for Moab? Are there any alerts at the park? Thanks!',
      catalog,
      (name, args) => ok(`${name} says ${JSON.stringify(args)}`),
    )
    const text = await greedyOneStepAgent().run(ctx)
    expect(calls.map((c) => c.name)).toEqual(['weather__get_weather_forecast_tool', 'national-parks__getAlerts'])
    expect(calls[0]!.args).toEqual({ city: 'Moab' })
    expect(new Set(calls.map((c) => c.round))).toEqual(new Set([1]))
    expect(text).toContain('weather__get_weather_forecast_tool says {"city":"Moab"}')
    // The alerts sentence names no park, so it borrows "Moab" from the sentence before.
    expect(calls[1]!.args).toEqual({ parkCode: 'Moab' })
    expect(text).toContain('national-parks__getAlerts says {"parkCode":"Moab"}')
  })

  it('loads as a module agent from its default export', async () => {
    const agent = await loadAgent({ kind: 'module', module: './src/agents/baselines/greedy-one-step.ts', export: 'default' }, process.cwd())
    expect(agent.name).toBe('greedy-one-step')
  })
})
