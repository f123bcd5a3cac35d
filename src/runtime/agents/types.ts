import type { CatalogEntry } from '../../contracts/catalog.ts'
import type { PromptSource } from '../../contracts/fidelity.ts'
import type { ModelTurn } from '../../contracts/trajectory.ts'

/** What a tool call gives back to an agent. Errors come back as results, never as exceptions. */
export interface ToolCallOutcome {
  /** MCP content items as the server returned them. */
  content: unknown[]
  structuredContent?: unknown
  isError: boolean
  /** The content as text, cut at the configured limit: what a model should see. */
  text: string
}

/**
 * The task as the agent under test sees it: what a model would be shown and
 * nothing more. The reference plan, answer and facts, the concrete prompt, the
 * category and which servers are distractions stay with the referee (the
 * reference agent and the judge), so no agent can score by reading them.
 */
export interface TaskInfo {
  id: string
  /** The instruction to solve: the fuzzy text unless the task asks for the concrete one. */
  prompt: string
}

/** A tool as the agent sees it: no hint of whether its server is a distraction. */
export type AgentTool = Omit<CatalogEntry, 'distractor'>

export interface AgentContext {
  task: TaskInfo
  /** Every tool the agent may call, under its server-qualified name. */
  tools: AgentTool[]
  maxRounds: number
  /** Most tool calls the task allows; unset: no cap. */
  maxToolCalls?: number
  /** Aborted when the task times out. */
  signal: AbortSignal
  /** Calls a tool by qualified name (`math__add`) or `server.tool`; args as an object or a JSON string. Recorded. */
  callTool(name: string, args?: unknown, options?: CallToolOptions): Promise<ToolCallOutcome>
  /** Starts a new round (a model turn, or a layer of parallel calls) and returns its number. */
  nextRound(): number
  /** Records a model turn (content, tool calls, token usage, and the `model` that answered, which prices it) in the current round. */
  recordTurn(turn: Omit<ModelTurn, 'round'>): void
}

export interface CallToolOptions {
  id?: string
  round?: number
  /**
   * `args` is the value the model wrote (a JSON plan's `parameters`), not JSON text to decode. The recorder
   * keeps it as `rawArgs` when it is not an object, and under an MCP-Bench fidelity checks the schema
   * against it, as MCP-Bench's evaluator does (a string or null is then non-compliant). Default: a string
   * is the arguments' JSON text, as native tool calls send them.
   */
  asWritten?: boolean
  /** JSON pointers of the numbers in `args` the model wrote as whole floats (`1.0`), kept with the call for Python's printing. */
  wholeFloats?: readonly string[]
}

/** Anything that solves a task through `ctx.callTool` and returns the final answer. */
export type AgentFunction = (ctx: AgentContext) => Promise<string | null | undefined | void>

export interface Agent {
  name: string
  run: AgentFunction
  /** The built-in planner under `executor: 'released-code'`: whose words it sends the model (the row's `fidelity.plannerPrompt`). */
  promptSource?: PromptSource
}

/** Names an agent function, so it shows as its own row on the leaderboard. */
export function defineAgent(name: string, run: AgentFunction): Agent {
  return { name, run }
}
