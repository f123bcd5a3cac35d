import { describe, expect, it } from 'vitest'
import { bestTool, greedyOneStepAgent, scoreTools } from '../../../src/runtime/agents/baselines/greedy-one-step.ts'
import { readPrompt } from '../../../src/runtime/agents/baselines/prompt-values.ts'
import { loadAgent } from '../../../src/runtime/agents/resolve.ts'
import type { AgentTool } from '../../../src/runtime/agents/types.ts'
import { failed, fakeContext, ok, smallCatalog as catalog, tool } from '../../support/fake-agent-context.ts'

/** The greedy one-step baseline on small made-up catalogs. */

const clocks: AgentTool[] = [
  tool('time', 'get_current_time', 'Get the current time in a time zone.', {
    properties: { timezone: { type: 'string', description: 'IANA timezone name' } },
    required: ['timezone'],
  }),
  tool('time', 'convert_time', 'Convert a time between time zones.', {
    properties: {
      source_timezone: { type: 'string', description: 'Source IANA timezone name' },
      time: { type: 'string', description: 'Time in 24-hour format (HH:MM)' },
      target_timezone: { type: 'string', description: 'Target IANA timezone name' },
    },
    required: ['source_timezone', 'time', 'target_timezone'],
  }),
]

const echo = (name: string, args: unknown) => ok(`${name} says ${JSON.stringify(args)}`)

describe('choosing a tool', () => {
  it('picks the tool sharing the most keywords with a sentence, and none when no tool shares one', () => {
    expect(bestTool('What will the weather forecast be in Denver?', catalog)?.tool).toBe('get_weather_forecast_tool')
    expect(bestTool('Any alerts or closures at the park?', catalog)?.tool).toBe('getAlerts')
    expect(bestTool('Add these numbers: 3, 4 and 5.', catalog)?.tool).toBe('sum')
    expect(bestTool('How many feet is 10 miles?', catalog)?.tool).toBe('convert_length')
    expect(bestTool('Thanks so much!', catalog)).toBeUndefined()
  })

  it('prefers the tool that takes the sentence\'s values when the words tie', () => {
    // Both tools are about "time"; only the converter has a place for "half past nine".
    const prompt = 'I have a call at half past nine New York time. Is that late in London?'
    expect(bestTool('I have a call at half past nine New York time.', clocks, prompt)?.tool).toBe('convert_time')
    expect(bestTool('What time is it in New York?', clocks)?.tool).toBe('get_current_time')
  })

  it('reads what a question word asks for', () => {
    const routes = [
      tool('maps', 'directions', 'Turn-by-turn route between two places.', { properties: { origin: { type: 'string' }, destination: { type: 'string' } }, required: ['origin', 'destination'] }),
      tool('maps', 'matrix', 'Travel distance between places.', { properties: { origin: { type: 'string' }, destination: { type: 'string' } }, required: ['origin', 'destination'] }),
    ]
    // "travel" ties the two; "how far" asks for a distance.
    expect(bestTool('How far is the travel from Denver to Moab?', routes)?.tool).toBe('matrix')
    expect(bestTool('Which route is the travel from Denver to Moab?', routes)?.tool).toBe('directions')
  })

  it('lets a sentence that points back and names nothing borrow half the words of the one before', () => {
    const hexagrams = [
      tool('iching', 'hexagram_details', 'Hexagram details by number: name, lines, trigrams.', { properties: { number: { type: 'integer', minimum: 1, maximum: 64 } }, required: ['number'] }),
      tool('iching', 'compare_names', 'Compare names.', { properties: { first: { type: 'string' } } }),
    ]
    const prompt = 'How do hexagrams 1 and 2 differ? Compare their names and lines.'
    const score = scoreTools(hexagrams)
    const reading = readPrompt(prompt)
    expect(score(reading.sentences[1]!.text, reading, 1)[0]!.tool.tool).toBe('hexagram_details')
    // Without the pointing word, the sentence stands alone.
    const alone = readPrompt('How do hexagrams 1 and 2 differ? Compare names and lines.')
    expect(score(alone.sentences[1]!.text, alone, 1)[0]!.tool.tool).toBe('compare_names')
  })

  it('lists every candidate best first, with its score', () => {
    const reading = readPrompt('Convert 10 miles to kilometers.')
    const scored = scoreTools(catalog)(reading.sentences[0]!.text, reading, 0)
    expect(scored[0]!.tool.tool).toBe('convert_length')
    expect(scored.map((s) => s.score)).toEqual([...scored.map((s) => s.score)].sort((a, b) => b - a))
    expect(scored.every((s) => s.score > 0)).toBe(true)
  })
})

