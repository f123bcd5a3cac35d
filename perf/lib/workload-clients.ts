/**
 * The clients every contender of workload W outside this project's harness shares per process: one MCP SDK
 * client on the stdio server named by PERF_SERVER (a command as a JSON array), its tools listed once, and
 * the openai SDK on the stand-in model at PERF_MODEL_URL. Used by the plain script and the plain-Vitest and
 * vitest-evals contenders of perf/bar.ts, which run from a scratch project with their own installed SDKs.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import OpenAI from 'openai'
import type { LoopClients } from './workload.ts'

export async function workloadClients(): Promise<LoopClients & { close(): Promise<void> }> {
  const [command, ...args] = JSON.parse(process.env.PERF_SERVER!) as string[]
  const mcp = new Client({ name: 'perf-plain', version: '0.0.0' })
  await mcp.connect(new StdioClientTransport({ command: command!, args, stderr: 'ignore' }))
  const { tools } = await mcp.listTools()
  const openai = new OpenAI({ baseURL: process.env.PERF_MODEL_URL, apiKey: 'not-needed', maxRetries: 0 })
  return { openai, mcp, tools, model: 'stand-in', close: () => mcp.close() }
}

/** How many tasks a contender runs (PERF_TASKS). */
export const workloadTasks = () => Number(process.env.PERF_TASKS ?? 8)
