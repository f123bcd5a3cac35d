import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub, type ServerSession } from '../../src/runtime/servers/hub.ts'
import { boundValue } from '../../src/runtime/trajectory/bounds.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'
import { TrajectorySchema } from '../../src/contracts/trajectory.ts'

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
