import { appendFileSync } from 'node:fs'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import * as z from 'zod'

/**
 * A tiny server for the project's own tests: it reports its environment and
 * pid, keeps a counter (state), echoes, and can return huge output or fail.
 */
export function createServer(options: { name?: string; busy?: boolean } = {}): McpServer {
  const server = new McpServer({ name: options.name ?? 'probe', version: '1.0.0' })
  let counter = 0
  server.registerTool('env', { description: 'Environment variable names and pid', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: JSON.stringify({ pid: process.pid, env: process.env }) }],
  }))
  server.registerTool('increment', { description: 'Adds one to a counter and returns it', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: String(++counter) }],
  }))
  server.registerTool('echo', { description: 'Echoes text', inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }))
  server.registerTool('huge', { description: 'Returns n characters', inputSchema: { n: z.number().int() } }, async ({ n }) => ({
    content: [{ type: 'text', text: 'x'.repeat(n) }],
  }))
  server.registerTool('fail', { description: 'Always an error result', inputSchema: {} }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'probe failure' }],
  }))
  server.registerTool('sleep', { description: 'Answers after ms milliseconds', inputSchema: { ms: z.number().int() } }, async ({ ms }) => {
    // A test that signals a run in the middle of a long call waits for this line (test/e2e/interrupt.test.ts).
    if (process.env.PROBE_PID_FILE) appendFileSync(`${process.env.PROBE_PID_FILE}.sleeping`, `${ms}\n`)
    await new Promise((r) => setTimeout(r, ms))
    return { content: [{ type: 'text', text: `slept ${ms} ms` }] }
  })
  // Only when asked: the distractor tests count every server's tools against a budget.
  if (options.busy)
    server.registerTool(
      'busy',
      { description: 'Spins the thread for ms milliseconds, then answers', inputSchema: { ms: z.number().int() } },
      async ({ ms }) => {
        const until = performance.now() + ms
        while (performance.now() < until) {
          // A synchronous loop: in-process, nothing else of the worker runs meanwhile, timers included.
        }
        return { content: [{ type: 'text', text: `busy for ${ms} ms` }] }
      },
    )
  server.registerTool(
    'crash-now',
    { description: 'Exits the process in the middle of the call, never answering', inputSchema: {} },
    async () => {
      process.exit(7)
    },
  )
  server.registerTool('crash', { description: 'Exits the process', inputSchema: {} }, async () => {
    setTimeout(() => process.exit(7), 5)
    return { content: [{ type: 'text', text: 'bye' }] }
  })
  return server
}
