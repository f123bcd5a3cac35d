import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { stderrExcerpt } from '../../src/runtime/servers/start-errors.ts'
import { compileServers } from '../support/compiled-servers.ts'

const root = process.cwd()
// The hostile server compiled once for the file, which starts it many times (test/support/compiled-servers.ts says why).
const compiled = await compileServers({ 'hostile-stdio': 'test/support/hostile-stdio.ts' })
const hostile = { command: process.execPath, args: [compiled['hostile-stdio']] }

let hub: ServerHub | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await hub?.close()
  hub = undefined
})
const hubWith = (mcpServers: Record<string, unknown>) => (hub = new ServerHub({ ...parseServers({ mcpServers }, 'test'), root }))

describe('a stdio message past 10 MB', () => {
  it('fails the call it answered at once, naming the server and the size; the server stays usable', { timeout: 120_000 }, async () => {
    const session = await hubWith({ big: hostile }).acquire(['big'])
    const client = session.connections.get('big')!.client
    // 3 × 1,000,000 characters and a resource text: about 15 MB in one line.
    const error = await client
      .callTool({ name: 'blob', arguments: { n: 3_000_000 } }, undefined, { timeout: 120_000 })
      .catch((e: Error) => e)
    expect((error as Error).message).toMatch(
      /server "big" sent a message of 1\d\.\d MB \(\d+ bytes\) on stdout, over the 10 MB a stdio message may be; it was dropped/,
    )
    // The line was dropped whole: the next answer is read from its own first byte.
    expect(await client.callTool({ name: 'blob', arguments: { n: 10 } })).toMatchObject({
      content: [{ type: 'resource' }, { type: 'resource_link' }],
    })
  })

  it('is read in linear time: each byte of a 5 MB line is joined once, not once per chunk', { timeout: 120_000 }, async () => {
    const session = await hubWith({ big: hostile }).acquire(['big'])
    const client = session.connections.get('big')!.client
    const concat = vi.spyOn(Buffer, 'concat')
    const result = await client.callTool({ name: 'blob', arguments: { n: 1_200_000 } }, undefined, { timeout: 120_000 })
    expect(result.content).toHaveLength(2)
    const line = JSON.stringify(result).length
    const joined = concat.mock.calls.reduce((sum, [list]) => sum + list.reduce((n, b) => n + b.length, 0), 0)
    // The SDK's buffer joined everything held onto each 64 KB chunk: about 40 times the line here.
    expect(joined).toBeLessThan(2 * line)
  })
})

describe('a stdio server that closes its stdout and keeps running', () => {
  it('fails the call waiting on it at once, and every later one, naming the server and the cause', { timeout: 120_000 }, async () => {
    // Node runs this server whatever runs the tests: Bun's stdout outlives a closed fd 1, so under Bun the case cannot be made.
    const session = await hubWith({ mute: { ...hostile, command: 'node', args: [...hostile.args, '--close-stdout'] } }).acquire(['mute'])
    const client = session.connections.get('mute')!.client
    const connection = session.connections.get('mute')!
    // Before: "Request timed out" after the call timeout, no cause named.
    const cause = /server "mute" closed its stdout but its process is still running: it can answer nothing more/
    await expect(client.callTool({ name: 'close-stdout', arguments: {} }, undefined, { timeout: 100_000 })).rejects.toThrow(cause)
    expect(connection.pid).not.toBeNull()
    await expect(client.callTool({ name: 'blob', arguments: { n: 1 } }, undefined, { timeout: 100_000 })).rejects.toThrow(cause)
  })
})

