import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'

/**
 * A streamable-HTTP MCP server on loopback whose one tool echoes the bearer
 * token the client sent in its `Authorization` header. Stateless: each POST
 * gets a fresh server and transport.
 */
export async function startKeyedHttp(): Promise<{ url: string; close(): Promise<void> }> {
  const http: Server = createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end()
      return
    }
    const server = new McpServer({ name: 'keyed-http', version: '1.0.0' })
    server.registerTool('whoami', { description: 'Tells the bearer token this request carried', inputSchema: {} }, async (_args, extra) => {
      const auth = String(extra.requestInfo?.headers.authorization ?? '')
      return { content: [{ type: 'text', text: auth.replace(/^Bearer\s+/i, '') || '(no token)' }] }
    })
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    res.on('close', () => void transport.close().then(() => server.close()))
    await server.connect(transport)
    await transport.handleRequest(req, res)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      }),
  }
}
