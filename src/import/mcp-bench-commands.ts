import { isAbsolute, join, relative, resolve } from 'node:path'
import * as z from 'zod'

/**
 * MCP-Bench's `mcp_servers/commands.json`: how its runner starts each of its 28 servers.
 * `cmd` is split on whitespace, `env` names the API keys the server reads, `cwd` is relative to
 * the checkout as the runner resolves it (see `checkoutPath`), and HTTP servers give a port and
 * an endpoint instead of speaking stdio.
 */
const McpBenchCommandSchema = z
  .object({
    cmd: z.string().trim().min(1, 'the command is empty'),
    env: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')).default([]),
    cwd: z.string().min(1),
    transport: z.enum(['stdio', 'http']).optional(),
    port: z.number().int().min(1).max(65_535).optional(),
    endpoint: z.string().startsWith('/').optional(),
  })
  .refine((c) => c.transport !== 'http' || c.port !== undefined, { message: 'an HTTP server needs a port', path: ['port'] })

const McpBenchCommandsSchema = z.record(z.string().min(1), McpBenchCommandSchema)
export type McpBenchCommand = z.infer<typeof McpBenchCommandSchema>
export type McpBenchCommands = z.infer<typeof McpBenchCommandsSchema>

/** Validates a parsed commands.json; the error names the server and field. */
export function parseMcpBenchCommands(raw: unknown): McpBenchCommands {
  const parsed = McpBenchCommandsSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`not an MCP-Bench commands.json: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
  }
  return parsed.data
}

/**
 * An entry's `cwd` as a path inside the checkout. MCP-Bench's runner (benchmark/runner.py,
 * `map_server_name_to_config`) turns `../<dir>` into `mcp_servers/<dir>` and uses anything else as
 * it stands, relative to the checkout root it runs from.
 */
function checkoutPath(cwd: string): string {
  return cwd.startsWith('../') ? `mcp_servers/${cwd.slice(3)}` : cwd
}

/** Where the checkout is, as the user named it, and where the servers file will live. */
export interface CheckoutLocation {
  /** The `--mcp-bench-dir` argument as given (absolute or relative to `cwd`), or undefined when not given. */
  dir?: string
  /** The directory of the servers file: relative `cwd`s in it are resolved from there. */
  configRoot: string
  /** The working directory the CLI was run from. */
  cwd: string
}

/**
 * The `cwd` to write for a server. With a checkout given as an absolute path it is absolute; given
 * as a relative one it stays relative (to the servers file's directory), so a project that keeps
 * the checkout beside it can commit the file. Without a checkout it is `${MCP_BENCH_DIR}/…`, which
 * the servers file expands from the environment when the server starts.
 */
function serverCwd(entry: McpBenchCommand, where: CheckoutLocation): string {
  const inside = checkoutPath(entry.cwd)
  if (where.dir === undefined) return `\${MCP_BENCH_DIR}/${inside}`
  if (isAbsolute(where.dir)) return join(where.dir, inside)
  return relative(where.configRoot, resolve(where.cwd, where.dir, inside)) || '.'
}

/** The directory a server would run in, for checking that it exists; undefined without a checkout. */
export function serverDirectory(entry: McpBenchCommand, where: CheckoutLocation): string | undefined {
  return where.dir === undefined ? undefined : resolve(where.cwd, where.dir, checkoutPath(entry.cwd))
}

/**
 * The servers-file entry that starts the real MCP-Bench server: a stdio process with its API keys
 * passed through as `${KEY}` (never a value), or, for an HTTP server, its URL on loopback with a
 * description saying how to start it, since the runner of this project does not start URL servers.
 */
export function realServerEntry(name: string, entry: McpBenchCommand, where: CheckoutLocation): Record<string, unknown> {
  const cwd = serverCwd(entry, where)
  if (entry.transport === 'http') {
    const keys = entry.env.map((k) => `${k}=…`).join(' ')
    return {
      url: `http://127.0.0.1:${entry.port}${entry.endpoint ?? '/mcp'}`,
      description:
        `MCP-Bench "${name}" over streamable HTTP: start it separately before the run ` +
        `(in ${cwd}: ${keys ? `${keys} ` : ''}${entry.cmd})`,
    }
  }
  const [command, ...args] = entry.cmd.split(/\s+/)
  return {
    command: command!,
    args,
    cwd,
    ...(entry.env.length ? { env: Object.fromEntries(entry.env.map((k) => [k, `\${${k}}`])) } : {}),
    description: `MCP-Bench "${name}": the real server from the MCP-Bench checkout`,
  }
}