describe('servers that misbehave at start or in their tool list', () => {
  it('leaves out a tool whose definition the SDK rejects, with a one-line note naming it, and keeps the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})

    const session = await hubWith({ bad: { ...hostile, args: [...hostile.args, '--bad-tool'] } }).acquire(['bad'])
    const tools = session.catalog.entries.map((e) => e.tool)
    expect(tools).toContain('redos')
    expect(tools).not.toContain('bad-schema')
    const notes = warn.mock.calls.map((c) => String(c[0]))
    expect(notes).toEqual([
      expect.stringMatching(
        /^vitest-mcp-bench: server "bad": tool "bad-schema" left out of the catalog: its definition is not valid MCP \(inputSchema\.type: /,
      ),
    ])
    expect(notes[0]).not.toContain('\n')
  })

  it("refreshes a shared server's tool list on notifications/tools/list_changed: the next task sees the new tool", async () => {
    hubWith({ growing: { module: './test/support/hostile-server.ts' } })
    const first = await hub!.acquire(['growing'])
    expect(first.catalog.resolve('growing.grown')).toBeUndefined()
    await first.connections.get('growing')!.client.callTool({ name: 'grow', arguments: {} })
    // The task that was running keeps the catalog its agent was shown.
    expect(first.catalog.resolve('growing.grown')).toBeUndefined()
    await first.release()
    await expect
      .poll(async () => {
        const next = await hub!.acquire(['growing'])
        await next.release()
        return Boolean(next.catalog.resolve('growing.grown'))
      })
      .toBe(true)
  })

  it('says a stdio command was not found, not that it wrote something that is not MCP', async () => {
    const error = await hubWith({ typo: { command: 'nodee-no-such-command' } })
      .acquire(['typo'])
      .catch((e: Error) => e)
    expect((error as Error).message).toMatch(
      /(spawn nodee-no-such-command ENOENT|Executable not found in \$PATH: "nodee-no-such-command"): the command was not found/,
    )
    expect((error as Error).message).not.toMatch(/not MCP protocol/)
  })

  it('says an HTTP server cannot be reached, not that it wrote something that is not MCP', async () => {
    // A port that was just free: nothing listens there.
    const probe = createHttpServer()
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
    const { port } = probe.address() as AddressInfo
    await new Promise((r) => probe.close(r))
    const error = await hubWith({ gone: { url: `http://127.0.0.1:${port}/mcp`, startupTimeoutMs: 3_000 } })
      .acquire(['gone'])
      .catch((e: Error) => e)
    expect((error as Error).message).toMatch(/cannot reach the server's url \((ECONNREFUSED|.*Connection refused.*)\)/)
    expect((error as Error).message).not.toMatch(/not MCP protocol/)
  })

  it('fails a start whose tools/list is past 10 MB at once, naming the server and the size', { timeout: 120_000 }, async () => {
    const error = await hubWith({ huge: { ...hostile, args: [...hostile.args, '--huge-list'], startupTimeoutMs: 60_000 } })
      .acquire(['huge'])
      .catch((e: Error) => e)
    // Before: an exception thrown in the stdout listener, and "did not start within … ms" after the timeout.
    expect((error as Error).message).toMatch(
      /^Server "huge" failed to start \(command: .*\): .*server "huge" sent a message of 11\.0 MB \(\d+ bytes\) on stdout, over the 10 MB a stdio message may be; it was dropped/,
    )
  })

  it("shows the first error line of a failed start's stderr as well as its tail", async () => {
    const frames = Array.from({ length: 20 }, (_, i) => `    at frame${i} (file:///x.js:${i}:1)`)
    const stderr = [
      'node:internal/modules/run_main:123',
      '    triggerUncaughtException(',
      'TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /srv/server.ts',
      ...frames,
      'Node.js v20.19.0',
    ].join('\n')
    const excerpt = stderrExcerpt(stderr)
    expect(excerpt.split('\n')[0]).toBe('TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /srv/server.ts')
    expect(excerpt).toContain('Node.js v20.19.0')
    // A head kept apart from a tail that lost it still gives the cause.
    expect(stderrExcerpt(frames.join('\n'), stderr).split('\n')[0]).toContain('Unknown file extension ".ts"')
  })
})
