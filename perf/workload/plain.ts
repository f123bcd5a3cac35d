/**
 * Workload W with no test runner: one MCP SDK client on one stdio server, the openai SDK, and the
 * shared loop (perf/lib/workload.ts) run PERF_TASKS times, PERF_CONCURRENCY at once. The baseline of
 * perf/harness-overhead.ts. Exits non-zero if any answer is wrong.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import OpenAI from 'openai'
import { runPool, runWorkloadTask, workloadAnswer } from '../lib/workload.ts'

const [command, ...args] = JSON.parse(process.env.PERF_SERVER!) as string[]
const mcp = new Client({ name: 'perf-plain', version: '0.0.0' })
await mcp.connect(new StdioClientTransport({ command: command!, args, stderr: 'ignore' }))
const { tools } = await mcp.listTools()
const openai = new OpenAI({ baseURL: process.env.PERF_MODEL_URL, apiKey: 'not-needed', maxRetries: 0 })
let wrong = 0
await runPool(Number(process.env.PERF_TASKS), Number(process.env.PERF_CONCURRENCY), async (i) => {
  const answer = await runWorkloadTask({ openai, mcp, tools, model: 'stand-in' }, i)
  if (answer !== workloadAnswer(i)) wrong++
})
await mcp.close()
if (wrong) {
  console.error(`plain: ${wrong} wrong answers`)
  process.exit(1)
}
