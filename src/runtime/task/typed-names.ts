import type { TaskSpecInput } from '../../contracts/task-spec.ts'

/**
 * The project's servers, their tools and each tool's arguments, as `mcp-bench types` writes them:
 * `{ math: { add: { firstNumber: number; secondNumber: number } } }`. The generated `.d.ts` augments
 * this interface (`declare module 'vitest-mcp-bench' { interface McpBenchServers { … } }`); from then on
 * server and tool names in task files and matchers autocomplete, a misspelt one is a compile error, and
 * reference-call `args` are checked against the tool's input schema. Left empty (no generated file),
 * every name is a plain `string` and arguments are untyped, exactly as without this feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface McpBenchServers {}

type KnownServer = keyof McpBenchServers & string
type Typed = [KnownServer] extends [never] ? false : true
type Untyped = Record<string, unknown>

/** A configured server's name (a plain string until `mcp-bench types` has run). */
export type ServerName = Typed extends true ? KnownServer : string

/** A tool of one server, by its bare name (as `toHaveServerState` probes take it). */
export type ServerToolName<S extends string> = S extends KnownServer ? keyof McpBenchServers[S] & string : string

/** `server.tool` for every configured tool (a plain string until `mcp-bench types` has run). */
export type ToolName = Typed extends true ? { [S in KnownServer]: `${S}.${keyof McpBenchServers[S] & string}` }[KnownServer] : string

/** A tool's arguments from its input schema: `ToolArgs<'math.add'>`. Untyped for an unknown name. */
export type ToolArgs<T extends string> = T extends `${infer S}.${infer N}`
  ? S extends KnownServer
    ? N extends keyof McpBenchServers[S]
      ? McpBenchServers[S][N]
      : Untyped
    : Untyped
  : Untyped

/** The arguments of one of a server's tools, by bare name. */
export type ServerToolArgs<S extends string, N extends string> = S extends KnownServer
  ? N extends keyof McpBenchServers[S]
    ? McpBenchServers[S][N]
    : Untyped
  : Untyped

type PlanInput = NonNullable<TaskSpecInput['reference']>
type UntypedCall = NonNullable<PlanInput['calls']>[number]

/** One reference call whose `args` are those of its `tool`; `args` may be left out only when none is required. */
// `{} extends X`: true exactly when every field of X is optional, so `args` may be left out.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type TypedCall<T extends ToolName> = Omit<UntypedCall, 'tool' | 'args'> & { tool: T } & ({} extends ToolArgs<T>
    ? { args?: ToolArgs<T> }
    : { args: ToolArgs<T> })

/** A reference call as a task file writes it. */
export type ReferenceCallInput = Typed extends true ? { [T in ToolName]: TypedCall<T> }[ToolName] : UntypedCall

/**
 * What `mcpTask` accepts: the task spec (validated at run time by `TaskSpecSchema`) with its names typed
 * by `McpBenchServers`. Without generated types it is `TaskSpecInput` itself.
 */
export type McpTaskSpec = Typed extends true
  ? Omit<TaskSpecInput, 'servers' | 'distractors' | 'reference'> & {
      servers: ServerName[]
      distractors?: number | ServerName[]
      reference?: Omit<PlanInput, 'calls'> & { calls?: ReferenceCallInput[] }
    }
  : TaskSpecInput
