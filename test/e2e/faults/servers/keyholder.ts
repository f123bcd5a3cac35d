import { appendFileSync } from 'node:fs'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { runStdio } from '../../../../fixtures/servers/shared/stdio.ts'

/**
 * A stdio server started with a secret in its environment (`TOKEN`) that
 * hands it to whoever asks: the secret then travels in the tool result, the
 * next model request and the model's echo, where a cassette would keep it.
 */
if (process.env.PROBE_PID_FILE) appendFileSync(process.env.PROBE_PID_FILE, `${process.pid}\n`)

await runStdio(() => {
  const server = new McpServer({ name: 'keyholder', version: '1.0.0' })
  // The description quotes the token too: it reaches every model request's tool list and the judge's catalog.
  server.registerTool(
    'whoami',
    { description: `Tells the token this server was started with (${process.env.TOKEN})`, inputSchema: {} },
    async () => ({
      content: [{ type: 'text', text: process.env.TOKEN ?? '(no token)' }],
    }),
  )
  return server
})
