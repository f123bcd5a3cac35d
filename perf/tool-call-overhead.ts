/**
 * What the harness adds to a tool call: recording, ajv validation and
 * truncation, against a bare SDK call, over the in-memory and stdio
 * transports. Run: node --import tsx perf/tool-call-overhead.ts
 */
import { Bench } from 'tinybench'
import { mathSession } from './lib/math-session.ts'
import { ruleMetrics } from '../src/scoring/task-scores.ts'

const { hub, session, recorder } = await mathSession()
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
