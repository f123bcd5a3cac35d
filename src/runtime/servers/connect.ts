import { resolve } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { sdkSchemaValidator } from '../../json-schema/validator.ts'
import { followToolList, listTools } from './list-tools.ts'
import { explainStartError, isProtocolNoise, stderrExcerpt } from './start-errors.ts'
import { expandVariables, ServerConfigError } from '../../config/load-servers.ts'
import type { InProcessServerConfig, ServerConfig } from '../../contracts/server-config.ts'
import { loadModule } from '../modules/load-module.ts'
import { GroupStdioTransport } from './group-stdio.ts'
import { processGroups } from './orphan-guard.ts'

/** A live MCP client for one server instance. */
export interface ServerConnection {
  name: string
  client: Client
  tools: Tool[]
  /** Process id for stdio servers. */
  pid: number | null
  /** The instance's fresh `${TASK_DIR}`, for workspace servers. */
  workspace?: string
  /** False once the transport closed (the process exited or was closed). */
  alive(): boolean
  /** The last lines the server wrote to stderr, for error messages. */
  stderrTail(): string
  close(): Promise<void>
}

class ServerStartError extends Error {
  override name = 'ServerStartError'
  /** A start that cannot go better on a second try (a module whose import never finished stays unfinished). */
  final = false
}

/** True for a start error that a retry would only repeat: a config error, or a module whose import hung. */
export function isFinalStartError(error: unknown): boolean {
  return error instanceof ServerConfigError || (error instanceof ServerStartError && error.final)
}

const STDERR_KEEP = 4_000

/**
 * Starts (or connects to) one server and lists its tools, within the startup timeout. The timeout covers the
 * whole start, an in-process server's import and factory included: an import that never finishes (a top-level
 * await on something that never comes) would otherwise hang the task past every limit, naming nothing.
 */
export async function connectServer(
  name: string,
  config: ServerConfig,
  root: string,
  vars: Record<string, string> = {},
): Promise<ServerConnection> {
  let stderr = ''
  // The first lines too: a start error's cause is usually near the top, above the stack frames the tail keeps.
  let stderrHead = ''
  let inProcessClose: (() => Promise<void>) | undefined
  // Wherever the SDK itself checks a value against a server-supplied schema: with the linear-time regex engine.
  const client = new Client({ name: 'vitest-mcp-bench', version: '0.1.0' }, { jsonSchemaValidator: sdkSchemaValidator })
  // Lines on stdout that are not JSON-RPC land here: they explain a start that never completes.
  const noise: string[] = []
  client.onerror = (error) => {
    // Only stdout lines that are not JSON-RPC: a missing command or an unreachable URL also lands here.
    if (isProtocolNoise(error) && noise.length < 3) noise.push(error.message.split('\n')[0]!.slice(0, 200))
  }
  let open = true
  client.onclose = () => {
    open = false
  }
  let abandoned = false
  const close = async () => {
    open = false
    abandoned = true
    await client.close().catch(() => {})
    await inProcessClose?.().catch(() => {})
  }
  let transport: Transport | undefined
  let phase = 'loading'
  const start = async () => {
    const opened = await openTransport(name, config, root, vars, (closeServer) => {
      inProcessClose = closeServer
      // Past the timeout nobody closes it later: an import or factory that finished late is closed now.
      if (abandoned) void closeServer().catch(() => {})
    })
    transport = opened.transport
    if (abandoned) return []
    if (transport instanceof StdioClientTransport || transport instanceof GroupStdioTransport) {
      transport.stderr?.on('data', (chunk: Buffer) => {
        if (stderrHead.length < STDERR_KEEP) stderrHead += chunk.toString().slice(0, STDERR_KEEP - stderrHead.length)
        stderr = (stderr + chunk.toString()).slice(-STDERR_KEEP)
      })
    }
    phase = 'connecting'
    return startAndList(client, transport, name, config.toolOverrides)
  }
  try {
    const tools = await withTimeout(start(), config.startupTimeoutMs, `did not start within ${config.startupTimeoutMs} ms`)
    followToolList(client, name, tools, config.toolOverrides)
    const pid = transport instanceof StdioClientTransport || transport instanceof GroupStdioTransport ? transport.pid : null
    return { name, client, tools, pid, alive: () => open, stderrTail: () => stderr.trim(), close }
  } catch (error) {
    await close()
    // Already named and worded (a bad variable, a module that cannot load): said as it is.
    if (error instanceof ServerConfigError || error instanceof ServerStartError) throw error
    // Give a dying process a moment to flush stderr: its last words are usually the reason.
    await new Promise((r) => setTimeout(r, 50))
    const tail = stderr.trim() ? `\n  stderr: ${stderrExcerpt(stderr, stderrHead)}` : ''
    const garbage = noise.length
      ? `\n  it wrote output that is not MCP protocol to stdout (${noise.join(' | ')}); a stdio server must write only JSON-RPC messages there`
      : ''
    const kind = 'command' in config ? 'stdio' : 'url' in config ? 'http' : 'in-process'
    const loading = kind === 'in-process' && phase === 'loading' && !transport
    const failure = new ServerStartError(
      `Server "${name}" failed to start (${describeServer(config)}): ${explainStartError(error as Error, kind)}${loading ? ': its module had not finished loading (an import or a top-level await that never ends?), or its factory had not returned' : ''}${garbage}${tail}`,
    )
    failure.final = loading
    throw failure
  }
}

