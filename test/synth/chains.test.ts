import { describe, expect, it } from 'vitest'
import { buildCatalog } from '../../src/runtime/servers/catalog.ts'
import { findChains, selectChains } from '../../src/synth/chains.ts'
import { findLinks, linkBetween, outputSideText, profileTools, type ToolProfile } from '../../src/synth/links.ts'
import { outputFields } from '../../src/synth/output-fields.ts'
import type { ToolSample } from '../../src/synth/samples.ts'
import { isControlName, meaningfulWords, words } from '../../src/synth/words.ts'

const num = (description = '') => ({ type: 'number', description })
const str = (description = '') => ({ type: 'string', description })
const schema = (properties: Record<string, object>, required = Object.keys(properties)) => ({
  type: 'object' as const,
  properties,
  required,
})

/** A small catalog: parks (codes, cities), weather by city, a converter and arithmetic. */
const catalog = buildCatalog([
  {
    server: 'parks',
    tools: [
      {
        name: 'findParks',
        description: 'Search for national parks by state.',
        inputSchema: schema({ stateCode: str('State code, e.g. "CA"'), limit: num() }, ['stateCode']),
      },
      { name: 'getParkDetails', description: 'Get details of a park.', inputSchema: schema({ parkCode: str('The park code') }) },
    ],
  },
  {
    server: 'weather',
    tools: [
      {
        name: 'get_current_weather',
        description: 'Get the current weather for a city.\n\nArgs:\n    city: the city\n\nReturns:\n    temperature and humidity',
        inputSchema: schema({ city: str('Name of the city') }),
      },
      {
        name: 'get_forecast',
        description: 'Forecast for a city.',
        inputSchema: schema({ city: str('Name of the city'), days: { type: 'integer' } }),
      },
    ],
  },
  {
    server: 'units',
    tools: [
      {
        name: 'convert_temperature',
        description: 'Convert temperature between units.',
        inputSchema: schema({ value: num('Temperature value to convert'), from_unit: str(), to_unit: str() }),
      },
      {
        name: 'convert_length',
        description: 'Convert length between units.',
        inputSchema: schema({ value: num('Length value to convert'), from_unit: str(), to_unit: str() }),
      },
    ],
  },
])

function sample(text: string): ToolSample {
  return { args: {}, text, fields: outputFields(text) }
}

const parksSample = sample(
  JSON.stringify({ total: 2, parks: [{ name: 'Yosemite National Park', code: 'yose', address: { city: 'Mariposa', stateCode: 'CA' } }] }),
)
const weatherSample = sample(JSON.stringify({ city: 'Denver', temperature_c: 12.5, humidity: 44, weather: 'Sunny' }))
const samples = new Map([
  ['parks.findParks', parksSample],
  ['weather.get_current_weather', weatherSample],
])
const tools = profileTools(catalog.entries, samples)
const tool = (ref: string) => tools.find((t) => t.ref === ref)!

describe('words', () => {
  it('splits identifiers and phrases into singular lower-case words', () => {
    expect(words('parkCode')).toEqual(['park', 'code'])
    expect(words('park_codes')).toEqual(['park', 'code'])
    expect(words('HTTPServerURL')).toEqual(['http', 'server', 'url'])
    expect(words('Cities of the state')).toEqual(['city', 'state'])
    expect(meaningfulWords('firstNumber')).toEqual([])
    expect(meaningfulWords('placeId')).toEqual(['place'])
  })

  it('knows the parameters that steer a call rather than name its data', () => {
    expect(['limit', 'page_size', 'sortOrder', 'start'].map(isControlName)).toEqual([true, true, true, true])
    expect(['city', 'parkCode', 'value'].map(isControlName)).toEqual([false, false, false])
  })
})

describe('output fields of a sample', () => {
  it('reads the keys of a JSON output at any depth, with their types', () => {
    expect(parksSample.fields.map((f) => [f.path, f.type])).toEqual([
      ['total', 'number'],
      ['parks[].name', 'string'],
      ['parks[].code', 'string'],
      ['parks[].address.city', 'string'],
      ['parks[].address.stateCode', 'string'],
    ])
    expect(parksSample.fields.find((f) => f.path === 'parks[].code')!.words).toEqual(['park', 'code'])
  })

  it('reads labelled lines of a text output, and a bare value as the result', () => {
    expect(outputFields('Temperature: 20 °C\n- **Wind speed**: calm').map((f) => [f.path, f.type])).toEqual([
      ['Temperature', 'number'],
      ['Wind speed', 'string'],
    ])
    expect(outputFields('270')).toEqual([{ path: '(result)', words: [], type: 'number' }])
  })
})

