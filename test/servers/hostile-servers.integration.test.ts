import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { stderrExcerpt } from '../../src/runtime/servers/start-errors.ts'

const root = process.cwd()
const hostile = { command: process.execPath, args: ['--import', 'tsx', 'test/support/hostile-stdio.ts'] }

let hub: ServerHub | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await hub?.close()
  hub = undefined
})
const hubWith = (mcpServers: Record<string, unknown>) => (hub = new ServerHub({ ...parseServers({ mcpServers }, 'test'), root }))

describe('servers that misbehave at start or in their tool list', () => {
  it('leaves out a tool whose definition the SDK rejects, with a one-line note naming it, and keeps the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})

    const session = await hubWith({ bad: { ...hostile, args: [...hostile.args, '--bad-tool'] } }).acquire(['bad'])
    const tools = session.catalog.entries.map((e) => e.tool)
    expect(tools).toContain('redos')
    expect(tools).not.toContain('bad-schema')
    const notes = warn.mock.calls.map((c) => String(c[0]))
    expect(notes).toEqual([expect.stringMatching(/^vitest-mcp-bench: server "bad": tool "bad-schema" left out of the catalog: its definition is not valid MCP \(inputSchema\.type: /)])
    expect(notes[0]).not.toContain('\n')
  })

  it('refreshes a shared server\'s tool list on notifications/tools/list_changed: the next task sees the new tool', async () => {
    hubWith({ growing: { module: './test/support/hostile-server.ts' } })
    const first = await hub!.acquire(['growing'])
    expect(first.catalog.resolve('growing.grown')).toBeUndefined()
    await first.connections.get('growing')!.client.callTool({ name: 'grow', arguments: {} })
    // The task that was running keeps the catalog its agent was shown.
    expect(first.catalog.resolve('growing.grown')).toBeUndefined()
    await first.release()
    await expect.poll(async () => {
      const next = await hub!.acquire(['growing'])
      await next.release()
      return Boolean(next.catalog.resolve('growing.grown'))
    }).toBe(true)
  })

  it('says a stdio command was not found, not that it wrote something that is not MCP', async () => {
    const error = await hubWith({ typo: { command: 'nodee-no-such-command' } }).acquire(['typo']).catch((e: Error) => e)
    expect((error as Error).message).toMatch(/(spawn nodee-no-such-command ENOENT|Executable not found in \$PATH: "nodee-no-such-command"): the command was not found/)
    expect((error as Error).message).not.toMatch(/not MCP protocol/)
  })

  it('says an HTTP server cannot be reached, not that it wrote something that is not MCP', async () => {
    // A port that was just free: nothing listens there.
    const probe = createHttpServer()
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
    const { port } = probe.address() as AddressInfo
    await new Promise((r) => probe.close(r))
    const error = await hubWith({ gone: { url: `http://127.0.0.1:${port}/mcp`, startupTimeoutMs: 3_000 } }).acquire(['gone']).catch((e: Error) => e)
    expect((error as Error).message).toMatch(/cannot reach the server's url \((ECONNREFUSED|.*Connection refused.*)\)/)
    expect((error as Error).message).not.toMatch(/not MCP protocol/)
  })

  it('shows the first error line of a failed start\'s stderr as well as its tail', async () => {
    const frames = Array.from({ length: 20 }, (_, i) => `    at frame${i} (file:///x.js:${i}:1)`)
    const stderr = ['node:internal/modules/run_main:123', '    triggerUncaughtException(', 'TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /srv/server.ts', ...frames, 'Node.js v20.19.0'].join('\n')
    const excerpt = stderrExcerpt(stderr)
    expect(excerpt.split('\n')[0]).toBe('TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /srv/server.ts')
    expect(excerpt).toContain('Node.js v20.19.0')
    // A head kept apart from a tail that lost it still gives the cause.
    expect(stderrExcerpt(frames.join('\n'), stderr).split('\n')[0]).toContain('Unknown file extension ".ts"')
  })
})