/** The server as its config says, with `${VAR}` unexpanded: the expanded values may be secrets. */
function describeServer(config: ServerConfig): string {
  if ('command' in config) return `command: ${[config.command, ...config.args].join(' ')}`
  if ('url' in config) return `url: ${config.url}`
  return `module: ${config.module}#${config.export}`
}

// Every new instance lists its tools itself, even when an earlier instance of the same entry did: the list is
// the instance's own (a server may list tools by its workspace or its state), and each call an agent makes is
// held to what the instance that answers it listed (tool-contract.ts).
async function startAndList(client: Client, transport: Transport, name: string, overrides: ServerConfig['toolOverrides']): Promise<Tool[]> {
  await client.connect(transport)
  // A tool the SDK's schema rejects is left out with a note, instead of taking the whole server down.
  return listTools(client, name, overrides)
}

async function openTransport(
  name: string,
  config: ServerConfig,
  root: string,
  vars: Record<string, string>,
  onInProcessClose: (close: () => Promise<void>) => void,
): Promise<{ transport: Transport }> {
  // Task variables (TASK_DIR) win over the parent's environment.
  const env = { ...process.env, ...vars }
  if ('command' in config) {
    const args = Object.values(expandVariables(name, Object.fromEntries(config.args.map((a, i) => [String(i), a])), env))
    const params = {
      command: config.command,
      args,
      // Only what the server declares, on top of the SDK's minimal base (PATH, HOME, …).
      env: expandVariables(name, config.env, env),
      cwd: resolve(root, expandVariables(name, { cwd: config.cwd ?? '.' }, env).cwd!),
    }
    // In a process group of its own, so the server's whole process tree ends with it; the SDK's transport
    // where there are no process groups (Windows).
    const transport = processGroups ? new GroupStdioTransport({ ...params, name }) : new StdioClientTransport({ ...params, stderr: 'pipe' })
    return { transport }
  }
  if ('url' in config) {
    const headers = expandVariables(name, config.headers, env)
    const url = expandVariables(name, { url: config.url }, env).url!
    if (!URL.canParse(url)) throw new ServerConfigError(`Server "${name}": url ${config.url} is not a URL once its variables are expanded`)
    // Loaded when a server is reached over HTTP: the transport brings the SDK's OAuth client and its schemas,
    // which a run of stdio and in-process servers never uses.
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } })
    return { transport }
  }
  const server = await loadInProcessServer(name, config, root)
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  onInProcessClose(() => server.close())
  return { transport: clientSide }
}

interface ConnectableServer {
  connect(transport: Transport): Promise<void>
  close(): Promise<void>
}

async function loadInProcessServer(name: string, config: InProcessServerConfig, root: string): Promise<ConnectableServer> {
  let mod: Record<string, unknown>
  try {
    mod = await loadModule(config.module, root)
  } catch (error) {
    throw new ServerStartError(`Server "${name}": cannot import module ${config.module}: ${(error as Error).message}`)
  }
  const factory = mod[config.export]
  if (typeof factory !== 'function') {
    throw new ServerStartError(`Server "${name}": module ${config.module} has no exported function "${config.export}"`)
  }
  const server = (await factory(config.options)) as ConnectableServer
  if (!server || typeof server.connect !== 'function') {
    throw new ServerStartError(`Server "${name}": ${config.module}#${config.export} did not return an MCP server (McpServer or Server)`)
  }
  return server
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
