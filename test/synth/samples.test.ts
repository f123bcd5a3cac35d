import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { buildCatalog } from '../../src/runtime/servers/catalog.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { callSafety } from '../../src/synth/call-safety.ts'
import { collectSamples, sampleArguments } from '../../src/synth/samples.ts'

describe('which tools synthesis may call for a sample', () => {
  it('never calls a tool whose name says it writes, deletes, sends or acts, whatever it declares', () => {
    const verdicts = [
      ['create_entities', 'Create multiple new entities in the knowledge graph'],
      ['add_observations', 'Add new observations to existing entities in the knowledge graph'],
      ['delete_tensor', 'Remove a tensor from the store'],
      ['write_file', 'Create a new file or completely overwrite an existing file'],
      ['send_email', 'Email a message to a recipient'],
      ['download_arxiv', 'Download the PDF of an arXiv paper'],
      ['nmap_scan', 'Port scan of a host'],
      ['toggle-subscriber-updates', 'Toggles simulated resource subscription updates on or off.'],
    ].map(([tool, description]) => [tool, callSafety({ tool: tool!, description: description!, annotations: { readOnlyHint: true } }).safe])
    expect(verdicts.filter(([, safe]) => safe)).toEqual([])
  })

  it('calls a tool that reads, even when its nouns sound like writes, unless its description says it writes', () => {
    expect(callSafety({ tool: 'get_order_book', description: 'Order book depth for an instrument.' })).toEqual({ safe: true })
    expect(callSafety({ tool: 'add', description: 'Adds two numbers together' })).toEqual({ safe: true })
    expect(callSafety({ tool: 'add_matrices', description: 'Add two matrices element-wise' })).toEqual({ safe: true })
    expect(callSafety({ tool: 'findParks', description: 'Search for national parks based on state' })).toEqual({ safe: true })
    expect(callSafety({ tool: 'get_note', description: 'Returns the note and deletes it afterwards' })).toMatchObject({
      safe: false,
      reason: 'its description says "deletes"',
    })
  })

  it('leaves alone a tool that may reveal secrets, or whose annotations say it is not read-only', () => {
    expect(callSafety({ tool: 'get-env', description: 'Returns all environment variables' })).toMatchObject({
      safe: false,
      reason: 'it may reveal secrets ("env")',
    })
    expect(callSafety({ tool: 'read_graph', description: 'Read the graph', annotations: { readOnlyHint: false } })).toMatchObject({
      safe: false,
    })
    expect(callSafety({ tool: 'get_thing', description: 'Get it', annotations: { destructiveHint: true } })).toMatchObject({ safe: false })
  })
})

describe('sample arguments', () => {
  const [entry] = buildCatalog([
    {
      server: 's',
      tools: [
        {
          name: 't',
          description: '',
          inputSchema: {
            type: 'object',
            properties: {
              code: { type: 'string', description: 'The park code (e.g., "yose" for Yosemite)' },
              zone: { type: 'string', description: "IANA timezone name (e.g., 'America/New_York', 'Europe/London')" },
              unit: { type: 'string', enum: ['celsius', 'kelvin'] },
              days: { type: 'integer', default: 3 },
              lat: { type: 'number', description: 'Latitude, e.g. 40.7' },
              verbose: { type: 'boolean' },
              optional: { type: 'string' },
            },
            required: ['code', 'zone', 'unit', 'days', 'lat', 'verbose'],
          },
        },
      ],
    },
  ]).entries

  it('fills each required parameter with what its own schema suggests, and leaves optional ones out', () => {
    expect(sampleArguments(entry!)).toEqual({
      args: { code: 'yose', zone: 'America/New_York', unit: 'celsius', days: 3, lat: 40.7, verbose: false },
    })
  })

  it('guesses nothing: a required parameter with no hint means no sample', () => {
    const [bare] = buildCatalog([
      {
        server: 's',
        tools: [
          {
            name: 'u',
            inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'Name of the city' } }, required: ['city'] },
          },
        ],
      },
    ]).entries
    expect(sampleArguments(bare!)).toEqual({ skip: 'its schema suggests no value for the required "city"' })
  })
})

describe('collecting samples from real servers', () => {
  let hub: ServerHub
  beforeAll(() => {
    hub = new ServerHub({
      ...parseServers(
        {
          mcpServers: {
            parks: { module: './fixtures/servers/national-parks/server.ts' },
            math: { module: './fixtures/servers/math/server.ts' },
          },
        },
        'test',
      ),
      root: process.cwd(),
    })
  })
  afterAll(() => hub.close())

  it('calls each callable tool once and keeps its output and fields; says why the others were not called', async () => {
    const session = await hub.acquire(['parks', 'math'])
    const outcomes = await collectSamples(session, {
      maxChars: 300,
      timeoutMs: () => 10_000,
      redact: (t) => t.replaceAll('Yosemite', '[redacted]'),
    })
    await session.release()
    const details = outcomes.find((o) => o.tool === 'parks.getParkDetails')!
    expect(details.sample!.args).toEqual({ parkCode: 'yose' })
    expect(details.sample!.text.length).toBeLessThanOrEqual(300 + 80)
    expect(details.sample!.text).toContain('[redacted]')
    expect(details.sample!.fields.map((f) => f.path)).toEqual(expect.arrayContaining(['name', 'location.latitude']))
    expect(outcomes.find((o) => o.tool === 'parks.findParks')!.sample!.fields.map((f) => f.path)).toContain('parks[].code')
    expect(outcomes.find((o) => o.tool === 'math.sum')).toEqual({
      tool: 'math.sum',
      skipped: 'not called: its schema suggests no value for the required "numbers"',
    })
    expect(outcomes).toHaveLength(6 + 13)
  }, 60_000)
})
