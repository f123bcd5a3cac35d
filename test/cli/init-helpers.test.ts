import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { parseServerFlag, reportsError, saysNothing, splitCommand } from '../../src/cli/init.ts'
import { looksReadOnly, readOnlyCandidates } from '../../src/cli/init/pick-tool.ts'
import { sampleArgs } from '../../src/cli/init/sample-args.ts'
import { unsafeAnswer } from '../../src/cli/init/answer-safety.ts'
import { ServerConfigSchema } from '../../src/contracts/server-config.ts'
import { literal, quote } from '../../src/cli/init/templates.ts'

const tool = (name: string, required: string[] = [], annotations?: Tool['annotations']): Tool => ({
  name,
  inputSchema: { type: 'object', properties: Object.fromEntries(required.map((r) => [r, { type: 'string' }])), required },
  annotations,
})

describe('mcp-bench init: choosing the example call', () => {
  it('takes names that read as queries and never ones that change something', () => {
    expect(looksReadOnly('get_current_time')).toBe(true)
    expect(looksReadOnly('searchModels')).toBe(true)
    expect(looksReadOnly('article_searcher')).toBe(true)
    expect(looksReadOnly('list-departments')).toBe(true)
    expect(looksReadOnly('get_address')).toBe(true) // "add" is a word, not a substring
    expect(looksReadOnly('create_entities')).toBe(false)
    expect(looksReadOnly('get_and_delete')).toBe(false)
    expect(looksReadOnly('add')).toBe(false)
    expect(looksReadOnly('multiply')).toBe(false)
  })

  it('orders read-only hints first, then by fewest required arguments, and never offers a destructive tool', () => {
    const tools = [
      tool('get_forecast', ['city', 'days']),
      tool('list_units'),
      tool('purge', [], { readOnlyHint: true, destructiveHint: true }),
      tool('lookup', ['id'], { readOnlyHint: true }),
      tool('write_file', ['path']),
    ]
    expect(readOnlyCandidates(tools).map((t) => t.name)).toEqual(['lookup', 'list_units', 'get_forecast'])
  })

  it('never offers a tool that may tell its environment, configuration or credentials, whatever its annotations', () => {
    const tools = [
      tool('get-env', [], { readOnlyHint: true }),
      { ...tool('lookup', [], { readOnlyHint: true }), description: 'Returns all environment variables, for debugging' },
      tool('get_api_keys'),
      tool('show_config'),
      tool('getSessionToken'),
      tool('get_sum'),
    ]
    expect(readOnlyCandidates(tools).map((t) => t.name)).toEqual(['get_sum'])
  })

  it('refuses an answer that holds a secret or reads like environment variables, never quoting it', () => {
    const stdio = ServerConfigSchema.parse({ command: 'srv', env: { SERVICE_TOKEN: 'tok-literal-123456', REGION: 'eu-west-1' } })
    const env = { DB_PASSWORD: 'hunter2hunter2', HOME: '/home/u' }
    const dump = '{\n  "PATH": "/usr/bin",\n  "NODE_ENV": "production",\n  "SOME_VALUE": "x"\n}'
    expect(unsafeAnswer(dump, stdio, env)).toMatch(/^its answer reads like environment variables \(NODE_ENV, SOME_VALUE\), not used$/)
    expect(unsafeAnswer('DATABASE_URL=postgres://x LOG_LEVEL=info', stdio, env)).toMatch(/reads like environment variables/)
    for (const secret of ['the password is hunter2hunter2', 'token tok-literal-123456', 'key sk-proj-abcdefghijklmnop']) {
      expect(unsafeAnswer(secret, stdio, env)).toBe('its answer holds what looks like a secret, not used')
    }
    // What a server's tool ordinarily says is used, the region of its own entry included.
    expect(unsafeAnswer('3 results: Paris 21°C, Rome 25°C (eu-west-1)', stdio, env)).toBeUndefined()
    expect(unsafeAnswer('The sum of 1 and 2 is 3.', stdio, env)).toBeUndefined()
  })

  it('passes over an answer with nothing in it, which would make an example that checks nothing', () => {
    for (const empty of ['', '  ', '[]', '{}', 'null', '{"alerts": []}', '{"forecast": {"days": []}, "note": ""}'])
      expect(saysNothing(empty), empty).toBe(true)
    for (const said of ['0', 'false', 'No alerts for CA', '[{"t": 21}]', '{"alerts": [], "count": 0}'])
      expect(saysNothing(said), said).toBe(false)
  })

  it("samples only required arguments, from the schema's own values or its bounds", () => {
    expect(
      sampleArgs({
        type: 'object',
        properties: {
          unit: { type: 'string', enum: ['km', 'mi'] },
          days: { type: 'integer', minimum: 3, maximum: 10 },
          ratio: { type: 'number', exclusiveMinimum: 0, maximum: 0.5 },
          when: { type: 'string', format: 'date' },
          code: { type: 'string', minLength: 10 },
          tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
          city: { type: 'string', default: 'Denver' },
          optional: { type: 'string' },
        },
        required: ['unit', 'days', 'ratio', 'when', 'code', 'tags', 'city'],
      }),
    ).toEqual({ unit: 'km', days: 3, ratio: 0.5, when: '2025-06-15', code: 'examplexxx', tags: ['example', 'example'], city: 'Denver' })
    expect(sampleArgs({ type: 'object', properties: {} })).toEqual({})
  })

  it('sees an error written as ordinary text', () => {
    expect(reportsError('{"error": "API request failed"}')).toBe(true)
    expect(reportsError('Error: no such city')).toBe(true)
    expect(reportsError('{"city": "Denver", "error_margin": 1}')).toBe(false)
    expect(reportsError('Denver: 12 °C')).toBe(false)
  })
})

describe('mcp-bench init: --server and the written literals', () => {
  it('splits a command line like a shell', () => {
    expect(splitCommand(`npx -y "@scope/server name" --root '/tmp/a b' x\\ y ""`)).toEqual([
      'npx',
      '-y',
      '@scope/server name',
      '--root',
      '/tmp/a b',
      'x y',
      '',
    ])
  })

  it('reads name=command and name=url', () => {
    expect(parseServerFlag('notes=npx -y notes-mcp --dir data')).toEqual({
      name: 'notes',
      config: { command: 'npx', args: ['-y', 'notes-mcp', '--dir', 'data'] },
    })
    expect(parseServerFlag('remote=https://example.com/mcp')).toEqual({ name: 'remote', config: { url: 'https://example.com/mcp' } })
    expect(() => parseServerFlag('npx notes-mcp')).toThrow(/name=command/)
    expect(() => parseServerFlag('bad name=npx x')).toThrow(/server names use letters/)
  })

  it('writes strings and values as TypeScript literals', () => {
    expect(quote("it's\na \\ path")).toBe("'it\\'s\\na \\\\ path'")
    expect(literal({ city: 'Denver', 'max-days': 3, tags: ['a'], none: null })).toBe(
      "{ city: 'Denver', \"max-days\": 3, tags: ['a'], none: null }",
    )
  })
})