describe('the greedy one-step agent', () => {
  it('calls one tool per matching sentence, all in one round, and answers with their outputs', async () => {
    const { ctx, calls } = fakeContext('I am heading to Moab. What is the weather forecast for Moab? Are there any alerts at the park? Thanks!', catalog, echo)
    const text = await greedyOneStepAgent().run(ctx)
    expect(calls.map((c) => c.name)).toEqual(['weather__get_weather_forecast_tool', 'national-parks__getAlerts'])
    expect(calls[0]!.args).toEqual({ city: 'Moab' })
    // The alerts sentence names no park but uses the parameter's word, so it borrows "Moab" from before.
    expect(calls[1]!.args).toEqual({ parkCode: 'Moab' })
    expect(new Set(calls.map((c) => c.round))).toEqual(new Set([1]))
    expect(text).toContain('weather__get_weather_forecast_tool says {"city":"Moab"}')
    expect(text).toContain('national-parks__getAlerts says {"parkCode":"Moab"}')
  })

  it('fills a call from the whole prompt when one question spans two sentences', async () => {
    const { ctx, calls } = fakeContext('A marathon is 26.2 miles. How long is that in kilometres?', catalog, echo)
    await greedyOneStepAgent().run(ctx)
    expect(calls.map((c) => [c.name, c.args])).toEqual([['unit-converter__convert_length', { value: 26.2, from_unit: 'miles', to_unit: 'kilometers' }]])
  })

  it('never feeds one call\'s output into another', async () => {
    const tools = [
      tool('hub', 'search_models', 'Search models by keyword.', { properties: { query: { type: 'string' } } }),
      tool('hub', 'get_model_info', 'Get model details by model id.', { properties: { model_id: { type: 'string' } }, required: ['model_id'] }),
    ]
    const { ctx, calls } = fakeContext('Search models for spam. Give me the model details of the top one.', tools, (name) =>
      name.endsWith('search_models') ? ok('1. textlab/sms-spam (model id textlab/sms-spam)') : ok('details'))
    await greedyOneStepAgent().run(ctx)
    expect(calls.map((c) => c.name)).toEqual(['hub__search_models', 'hub__get_model_info'])
    expect(JSON.stringify(calls[1]!.args)).not.toContain('textlab')
    expect(new Set(calls.map((c) => c.round)).size).toBe(1)
  })

  it('leaves failed outputs out of the answer, and says so when nothing worked', async () => {
    const { ctx } = fakeContext('What is the weather forecast for Moab?', catalog, () => failed('service down'))
    expect(await greedyOneStepAgent().run(ctx)).toBe('I could not find anything useful.')
  })

  it('makes the same call once: a sentence that repeats it asks for the values left over, or takes the next-best tool', async () => {
    const models = [
      tool('hub', 'get_model_info', 'Get model details and size by model id.', { properties: { model_id: { type: 'string', description: "Model ID (e.g., 'google/bert-base')" } }, required: ['model_id'] }),
    ]
    const pair = fakeContext('Tell me about the models acme/alpha-7b and acme/beta-7b. Which model is bigger in size?', models, echo)
    await greedyOneStepAgent().run(pair.ctx)
    expect(pair.calls.map((c) => c.args)).toEqual([{ model_id: 'acme/alpha-7b' }, { model_id: 'acme/beta-7b' }])

    const clinic = [
      tool('med', 'bmi_calculator', 'BMI and body surface area from weight and height.', {
        properties: { weight: { type: 'number', description: 'Weight in kg' }, height: { type: 'number', description: 'Height in cm' } },
        required: ['weight', 'height'],
      }),
      tool('units', 'convert_temperature', 'Convert a temperature.', {
        properties: { value: { type: 'number' }, from_unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, to_unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
        required: ['value', 'from_unit', 'to_unit'],
      }),
    ]
    const intake = fakeContext('Intake: 70 kg, 175 cm, thermometer says 101.3 degrees Fahrenheit for the BMI. What are the BMI and that temperature in Celsius?', clinic, echo)
    await greedyOneStepAgent().run(intake.ctx)
    expect(intake.calls.map((c) => [c.name, c.args])).toEqual([
      ['med__bmi_calculator', { weight: 70, height: 175 }],
      ['units__convert_temperature', { value: 101.3, from_unit: 'fahrenheit', to_unit: 'celsius' }],
    ])
  })

  it('stops at the task\'s own cap on tool calls', async () => {
    const { ctx, calls } = fakeContext('What is the forecast for Moab? Any alerts at Zion National Park? Add 1 and 2.', catalog, echo, { maxToolCalls: 2 })
    await greedyOneStepAgent().run(ctx)
    expect(calls).toHaveLength(2)
  })

  it('loads as a module agent from its default export', async () => {
    const agent = await loadAgent({ kind: 'module', module: './src/runtime/agents/baselines/greedy-one-step.ts', export: 'default', isolation: 'none' }, process.cwd())
    expect(agent.name).toBe('greedy-one-step')
    const { ctx, calls } = fakeContext('Add 3, 4 and 5.', catalog, echo)
    await agent.run(ctx)
    expect(calls.map((c) => [c.name, c.args])).toEqual([['math__sum', { numbers: [3, 4, 5] }]])
  })
})
