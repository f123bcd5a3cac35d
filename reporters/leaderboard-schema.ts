import * as z from 'zod'
import { JudgeResultSchema } from '../src/judge/schema.ts'
import { AgentScoresSchema, DomainsSchema } from '../src/scoring/schema.ts'
import { TrialSummarySchema } from '../src/scoring/trials.ts'

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
  /** 1-based run of the task for this agent. */
  trial: z.number().int().positive(),
  file: z.string(),
  servers: z.array(z.string()),
  setting: z.string(),
  category: z.string().nullable(),
  shape: z.enum(['single', 'parallel', 'sequential']).nullable(),
  status: z.enum(['passed', 'failed', 'errored']),
  error: z.string().nullable(),
  /** Where an errored task stopped: its spec, its servers, or its agent (model failures, timeouts). */
  errorPhase: z.enum(['spec', 'servers', 'agent']).nullable(),
  metrics: MetricsSchema,
  /** The task's own scores by the same formulas as the agent rows: domains, overall (null unless judged), rule score. */
  scores: z.object({ domains: DomainsSchema, overall: Rate, ruleScore: Rate }),
  /** The MCP-Bench rubric judgement (or not-judged / error), null when the task never reached the judge. */
  judge: JudgeResultSchema.nullable(),
  /** The MCP-AgentBench pass/fail verdict, when a check asked for it. */
  referenceJudge: JudgeResultSchema.nullable(),
  rounds: z.number().int().nonnegative(),
  toolCalls: z.number().int().nonnegative(),
  distractorCalls: z.number().int().nonnegative(),
  tokens: TokensSchema,
  durationMs: z.number().nonnegative(),
})
export type TaskRecord = z.infer<typeof TaskRecordSchema>

/** One leaderboard row: the MCP-Bench and MCP-AgentBench scores, plus what the runs cost. */
export const AgentSummarySchema = AgentScoresSchema.extend({
  /** Overall score (MCP-Bench Table 3 formula); null when nothing was judged. */
  overallScore: Rate,
  /** Schema Understanding alone: the rule-only score, defined without a judge. */
  ruleScore: Rate,
  /** Means over all tasks, including dependency order. */
  metrics: MetricsSchema,
  /** With `trials` > 1: pass^k and pass@k over the repeated runs. `tasks` then counts runs. */
  trials: TrialSummarySchema.nullable(),
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
