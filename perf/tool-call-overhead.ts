/**
 * What the harness adds to a tool call: recording, ajv validation and
 * truncation, against a bare SDK call, over the in-memory and stdio
 * transports. Run: node --import tsx perf/tool-call-overhead.ts
 */
import { Bench } from 'tinybench'
import { parseServers } from '../src/config/load-servers.ts'
import { ruleMetrics } from '../src/scoring/task-scores.ts'
import { ServerHub } from '../src/servers/hub.ts'
import { TrajectoryRecorder } from '../src/trajectory/recorder.ts'

const hub = new ServerHub({
  ...parseServers({ mcpServers: {
    memory: { module: './fixtures/servers/math/server.ts' },
    stdio: { command: process.execPath, args: ['--import', 'tsx', 'fixtures/servers/math/main.ts'] },
  } }, 'perf'),
  root: process.cwd(),
})
const session = await hub.acquire(['memory', 'stdio'])
const recorder = () => new TrajectoryRecorder({
  task: { id: 'perf', prompt: 'p' },
  agent: 'perf', catalog: session.catalog, connections: session.connections, maxRounds: 20,
  signal: new AbortController().signal, maxToolOutputChars: 20_000, maxRecordedOutputChars: 4_000, callTimeoutMs: () => 60_000,
})
const args = { firstNumber: 270, SecondNumber: 30 }
const rec = recorder()
const memoryClient = session.connections.get('memory')!.client
const stdioClient = session.connections.get('stdio')!.client

const bench = new Bench({ time: 1_500, warmup: true })
bench
  .add('in-memory: bare SDK callTool', async () => void (await memoryClient.callTool({ name: 'multiply', arguments: args })))
  .add('in-memory: recorded callTool', async () => void (await rec.callTool('memory__multiply', args)))
  .add('stdio: bare SDK callTool', async () => void (await stdioClient.callTool({ name: 'multiply', arguments: args })))
  .add('stdio: recorded callTool', async () => void (await rec.callTool('stdio__multiply', args)))
  .add('rule metrics over 1,000 calls', () => {
    const r = recorder()
    r.trajectory.calls = Array.from({ length: 1_000 }, (_, i) => ({ ...rec.trajectory.calls[0]!, id: `c${i}` }))
    ruleMetrics(r.finish('x', null))
  })
await bench.run()
console.table(bench.table())
await hub.close()
