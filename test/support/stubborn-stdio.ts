import { spawn } from 'node:child_process'
import { appendFileSync, writeFileSync } from 'node:fs'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import * as z from 'zod'

/**
 * A server as hostile to clean-up as a real one can be: it ignores SIGTERM,
 * does not exit when its stdin closes, and starts a child that ignores
 * SIGTERM too. Its `hold` tool announces itself in HOLD_FILE and never
 * answers; `crash` exits and leaves the child behind. Every pid goes to
 * PROBE_PID_FILE; the worker's pid to PROBE_PID_FILE.parents.
 */
process.on('SIGTERM', () => {})
const pidFile = process.env.PROBE_PID_FILE
if (pidFile) {
  appendFileSync(pidFile, `${process.pid}\n`)
  appendFileSync(`${pidFile}.parents`, `${process.ppid}\n`)
}
const child = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], {
  stdio: 'ignore',
  env: process.env,
})
if (pidFile) appendFileSync(pidFile, `${child.pid}\n`)

const server = new McpServer({ name: 'stubborn', version: '1.0.0' })
server.registerTool('echo', { description: 'Echoes text', inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text }],
}))
server.registerTool('hold', { description: 'Never answers', inputSchema: {} }, async () => {
  if (process.env.HOLD_FILE) writeFileSync(process.env.HOLD_FILE, String(process.pid))
  return new Promise<never>(() => {})
})
server.registerTool('crash', { description: 'Exits the process, leaving its child', inputSchema: {} }, async () => {
  setTimeout(() => process.exit(7), 5)
  return { content: [{ type: 'text', text: 'bye' }] }
})
await server.connect(new StdioServerTransport())
