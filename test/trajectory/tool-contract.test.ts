import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub, type ServerSession } from '../../src/runtime/servers/hub.ts'
import { outputViolation, unsupportedCall } from '../../src/runtime/servers/tool-contract.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'

// The hostile fixture is the low-level SDK Server: every schema goes out as written, and nothing on its side checks
// its own output, so only the harness's check stands between a broken promise and the agent.
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
    maxRecordedOutputChars: 1_000,
    callTimeoutMs: () => 10_000,
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
    const r = recorder()
    const out = await r.callTool('hostile__task-only', {})
    expect(out).toMatchObject({
      isError: true,
      text: 'hostile.task-only failed: Tool "task-only" requires task-based execution, which vitest-mcp-bench does not run',
    })
    // The fixture answers a plain call; its answer never came back, because the call was never made.
    expect(JSON.stringify(r.trajectory.calls[0]!.result ?? null)).not.toContain('called as a plain call')
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
