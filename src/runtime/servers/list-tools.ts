import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ListToolsResultSchema, ToolListChangedNotificationSchema, ToolSchema, type Tool } from '@modelcontextprotocol/sdk/types.js'
import * as z from 'zod/v4'
import { ServerConfigError } from '../../config/load-servers.ts'
import type { ServerConfig } from '../../contracts/server-config.ts'

type ToolOverrides = ServerConfig['toolOverrides']

// The SDK's list schema with the tools left unchecked: each tool is checked on its own below.
const LenientListSchema = ListToolsResultSchema.extend({ tools: z.array(z.unknown()) })

/** Tools left out of a server's list, one warning per server and tool per process. */
const warned = new Set<string>()

/**
 * Lists a server's tools, every page. The SDK's own `listTools` rejects the
 * whole list when one tool does not fit its schema (an inputSchema that is
 * not an object schema, say), which takes every tool of the server down with
 * a multi-line zod dump. Here that tool alone is left out, with a one-line
 * note naming it. What the kept tools promise (their structured output, their
 * task support) the harness checks on each call (tool-contract.ts).
 */
export async function listTools(client: Client, server: string, overrides?: ToolOverrides): Promise<Tool[]> {
  const tools: Tool[] = []
  let cursor: string | undefined
  do {
    const page = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, LenientListSchema)
    for (const raw of page.tools) {
      const parsed = ToolSchema.safeParse(raw)
      if (parsed.success) tools.push(parsed.data)
      else leftOut(server, raw, parsed.error)
    }
    cursor = page.nextCursor
  } while (cursor)
  return withOverrides(tools, server, overrides)
}

/**
 * The tools as the config's `toolOverrides` says models see them. An override of a tool the server does not
 * have is a mistake in the config (a renamed tool, a typo): said at start, naming the server and the tool,
 * rather than measuring a variant that differs from its original in nothing.
 */
export function withOverrides(tools: Tool[], server: string, overrides: ToolOverrides): Tool[] {
  if (!overrides) return tools
  const missing = Object.keys(overrides).filter((name) => !tools.some((t) => t.name === name))
  if (missing.length) {
    throw new ServerConfigError(
      `Server "${server}": toolOverrides names ${missing.map((m) => `"${m}"`).join(', ')}, which it does not have (it has: ${
        tools
          .map((t) => t.name)
          .slice(0, 30)
          .join(', ') || 'no tools'
      })`,
    )
  }
  return tools.map((tool) => (overrides[tool.name] ? { ...tool, description: overrides[tool.name]!.description } : tool))
}

/**
 * Keeps `tools` (the connection's list, shared with the hub) current when the
 * server sends `notifications/tools/list_changed`: tasks that start after the
 * refresh see the new catalog. A task already running keeps the catalog it
 * started with, as its agent was shown.
 */
export function followToolList(client: Client, server: string, tools: Tool[], overrides?: ToolOverrides): void {
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    try {
      const fresh = await listTools(client, server, overrides)
      tools.splice(0, tools.length, ...fresh)
    } catch {
      // The server went away or answered badly: the last good list stays, and the next call says what is wrong.
    }
  })
}

function leftOut(server: string, raw: unknown, error: z.ZodError): void {
  const name = typeof (raw as { name?: unknown })?.name === 'string' ? (raw as { name: string }).name : '(unnamed)'
  const key = `${server}\u0000${name}`
  if (warned.has(key)) return
  warned.add(key)
  const issue = error.issues[0]
  const where = issue?.path.length ? issue.path.join('.') : 'tool'
  console.warn(
    `vitest-mcp-bench: server "${server}": tool "${name.slice(0, 100)}" left out of the catalog: its definition is not valid MCP (${where}: ${issue?.message ?? 'invalid'})`,
  )
}