describe('links between tools', () => {
  it('links a sampled field named like a parameter (parks[].code → parkCode) most strongly', () => {
    expect(linkBetween(tool('parks.findParks'), tool('parks.getParkDetails'))).toMatchObject({
      param: 'parkCode',
      via: 'output-field',
      weight: 3,
      detail: 'parks.findParks returns "parks[].code"',
    })
    expect(linkBetween(tool('parks.findParks'), tool('weather.get_forecast'))).toMatchObject({ param: 'city', via: 'output-field' })
  })

  it('links a sampled field that the parameter\'s description names (temperature_c → "Temperature value")', () => {
    expect(linkBetween(tool('weather.get_current_weather'), tool('units.convert_temperature'))).toMatchObject({
      param: 'value',
      via: 'output-meaning',
      weight: 2,
    })
  })

  it('feeds a number into a number parameter that says nothing of what it counts, never into `days` or `limit`', () => {
    const link = linkBetween(tool('weather.get_current_weather'), tool('units.convert_length'))
    expect(link).toMatchObject({ param: 'value', via: 'number', weight: 0.5 })
    expect(linkBetween(tool('units.convert_length'), tool('weather.get_forecast'))).toBeUndefined()
    expect(linkBetween(tool('weather.get_current_weather'), tool('parks.findParks'))).toBeUndefined()
  })

  it('without a sample, reads what the description says the tool returns, not its list of arguments', () => {
    const unsampled = profileTools(catalog.entries)
    const weather = unsampled.find((t) => t.ref === 'weather.get_current_weather')!
    expect(outputSideText(weather.description)).not.toContain('city: the city')
    // "for a city" names its own input, so it promises no city to the forecast.
    expect(linkBetween(weather, unsampled.find((t) => t.ref === 'weather.get_forecast')!)).toBeUndefined()
    // "Convert temperature" promises a number, on the subject of the other converter: a number link with the topic bonus.
    const converter = unsampled.find((t) => t.ref === 'units.convert_temperature')!
    const link = linkBetween(weather, converter)
    expect(link).toMatchObject({ via: 'number', weight: 1, detail: expect.stringContaining('both are about "temperature"') })
  })

  it('never links a tool to itself', () => {
    expect(findLinks(tools).filter((l) => l.from === l.to)).toEqual([])
  })
})

describe('chains', () => {
  const links = findLinks(tools)
  const chains = findChains(tools, links, ['parks', 'weather', 'units'])

  it('are paths of two or three distinct tools along the links, within a server and across servers', () => {
    expect(chains.every((c) => c.tools.length >= 2 && c.tools.length <= 3 && new Set(c.tools).size === c.tools.length)).toBe(true)
    expect(chains.map((c) => c.key)).toContain('parks.findParks > parks.getParkDetails')
    expect(chains.map((c) => c.key)).toContain('parks.findParks > weather.get_current_weather > units.convert_temperature')
    const cross = chains.find((c) => c.key === 'parks.findParks > weather.get_current_weather > units.convert_temperature')!
    expect(cross.servers).toEqual(['parks', 'weather', 'units'])
    // The mean of its links (3 and 2) plus the bonus for a third tool.
    expect(cross.score).toBe(2.75)
  })

  it('are tried combination by combination, the most servers first, the strongest first within each', () => {
    const picked = selectChains(chains, 6, 1, ['parks', 'weather', 'units'])
    expect(picked[0]!.servers).toEqual(['parks', 'weather', 'units'])
    const groups = picked.map((c) => c.servers.join('+'))
    expect(new Set(groups.slice(0, 3)).size).toBe(3)
    for (const group of new Set(groups)) {
      const scores = picked.filter((c) => c.servers.join('+') === group).map((c) => c.score)
      const all = chains.filter((c) => c.servers.join('+') === group).map((c) => c.score)
      expect(scores[0]).toBe(Math.max(...all))
    }
  })

  it('are the same for the same seed, and ordered otherwise among equals for another', () => {
    const order = (seed: number) => selectChains(chains, 40, seed, ['parks', 'weather', 'units']).map((c) => c.key)
    expect(order(7)).toEqual(order(7))
    expect(order(7)).not.toEqual(order(8))
    expect([...order(7)].sort()).toEqual([...order(8)].sort())
  })

  it('never try more chains than asked', () => {
    expect(selectChains(chains, 2, 1, ['parks', 'weather', 'units'])).toHaveLength(2)
  })
})

// Keep the profile type honest: a tool with no parameters has nothing to link into.
it('a tool with no parameters receives no link', () => {
  const lonely: ToolProfile = { ref: 'x.ping', server: 'x', tool: 'ping', description: '', params: [] }
  expect(tools.map((t) => linkBetween(t, lonely))).toEqual(tools.map(() => undefined))
})
