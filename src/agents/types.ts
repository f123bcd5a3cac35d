import type { ReferencePlan } from '../task/spec.ts'
import type { CatalogEntry } from '../servers/catalog.ts'
import type { ModelTurn } from '../trajectory/schema.ts'

/** What a tool call gives back to an agent. Errors come back as results, never as exceptions. */
export interface ToolCallOutcome {
  /** MCP content items as the server returned them. */
  content: unknown[]
  structuredContent?: unknown
  isError: boolean
  /** The content as text, cut at the configured limit: what a model should see. */
  text: string
}

export interface TaskInfo {
  id: string
  /** The instruction to solve: the fuzzy text unless the task asks for the concrete one. */
  prompt: string
  /** The concrete task with its steps (a model agent should not see it). */
  concretePrompt: string
  category?: string
  servers: string[]
  reference?: ReferencePlan
}

export interface AgentContext {
  task: TaskInfo
  /** Every tool the agent may call, under its server-qualified name. */
  tools: CatalogEntry[]
  maxRounds: number
  /** Aborted when the task times out. */
  signal: AbortSignal
  /** Calls a tool by qualified name (`math__add`) or `server.tool`; args as an object or a JSON string. Recorded. */
  callTool(name: string, args?: unknown, options?: { id?: string; round?: number }): Promise<ToolCallOutcome>
  /** Starts a new round (a model turn, or a layer of parallel calls) and returns its number. */
  nextRound(): number
  /** Records a model turn (content, tool calls, token usage) in the current round. */
  recordTurn(turn: Omit<ModelTurn, 'round'>): void
}

/** Anything that solves a task through `ctx.callTool` and returns the final answer. */
export type AgentFunction = (ctx: AgentContext) => Promise<string | null | undefined | void>

export interface Agent {
  name: string
  run: AgentFunction
}

/** Names an agent function, so it shows as its own row on the leaderboard. */
export function defineAgent(name: string, run: AgentFunction): Agent {
  return { name, run }
}
