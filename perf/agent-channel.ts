/**
 * What running a custom agent in its own process costs, side by side with running it in the worker
 * (`isolation: 'none'`), in one run:
 * - per tool call: one call to an in-memory server (so the channel's share is not hidden by a server's own
 *   process hop), through the channel vs. in-process;
 * - workload W: N tasks, each 3 tool turns of 2 parallel calls and a final answer, on one stdio server.
 * The child is started once beforehand (as a worker does for its first task); bundling is not timed.
 * Prints the ratios of the medians (isolated / in-process), the median of several short rounds. Run: node --import tsx perf/agent-channel.ts
 */
import { Bench } from 'tinybench'
import { mathSession } from './lib/math-session.ts'
import { isolatedAgent, closeAgentProcesses } from '../src/runtime/agents/isolated/pool.ts'
import type { Agent } from '../src/runtime/agents/types.ts'
import inProcess from './agents/workload-agent.ts'

const TASKS = 10
const { hub, recorder } = await mathSession()
const unisolated: Agent = { name: 'workload', run: inProcess }
const isolated = await isolatedAgent(
  { kind: 'module', module: './perf/agents/workload-agent.ts', export: 'default', isolation: 'process' },
  'workload',
  { root: process.cwd(), denied: [] },
)
const once = async (agent: Agent, prompt: string) => {
  const answer = await agent.run(recorder(prompt).context())
  if (typeof answer !== 'string' || !answer.startsWith('The total is')) throw new Error(`unexpected answer: ${String(answer)}`)
}
const workload = async (agent: Agent) => {
  for (let i = 0; i < TASKS; i++) await once(agent, 'stdio 3')
}

// The machine is shared: load drifts over seconds. Short benches of both sides, repeated, give one ratio each
// round; the median round is reported with the spread.
const ROUNDS = 7
const ratios = { call: [] as number[], w: [] as number[] }
let last: Bench | undefined
for (let round = 0; round < ROUNDS; round++) {
  const bench = new Bench({ time: 400, warmup: true })
  bench
    .add('one tool call, in-process', () => once(unisolated, 'memory 1 single'))
    .add('one tool call, isolated', () => once(isolated, 'memory 1 single'))
    .add(`W (${TASKS} tasks x 3 turns x 2 calls, stdio), in-process`, () => workload(unisolated))
    .add(`W (${TASKS} tasks x 3 turns x 2 calls, stdio), isolated`, () => workload(isolated))
  await bench.run()
  const median = (i: number) => {
    const result = bench.tasks[i]!.result as { latency?: { p50?: number } }
    if (result.latency?.p50 === undefined) throw new Error(`${bench.tasks[i]!.name} did not complete`)
    return result.latency.p50
  }
  ratios.call.push(median(1) / median(0))
  ratios.w.push(median(3) / median(2))
  last = bench
}
console.table(last!.table())
const summary = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return `${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} (rounds: ${sorted[0]!.toFixed(2)} to ${sorted.at(-1)!.toFixed(2)})`
}
console.log(`ratios of medians, isolated / in-process, median of ${ROUNDS} rounds:`)
console.log(`per tool call (in-memory server, task round trip included): ${summary(ratios.call)}`)
console.log(`workload W (one stdio server): ${summary(ratios.w)}`)
closeAgentProcesses()
await hub.close()
