import * as z from 'zod'

/**
 * Per-tool diagnostics for server authors: how each tool of each server fared, from the recorded trajectories
 * and the reference plans. Two levels, both derived by src/scoring/tool-diagnostics.ts and nowhere else:
 * - per task (`TaskToolsSchema`, a task record's `tools`): the counts of that one task, so that two runs can be
 *   paired task by task (`mcp-bench compare` by tool);
 * - per agent, server and tool (`ToolDiagnosticsSchema`, the board's `tools`): the sums over the counted tasks.
 * The definitions (what "missed", "unneeded" and "confused" mean, and what a task without a reference plan
 * counts) are in docs/explanation/tool-diagnostics.md.
 */

const Count = z.number().int().nonnegative()
const Rate = z.number().min(0).max(1).nullable()

/** `server.tool`: the tool's server and its name on that server. */
const QualifiedTool = z.string()

/** Most messages kept per tool and task, and per tool on the board; and the longest message kept. */
export const TOOL_MESSAGES_KEPT = 5
export const TOOL_MESSAGE_CHARS = 200

/** A schema violation's or an execution error's message, cut to TOOL_MESSAGE_CHARS, and how many calls gave it. */
const ToolMessageSchema = z.object({
  kind: z.enum(['schema', 'execution']),
  message: z.string().max(TOOL_MESSAGE_CHARS),
  count: Count.min(1),
})
export type ToolMessage = z.infer<typeof ToolMessageSchema>

/** An argument field of the reference call (or of the agent's) whose value differed, and in how many calls. */
const ArgFieldCountSchema = z.object({ field: z.string(), count: Count.min(1) })

/**
 * One tool in one task: every count is over that task's calls. A tool appears when the task called it or its
 * reference plan did; a tool only offered appears in `offered` alone (all its counts are 0).
 */
const TaskToolUseSchema = z.object({
  tool: QualifiedTool,
  /** Reference calls to it; 0 when the task has no reference plan (see TaskToolsSchema.planned). */
  referenced: Count,
  /** Reference calls to it that an agent call to it took (by tool; see the docs for the pairing). */
  matched: Count,
  /** Reference calls to it no agent call to it took: referenced − matched. Some of them went to another tool (confused). */
  missed: Count,
  /** Agent calls to it (its name resolved in the catalog). */
  called: Count,
  /** Calls that ran without an error and whose arguments fit its input schema. */
  calledOk: Count,
  /** Calls whose arguments did not fit its input schema. */
  schemaViolations: Count,
  /** Calls that failed: the server's isError, a throw, or no answer. */
  executionErrors: Count,
  /** Calls that took no reference call and were no confusion; 0 without a reference plan (unknowable). */
  unneeded: Count,
  /** Calls to it made in place of a reference call to another tool of the same step, by that other (intended) tool. */
  confusedFor: z.array(z.object({ intended: QualifiedTool, count: Count.min(1) })),
  /** Matched calls whose arguments differed from their reference call's in at least one field. */
  argMismatches: Count,
  /** The fields that differed, over the matched calls. */
  argFields: z.array(ArgFieldCountSchema),
  /** The most common error messages (at most TOOL_MESSAGES_KEPT, most frequent first). */
  messages: z.array(ToolMessageSchema).max(TOOL_MESSAGES_KEPT),
})
export type TaskToolUse = z.infer<typeof TaskToolUseSchema>

/** A task record's per-tool counts; null when the task left no trajectory (it never ran, or stopped before the agent returned). */
export const TaskToolsSchema = z.object({
  /** Every tool the agent was offered, `server.tool`, sorted; absent in outcomes made before it was recorded. */
  offered: z.array(QualifiedTool).optional(),
  /** The task has a reference plan with calls: missed, unneeded and confused are defined only then. */
  planned: z.boolean(),
  /** The tools the task called or planned, sorted by `tool`. */
  uses: z.array(TaskToolUseSchema),
  /** Calls whose name is no tool of the catalog: they belong to no tool (the row's validToolNameRate counts them). */
  unknownCalls: Count,
})
export type TaskTools = z.infer<typeof TaskToolsSchema>

/** One agent's figures for one tool of one server, summed over the counted tasks with a trajectory. */
const ToolRowSchema = z.object({
  agent: z.string(),
  server: z.string(),
  /** The tool's name on its server. */
  tool: z.string(),
  /** Tasks that offered it. */
  offered: Count,
  /** Tasks that called it at least once. */
  tasksCalled: Count,
  /** Tasks whose reference plan calls it. */
  tasksPlanned: Count,
  /** Tasks whose reference plan calls it and in which the agent never called it. */
  tasksMissed: Count,
  referenced: Count,
  matched: Count,
  missed: Count,
  called: Count,
  calledOk: Count,
  schemaViolations: Count,
  executionErrors: Count,
  unneeded: Count,
  /** Calls to it made in place of another tool (the other tool of the pair is in `confusions`). */
  confusedFor: Count,
  /** Reference calls to it that went to another tool instead. */
  confusedAway: Count,
  argMismatches: Count,
  argFields: z.array(ArgFieldCountSchema),
  messages: z.array(ToolMessageSchema).max(TOOL_MESSAGES_KEPT),
  /** matched / referenced; null when never referenced. */
  recall: Rate,
  /** calledOk / called; null when never called. */
  successRate: Rate,
  /**
   * What the ten-worst rule ranks by: missed + unneeded + confusedFor + schemaViolations + executionErrors +
   * argMismatches, each an event a server author can act on (a call can count twice, say unneeded and failed).
   */
  issues: Count,
  /** issues / (referenced + called): above 1 when calls count twice (a confused call that also failed); null when both are 0. */
  issuesPerUse: z.number().nonnegative().nullable(),
})
export type ToolRow = z.infer<typeof ToolRowSchema>

/** How often one agent called `called` in place of a reference call to `intended` of the same step. */
const ConfusionSchema = z.object({
  agent: z.string(),
  intended: QualifiedTool,
  called: QualifiedTool,
  count: Count.min(1),
  /** Tasks with at least one such call. */
  tasks: Count.min(1),
})
export type Confusion = z.infer<typeof ConfusionSchema>

/** The board's `tools`: a row per agent, server and tool (offered or used), and the confusion pairs. */
export const ToolDiagnosticsSchema = z.object({
  /** By agent, server, tool. */
  rows: z.array(ToolRowSchema),
  /** By agent, then count (most first), intended, called. */
  confusions: z.array(ConfusionSchema),
  /** Counted tasks with a trajectory, per agent: the denominator of `offered`. */
  tasks: z.array(z.object({ agent: z.string(), tasks: Count, planned: Count, unknownCalls: Count })),
})
export type ToolDiagnostics = z.infer<typeof ToolDiagnosticsSchema>
