import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub, type ServerSession } from '../../src/runtime/servers/hub.ts'
import { outputViolation, unsupportedCall } from '../../src/runtime/servers/tool-contract.ts'
import { boundValue } from '../../src/runtime/trajectory/bounds.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'
import { TrajectorySchema } from '../../src/contracts/trajectory.ts'

// What the recorder makes of a hostile server's calls. The fixture is the low-level SDK Server: every schema goes out
// as written, and nothing on its side checks its own output.
let hub: ServerHub
let session: ServerSession
beforeAll(async () => {
  hub = new ServerHub({
    ...parseServers({ mcpServers: { hostile: { module: './test/support/hostile-server.ts' } } }, 't'),
    root: process.cwd(),
  })
  session = await hub.acquire(['hostile'])
})
afterAll(() => hub.close())

const recorder = () =>
  new TrajectoryRecorder({
    task: { id: 't', prompt: 'p' },
    agent: 'a',
    catalog: session.catalog,
    connections: session.connections,
    maxRounds: 5,
    signal: new AbortController().signal,
    maxToolOutputChars: 1_000,
    maxRecordedOutputChars: 100,
    callTimeoutMs: () => 10_000,
  })
const longest = (value: unknown): number =>
  typeof value === 'string' ? value.length : value && typeof value === 'object' ? Math.max(0, ...Object.values(value).map(longest)) : 0

describe('trajectory bounds', () => {
  it('cuts every field of a result that is not text, in the record and in what the agent gets', async () => {
    const r = recorder()
    const out = await r.callTool('hostile__blob', { n: 500_000 })
    expect(longest(out.content)).toBeLessThan(1_100)
    expect(out.text.length).toBeLessThan(1_100)
    const call = r.trajectory.calls[0]!
    expect(call.truncated).toBe(true)
    expect(longest(call.result)).toBeLessThan(200)
    expect(JSON.stringify(call.result)).toMatch(/truncated: \d+ of 500000 characters omitted/)
  })

  it('bounds error messages, names, arguments, model turns and the answer, and the trajectory stays valid', async () => {
    const r = recorder()
    await r.callTool('hostile__big-error', { n: 500_000 })
    await r.callTool('x'.repeat(100_000), { a: 'A'.repeat(100_000) }, { id: 'i'.repeat(100_000) })
    r.recordTurn({
      content: 'C'.repeat(500_000),
      toolCalls: [{ id: 'h', name: 'N'.repeat(100_000), arguments: 'A'.repeat(100_000) }],
      usage: null,
      finishReason: 'stop',
      durationMs: 1,
      parseError: 'P'.repeat(100_000),
    })
    const t = r.finish('W'.repeat(1_000_000), 'E'.repeat(1_000_000))
    expect(JSON.stringify(t).length).toBeLessThan(250_000)
    expect(t.calls[0]!.error).toMatch(/^hostile\.big-error failed: .*E{100}.*truncated/)
    expect(t.calls[1]!.name.length).toBeLessThan(400)
    expect(TrajectorySchema.parse(JSON.parse(JSON.stringify(t)))).toEqual(t)
  })

  it('caps arrays, nesting and the total of a value, saying what was left out', () => {
    const deep = JSON.parse(`${'['.repeat(100)}1${']'.repeat(100)}`)
    expect(JSON.stringify(boundValue(deep, 50).value)).toContain('nested too deep')
    const many = boundValue(
      Array.from({ length: 1_000 }, () => 'x'.repeat(40)),
      50,
    )
    expect(many.truncated).toBe(true)
    expect(JSON.stringify(many.value).length).toBeLessThan(10_000)
    expect(JSON.stringify(many.value)).toContain('[996 more items omitted]')
  })
})

describe("a tool's listed promises, held by the harness on each call", () => {
  it('fails a call whose structured content breaks its output schema, naming the tool and the field', async () => {
    const r = recorder()
    const out = await r.callTool('hostile__redos-output', { n: 29 })
    expect(out.isError).toBe(true)
    expect(out.text).toMatch(
      /^hostile\.redos-output failed: Structured content does not match the tool's output schema: \/s must match pattern/,
    )
    expect(r.trajectory.calls[0]).toMatchObject({ isError: true, error: out.text })
  })

  it('fails a call that returns no structured content although its tool declares an output schema', async () => {
    const r = recorder()
    const out = await r.callTool('hostile__unstructured', {})
    expect(out).toMatchObject({
      isError: true,
      text: 'hostile.unstructured failed: Tool unstructured has an output schema but did not return structured content',
    })
  })

  it("leaves a server's own error result as the server said it: an error owes no structured content", async () => {
    const r = recorder()
    const out = await r.callTool('hostile__unstructured', { error: true })
    expect(out).toMatchObject({ isError: true, text: 'no structure' })
    expect(r.trajectory.calls[0]!.error).toBeUndefined()
  })

  it('does not call a tool listed as callable only as a task, and says why', async () => {
    const client = session.connections.get('hostile')!.client
    const sent = vi.spyOn(client, 'callTool')
    try {
      const r = recorder()
      const out = await r.callTool('hostile__task-only', {})
      expect(out).toMatchObject({
        isError: true,
        text: 'hostile.task-only failed: Tool "task-only" requires task-based execution, which vitest-mcp-bench does not run',
      })
      // The fixture would answer a plain call: nothing was sent to it.
      expect(sent).not.toHaveBeenCalled()
      // The same spy sees a call that is made.
      await r.callTool('hostile__redos', { s: 'aaa' })
      expect(sent).toHaveBeenCalledTimes(1)
    } finally {
      sent.mockRestore()
    }
  })

  it('passes conforming structured content, tools without an output schema and optional task support', () => {
    const tool = {
      name: 'sum',
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
      execution: { taskSupport: 'optional' },
    } as Tool
    expect(outputViolation(tool, { structuredContent: { total: 3 } })).toBeNull()
    expect(outputViolation(tool, { structuredContent: { total: 'three' } })).toBe(
      "Structured content does not match the tool's output schema: /total must be number",
    )
    expect(outputViolation({ name: 'plain', inputSchema: { type: 'object' } } as Tool, {})).toBeNull()
    expect(outputViolation(undefined, {})).toBeNull()
    expect(unsupportedCall(tool)).toBeNull()
    expect(unsupportedCall(undefined)).toBeNull()
  })
})
