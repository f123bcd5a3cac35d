import * as z from 'zod'

/** Bump on any breaking change to the leaderboard file. */
export const LEADERBOARD_SCHEMA_VERSION = 1

const Rate = z.number().min(0).max(1).nullable()

export const MetricsSchema = z.object({
  validToolNameRate: Rate,
  schemaCompliance: Rate,
  executionSuccess: Rate,
  dependencyOrder: Rate,
})
export type Metrics = z.infer<typeof MetricsSchema>

export const TokensSchema = z.object({ prompt: z.number(), completion: z.number(), total: z.number() })

export const TaskRecordSchema = z.object({
  id: z.string(),
  agent: z.string(),
  file: z.string(),
  servers: z.array(z.string()),
  setting: z.string(),
  category: z.string().nullable(),
  shape: z.enum(['single', 'parallel', 'sequential']).nullable(),
  status: z.enum(['passed', 'failed', 'errored']),
  error: z.string().nullable(),
  metrics: MetricsSchema,
  judge: z.unknown().nullable(),
  rounds: z.number().int().nonnegative(),
  toolCalls: z.number().int().nonnegative(),
  distractorCalls: z.number().int().nonnegative(),
  tokens: TokensSchema,
  durationMs: z.number().nonnegative(),
})
export type TaskRecord = z.infer<typeof TaskRecordSchema>

export const AgentSummarySchema = z.object({
  agent: z.string(),
  tasks: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  errored: z.number().int(),
  passRate: z.number(),
  /** Mean of each metric over the tasks where it is defined (null where it never is). */
  metrics: MetricsSchema,
  /** Mean of the three schema-understanding rates: the rule-only score. */
  ruleScore: Rate,
  avgRounds: z.number(),
  avgToolCalls: z.number(),
  avgTokens: z.number(),
  avgDurationMs: z.number(),
})
export type AgentSummary = z.infer<typeof AgentSummarySchema>

export const GateResultSchema = z.object({
  passed: z.boolean(),
  failures: z.array(z.string()),
})

export const LeaderboardSchema = z.object({
  schemaVersion: z.literal(LEADERBOARD_SCHEMA_VERSION),
  generatedAt: z.string(),
  agents: z.array(AgentSummarySchema),
  tasks: z.array(TaskRecordSchema),
  /** Test files that failed before any task could run (syntax errors, failing imports). */
  fileErrors: z.array(z.object({ file: z.string(), error: z.string() })),
  gate: GateResultSchema,
})
export type Leaderboard = z.infer<typeof LeaderboardSchema>
