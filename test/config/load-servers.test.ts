import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expandVariables, loadServersFile, parseServers } from '../../src/config/load-servers.ts'
import { inOneLine } from '../../src/runtime/servers/hub.ts'

describe('server config', () => {
  it('accepts the usual mcpServers shape: stdio, streamable HTTP and in-process', () => {
    const { servers, invalid } = parseServers(
      {
        mcpServers: {
          math: { command: 'node', args: ['math.js'], env: { A: '1' } },
          remote: { type: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: 'Bearer x' } },
          local: { module: './server.ts', options: { seed: 1 }, isolation: 'task' },
        },
      },
      'test',
    )
    expect(invalid).toEqual({})
    expect(servers.math).toMatchObject({ command: 'node', args: ['math.js'], isolation: 'file' })
    expect(servers.remote).toMatchObject({ url: 'http://127.0.0.1:3000/mcp' })
    expect(servers.local).toMatchObject({ module: './server.ts', export: 'createServer', isolation: 'task' })
  })

  it('names the server and the field of a bad entry, and keeps the good ones', () => {
    const { servers, invalid } = parseServers(
      {
        mcpServers: {
          good: { command: 'node' },
          badArgs: { command: 'node', args: 'not-an-array' },
          noKind: { foo: 1 },
          badUrl: { url: 'not a url' },
        },
      },
      'mcp.servers.json',
    )
    expect(Object.keys(servers)).toEqual(['good'])
    expect(invalid.badArgs).toMatch(/mcpServers\.badArgs\.args/)
    expect(invalid.badArgs).toMatch(/mcp\.servers\.json/)
    expect(invalid.noKind).toMatch(/needs "command" \(stdio\), "url" \(streamable HTTP\) or "module"/)
    expect(invalid.badUrl).toMatch(/mcpServers\.badUrl\.url/)
  })

  it('rejects a file that is not JSON or has no mcpServers, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'))
    writeFileSync(join(dir, 'broken.json'), '{ nope')
    writeFileSync(join(dir, 'empty.json'), '{}')
    expect(() => loadServersFile('broken.json', dir)).toThrow(/broken\.json is not valid JSON/)
    expect(() => loadServersFile('empty.json', dir)).toThrow(/empty\.json[\s\S]*mcpServers/)
    expect(() => loadServersFile('missing.json', dir)).toThrow(/Cannot read server config .*missing\.json/)
  })

  it('expands ${VAR} and ${env:VAR} from the parent, and names an unset one', () => {
    expect(expandVariables('gh', { TOKEN: '${T}', B: 'x-${env:T}' }, { T: 'abc' })).toEqual({ TOKEN: 'abc', B: 'x-abc' })
    expect(() => expandVariables('gh', { TOKEN: '${MISSING_VAR}' }, {})).toThrow(
      'Server "gh": TOKEN refers to ${MISSING_VAR}, which is not set',
    )
  })
})

describe('server config mistakes, as the user sees them', () => {
  it('suggests the key a misspelt one meant: a kind key, or an option of a known kind', () => {
    const { invalid } = parseServers({ mcpServers: { a: { comand: 'node' }, b: { command: 'node', agrs: ['x'] } } }, 'mcp.servers.json')
    expect(invalid.a).toContain(
      'needs "command" (stdio), "url" (streamable HTTP) or "module" (in-process); it has "comand" (did you mean "command"?)',
    )
    expect(invalid.b).toContain('mcpServers.b.(root): unknown key "agrs" (did you mean "args"?)')
  })

  it('places bad JSON by line and column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'))
    writeFileSync(join(dir, 'broken.json'), '{\n  "mcpServers": {\n    nope\n')
    // Bun's JSON.parse names no position, so there the message is the runtime's own.
    expect(() => loadServersFile('broken.json', dir)).toThrow(
      process.versions.bun ? /is not valid JSON: / : /is not valid JSON: .*at line 3 column 5/,
    )
  })

  it('gives each task the first problem on one line; the whole error is printed once by the plugin', () => {
    const { invalid } = parseServers({ mcpServers: { a: { command: 5, args: 'x' } } }, 'mcp.servers.json')
    const line = inOneLine(invalid.a!)
    expect(line).not.toContain('\n')
    expect(line).toMatch(
      /^Invalid config for server "a" in mcp\.servers\.json: mcpServers\.a\.command: .* \(and 1 more; the full error is printed once at the start of the run\)$/,
    )
  })
})

describe('an HTTP server url with ${VAR}', () => {
  it('is accepted as written (expanded when the server starts), and a url that is no URL is still refused', () => {
    const { servers, invalid } = parseServers(
      {
        mcpServers: {
          remote: { url: 'https://${REMOTE_HOST}/mcp?key=${env:REMOTE_KEY}' },
          whole: { url: '${REMOTE_URL}' },
          broken: { url: 'not a url' },
        },
      },
      'test.json',
    )
    expect(Object.keys(servers)).toEqual(['remote', 'whole'])
    expect(invalid.broken).toMatch(/mcpServers\.broken\.url: Invalid URL/)
    expect(
      expandVariables('remote', { url: (servers.remote as { url: string }).url }, { REMOTE_HOST: 'mcp.example.com', REMOTE_KEY: 'k123456' })
        .url,
    ).toBe('https://mcp.example.com/mcp?key=k123456')
  })
})
