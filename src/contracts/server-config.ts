import * as z from 'zod'

/** Options every kind of server shares. */
const Common = {
  /** `task`: a fresh instance per task, for stateful servers. `file`: shared by a test file's tasks. */
  isolation: z.enum(['file', 'task']).default('file'),
  /**
   * How the calls a model makes in one turn reach this server. `in-order`: one at a time, in the order the model
   * listed them, so calls that change state apply in an order that depends on the turn alone, never on timing.
   * `concurrent`: all at once. Either way they are recorded and scored as parallel. Default: `in-order` for
   * servers with a fresh instance per task (`isolation: "task"` or a `${TASK_DIR}`), which are there for their
   * state; `concurrent` for shared ones.
   */
  calls: z.enum(['in-order', 'concurrent']).optional(),
  /** How long connecting and listing tools may take. */
  startupTimeoutMs: z.number().int().positive().default(20_000),
  /** How long a single tool call may take. */
  callTimeoutMs: z.number().int().positive().default(60_000),
  description: z.string().optional(),
  /**
   * What models are shown of some of the server's tools, by tool name: another description (a description set
   * you are trying out, or a deliberately worse one to measure what descriptions are worth). Applied to the
   * server's tool list wherever it is read (runs, `mcp-bench types`, `mcp-bench lint-tools`); a tool the server
   * does not have is a start error naming it.
   */
  toolOverrides: z.record(z.string().min(1), z.strictObject({ description: z.string() })).optional(),
}

export const StdioServerSchema = z.strictObject({
  type: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** The only variables the process gets beyond a minimal base (PATH, HOME, …). `${VAR}` expands from the parent. */
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
  ...Common,
})

export const HttpServerSchema = z.strictObject({
  type: z.enum(['http', 'streamable-http']).optional(),
  /** `${VAR}` expands from the parent environment when the server is started (and its value is redacted like any other). */
  url: z.string().refine((url) => /\$\{(?:env:)?[A-Za-z_]\w*\}/.test(url) || URL.canParse(url), 'Invalid URL'),
  headers: z.record(z.string(), z.string()).default({}),
  ...Common,
})

export const InProcessServerSchema = z.strictObject({
  type: z.literal('in-process').optional(),
  /** Module (path relative to the config root, or a package) exporting a factory that returns an SDK McpServer. */
  module: z.string().min(1),
  export: z.string().default('createServer'),
  /** Passed to the factory. */
  options: z.unknown().optional(),
  ...Common,
})

export const ServerConfigSchema = z.union([StdioServerSchema, HttpServerSchema, InProcessServerSchema])
export type ServerConfig = z.infer<typeof ServerConfigSchema>
export type InProcessServerConfig = z.infer<typeof InProcessServerSchema>

export const ServerNameSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'server names use letters, digits, "_" and "-" (at most 40)')

export const ServersFileSchema = z.strictObject({
  mcpServers: z.record(ServerNameSchema, z.unknown()),
})
