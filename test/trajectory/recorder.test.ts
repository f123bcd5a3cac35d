import { getEventListeners } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub, type ServerSession } from '../../src/runtime/servers/hub.ts'
import { parseArguments, TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'
import { TrajectorySchema } from '../../src/contracts/trajectory.ts'

let hub: ServerHub
let session: ServerSession
beforeAll(async () => {
  hub = new ServerHub({
    ...parseServers({ mcpServers: { probe: { module: './test/support/probe-server.ts' } } }, 't'),
    root: process.cwd(),
  })
  session = await hub.acquire(['probe'])
})
afterAll(() => hub.close())

function recorder(signal = new AbortController().signal, callTimeoutMs = 5_000, maxToolCalls?: number) {
  return new TrajectoryRecorder({
    task: { id: 't', prompt: 'p' },
    agent: 'a',
    catalog: session.catalog,
    connections: session.connections,
    maxRounds: 5,
    signal,
    maxToolOutputChars: 100,
    maxRecordedOutputChars: 50,
    callTimeoutMs: () => callTimeoutMs,
    maxToolCalls,
  })
}

describe('trajectory recorder', () => {
  it('records a valid, schema-checked call with its round and result, and a serialisable trajectory', async () => {
    const r = recorder()
    r.nextRound()
    const out = await r.callTool('probe__echo', { text: 'hi' }, { id: 'x' })
    expect(out).toMatchObject({ isError: false, text: 'hi' })
    const t = r.finish('done', null)
    expect(t.calls[0]).toMatchObject({
      id: 'x',
      round: 1,
      name: 'probe__echo',
      server: 'probe',
      tool: 'echo',
      valid: true,
      schemaValid: true,
      isError: false,
    })
    expect(TrajectorySchema.parse(JSON.parse(JSON.stringify(t)))).toEqual(t)
  })

  it('places a model turn on the trajectory clock: it started durationMs before it was recorded, unless the agent says when', async () => {
    // The recorder's clock starts between `before` and `built`; the turn is recorded between `sent` and `recorded`.
    // Bounds from the same clock, not from the timer: a timer may fire a fraction of a millisecond early or,
    // on a loaded machine, very late.
    const before = performance.now()
    const r = recorder()
    const built = performance.now()
    await new Promise((done) => setTimeout(done, 60))
    const sent = performance.now()
    r.recordTurn({ content: 'x', toolCalls: [], usage: null, finishReason: 'stop', durationMs: 40, model: 'm' })
    const recorded = performance.now()
    r.recordTurn({ content: 'y', toolCalls: [], usage: null, finishReason: 'stop', durationMs: 5, startedAt: 3 })
    const [first, second] = r.finish('done', null).turns
    const endedAt = first!.startedAt! + first!.durationMs
    expect(endedAt).toBeGreaterThanOrEqual(sent - built - 0.1)
    expect(endedAt).toBeLessThanOrEqual(recorded - before + 0.1)
    expect(first!.startedAt).toBeGreaterThan(0)
    expect(first!.model).toBe('m')
    expect(second!.startedAt).toBe(3)
  })

  it('accepts server.tool but not a bare or unknown name', async () => {
    const r = recorder()
    expect((await r.callTool('probe.echo', { text: 'a' })).isError).toBe(false)
    expect((await r.callTool('echo', { text: 'a' })).text).toMatch(/Unknown tool "echo"/)
  })

  it('records an isError result from the server as a failed call', async () => {
    const r = recorder()
    const out = await r.callTool('probe__fail', {})
    expect(out).toMatchObject({ isError: true, text: 'probe failure' })
    expect(r.trajectory.calls[0]).toMatchObject({ isError: true, valid: true })
  })

  it('cuts output for the agent and, shorter, for the record', async () => {
    const r = recorder()
    const out = await r.callTool('probe__huge', { n: 1_000 })
    expect(out.text).toMatch(/^x{100}…\[truncated: 900 of 1000 characters omitted\]$/)
    expect(r.trajectory.calls[0]!.truncated).toBe(true)
  })

  it("records a call that hangs past the server's call timeout as a failed call, and goes on", async () => {
    // The sleep outlasts any test: the call can only have ended by the 150 ms call timeout, which its error names.
    const r = recorder(undefined, 150)
    const out = await r.callTool('probe__sleep', { ms: 600_000 })
    expect(out.isError).toBe(true)
    expect(r.trajectory.calls[0]!.error).toMatch(/probe\.sleep failed: .*timed out/i)
    expect((await r.callTool('probe__echo', { text: 'next' })).text).toBe('next')
  })

  it('aborts an in-flight call when the task is aborted', async () => {
    const controller = new AbortController()
    // The sleep outlasts any test, and the call timeout is as long: only the abort can end the call.
    const r = recorder(controller.signal, 600_000)
    const pending = r.callTool('probe__sleep', { ms: 600_000 })
    setTimeout(() => controller.abort(new Error('task timed out')), 50)
    const out = await pending
    expect(out.isError).toBe(true)
    expect(r.trajectory.calls[0]!.error).toMatch(/task timed out/)
  })

  it('closes a call still waiting when the task ends as failed, and keeps it so when the call settles later', async () => {
    const r = recorder()
    r.nextRound()
    await r.callTool('probe__echo', { text: 'done first' })
    const pending = r.callTool('probe__sleep', { ms: 300 })
    // The record is read the moment the task ends: the waiting call is a failure there and then, not a success.
    const t = r.finish(null, 'the agent ran out of time')
    const snapshot = JSON.parse(JSON.stringify(t))
    expect(snapshot.calls.map((c: { isError: boolean }) => c.isError)).toEqual([false, true])
    expect(snapshot.calls[1].error).toBe('The task ended before this call returned.')
    // Its answer arrives after the end: the agent is told it was not recorded, and the record stays as it was read.
    const late = await pending
    expect(late).toMatchObject({ isError: true, text: 'The task has ended; this call was not recorded.' })
    expect(JSON.parse(JSON.stringify(t))).toEqual(snapshot)
  })

  it('leaves no abort listener on the task signal however many calls it makes', async () => {
    const controller = new AbortController()
    const r = recorder(controller.signal)
    for (let i = 0; i < 25; i++) await r.callTool('probe__echo', { text: String(i) })
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it("cancels no finished call when the task's signal aborts at its end (no notifications/cancelled to the server)", async () => {
    const transport = session.connections.get('probe')!.client.transport!
    const send = transport.send.bind(transport)
    const cancelled: unknown[] = []
    let sleepSent!: () => void
    const sleeping = new Promise<void>((done) => (sleepSent = done))
    transport.send = async (message, options) => {
      if ('method' in message && message.method === 'notifications/cancelled') cancelled.push(message.params)
      if ('method' in message && message.method === 'tools/call' && message.params?.name === 'sleep') sleepSent()
      return send(message, options)
    }
    try {
      const controller = new AbortController()
      const r = recorder(controller.signal)
      for (let i = 0; i < 6; i++) await r.callTool('probe__echo', { text: String(i) })
      // The SDK sends a cancellation from the abort listener itself: any would be here once abort returns.
      controller.abort(new Error('the task has ended'))
      expect(cancelled).toEqual([])
      // A call still running when the task ends is cancelled: the server is told.
      const stopping = new AbortController()
      const pending = recorder(stopping.signal).callTool('probe__sleep', { ms: 2_000 })
      await sleeping
      stopping.abort(new Error('the task has ended'))
      expect(cancelled).toHaveLength(1)
      expect((await pending).isError).toBe(true)
    } finally {
      transport.send = send
    }
  })

  it('records nothing more once the task has finished (an agent that ignored the deadline)', async () => {
    const r = recorder()
    await r.callTool('probe__echo', { text: 'in time' })
    const t = r.finish(null, 'agent timed out after 1 ms')
    const late = await r.callTool('probe__echo', { text: 'too late' })
    expect(late).toMatchObject({ isError: true, text: 'The task has ended; this call was not made.' })
    expect(t.calls).toHaveLength(1)
  })

  it("refuses calls past the task's cap without recording them, and tells the agent to answer", async () => {
    const r = recorder(undefined, 5_000, 2)
    await r.callTool('probe__echo', { text: '1' })
    await r.callTool('probe__echo', { text: '2' })
    const third = await r.callTool('probe__echo', { text: '3' })
    expect(third).toMatchObject({ isError: true, text: 'You have used all 2 tool calls this task allows. Answer now with what you have.' })
    expect(r.trajectory.calls).toHaveLength(2)
  })

  it('parses arguments: objects, JSON strings, empty, and rejects the rest', () => {
    expect(parseArguments({ a: 1 })).toEqual({ args: { a: 1 } })
    expect(parseArguments('{"a":1}')).toEqual({ args: { a: 1 } })
    expect(parseArguments('')).toEqual({ args: {} })
    expect(parseArguments(undefined)).toEqual({ args: {} })
    expect(parseArguments('[1]')).toMatchObject({ argsError: 'arguments must be a JSON object' })
    expect(parseArguments('{oops')).toMatchObject({ args: '{oops', argsError: expect.stringMatching(/not valid JSON/) })
  })
})
