import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { ServerConfig } from '../contracts/server-config.ts'
import { connectServer, type ServerConnection } from '../runtime/servers/connect.ts'
import { createWorkspace, usesWorkspace } from '../runtime/servers/workspace.ts'
import { AdaptiveLimiter, inSlot } from '../lib/limiter.ts'

/** A server started by a CLI command, with its tools; `close()` stops it and removes its workspace. */
export interface OpenServer {
  name: string
  tools: Tool[]
  connection: ServerConnection
  close(): Promise<void>
}

/**
 * Starts one configured server as a benchmark run would (stdio, HTTP or in-process; an empty
 * `${TASK_DIR}` for workspace servers) and lists its tools. The error names the server.
 */
export async function openServer(name: string, config: ServerConfig, root: string): Promise<OpenServer> {
  const workspace = usesWorkspace(config) ? createWorkspace(name, undefined, root) : undefined
  try {
    const connection = await connectServer(name, config, root, workspace ? { TASK_DIR: workspace.dir } : {})
    return {
      name,
      tools: connection.tools,
      connection,
      async close() {
        await connection.close()
        workspace?.remove()
      },
    }
  } catch (error) {
    workspace?.remove()
    throw error
  }
}

/**
 * Every server's tools; each server is stopped again once listed. A few start at a time: thirty
 * processes starting at once can each miss their startup timeout on a small machine.
 * Failures come back by server name.
 */
export async function listTools(
  servers: Record<string, ServerConfig>,
  root: string,
  concurrency = 4,
): Promise<{ tools: Record<string, Tool[]>; failures: Record<string, string> }> {
  const tools: Record<string, Tool[]> = {}
  const failures: Record<string, string> = {}
  const starts = new AdaptiveLimiter(Math.max(1, concurrency))
  await Promise.all(
    Object.entries(servers).map(([name, config]) =>
      inSlot(starts, async () => {
        try {
          const server = await openServer(name, config, root)
          tools[name] = server.tools
          await server.close()
        } catch (error) {
          failures[name] = (error as Error).message
        }
      }),
    ),
  )
  return { tools, failures }
}
