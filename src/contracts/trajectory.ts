import * as z from 'zod'

/**
 * The trajectory is the one record every stage shares: the agent writes it,
 * the checks and the judge read it, the reporters aggregate it. It is plain
 * JSON so it can travel through Vitest's task meta to the main process.
 * Bump TRAJECTORY_VERSION on any breaking change to its shape.
 */
export const TRAJECTORY_VERSION = 1

const TokenUsageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
})
export type TokenUsage = z.infer<typeof TokenUsageSchema>

const ToolCallRecordSchema = z.object({
  /** Stable id within the trajectory (the model's tool_call id where there is one). */
  id: z.string(),
  /** 1-based round (model turn, or dependency layer for the reference agent). */
  round: z.number().int().nonnegative(),
  /** The name exactly as the agent called it. */
  name: z.string(),
  /** Server and original tool name; null when the name is not in the catalog. */
  server: z.string().nullable(),
  tool: z.string().nullable(),
  /** True when the tool belongs to a distraction server the task did not ask for. */
  distractor: z.boolean(),
  /** Parsed arguments, or the raw string when they were not valid JSON. */
  args: z.unknown(),
  /** Set when the arguments were not a JSON object. */
  argsError: z.string().optional(),
  /**
   * The arguments as the model wrote them, when that was not an object and `args` is their repair (a plan's
   * `parameters` as a string, null or an array): what MCP-Bench's evaluator checks the schema against.
   */
  rawArgs: z.unknown().optional(),
  /**
   * JSON pointers, within `rawArgs` when it is set and `args` otherwise, of the numbers the model wrote as floats
   * with nothing after the point (`1.0`): Python, and so MCP-Bench's executor, prints them `1.0` (src/lib/whole-floats.ts).
   */
  wholeFloats: z.array(z.string()).optional(),
  /** The name resolved to a tool in the catalog. */
  valid: z.boolean(),
  /** Arguments validate against the tool's inputSchema; null when the name was invalid. */
  schemaValid: z.boolean().nullable(),
  schemaErrors: z.array(z.string()).optional(),
  /** The MCP CallToolResult `content` (text may be truncated, see `truncated`). */
  result: z.unknown().optional(),
  /** The MCP result had isError, or the call threw, or it never reached a server. */
  isError: z.boolean(),
  /** Exception or rejection message, when there was one. */
  error: z.string().optional(),
  /** Milliseconds since the trajectory started. */
  startedAt: z.number().nonnegative(),
  durationMs: z.number().nonnegative(),
  truncated: z.boolean().optional(),
})
export type ToolCallRecord = z.infer<typeof ToolCallRecordSchema>

export const ModelTurnSchema = z.object({
  round: z.number().int().nonnegative(),
  content: z.string().nullable(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })),
  usage: TokenUsageSchema.nullable(),
  finishReason: z.string().nullable(),
  /** Model time: how long the request took, retries included. */
  durationMs: z.number().nonnegative(),
  /**
   * Milliseconds since the trajectory started, when the request was sent. With
   * `durationMs` it places the turn on the same clock as the tool calls, so
   * model time and tool time can be told apart even when turns overlap (the
   * planner's parallel summaries). Absent in trajectories recorded before it existed.
   */
  startedAt: z.number().nonnegative().optional(),
  /**
   * The model that answered (the response's `model`, else the one requested):
   * what the price table is looked up by. Absent when the agent did not say.
   */
  model: z.string().optional(),
  /**
   * Set when a text-protocol agent (the ReAct loop) could not use the reply:
   * why it broke the format. The agent answers such a turn with a reminder
   * instead of a tool call. Absent on every turn that was understood.
   */
  parseError: z.string().optional(),
  /**
   * What the harness changed to read a reply that bent the Chat Completions
   * format (arguments as an object, no tool-call id, content parts, a
   * fractional token count): src/runtime/agents/reply-shape.ts. Absent when nothing was.
   */
  replyNotes: z.array(z.string()).optional(),
})
export type ModelTurn = z.infer<typeof ModelTurnSchema>

export const TrajectorySchema = z.object({
  version: z.literal(TRAJECTORY_VERSION),
  taskId: z.string(),
  agent: z.string(),
  /** The instruction the agent was given (the fuzzy text by default). */
  prompt: z.string(),
  turns: z.array(ModelTurnSchema),
  calls: z.array(ToolCallRecordSchema),
  answer: z.string().nullable(),
  /** Set when the agent itself failed (threw, timed out, model error). */
  error: z.string().nullable(),
  rounds: z.number().int().nonnegative(),
  usage: TokenUsageSchema,
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
})
export type Trajectory = z.infer<typeof TrajectorySchema>
