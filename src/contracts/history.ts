import * as z from 'zod'
import { AgentIsolationSchema } from './isolation.ts'
import { DomainsSchema, TierSchema } from './leaderboard.ts'

/**
 * One run's entry in the run history (`bench-results/history/`, one file per
 * run, never rewritten): enough per agent to draw a trend across commits,
 * and nothing per task. Every number is copied from the run's leaderboard
 * rows; nothing is computed here. Bump HISTORY_SCHEMA_VERSION on any
 * breaking change.
 */
export const HISTORY_SCHEMA_VERSION = 1

const Rate = z.number().min(0).max(1).nullable()
const Count = z.number().int().nonnegative()
const Interval = z.tuple([z.number(), z.number()]).nullable()

const HistoryPassSchema = z.object({
  /** Tasks counted (setup errors excluded). */
  tasks: Count,
  passed: Count,
  passRate: Rate,
  /** 95% Wilson interval of the pass rate. */
  passRateInterval: Interval,
})

const HistoryAgentSchema = HistoryPassSchema.extend({
  agent: z.string(),
  failed: Count,
  errored: Count,
  unscored: Count,
  setupErrors: Count,
  ruleScore: Rate,
  overallScore: Rate,
  /** MCP-Bench's four domains over every counted task. */
  domains: DomainsSchema,
  tiers: z.partialRecord(TierSchema, HistoryPassSchema),
  avgTokens: z.number().nonnegative(),
  avgDurationMs: z.number().nonnegative(),
  /** How far the agent's code was held (./isolation.ts); absent in records written before it existed. */
  isolation: AgentIsolationSchema.nullable().optional(),
})
export type HistoryAgent = z.infer<typeof HistoryAgentSchema>

const GitRevisionSchema = z.object({
  commit: z.string().nullable(),
  branch: z.string().nullable(),
  /** Where it was read: the CI's variables, or the checkout's .git directory. */
  source: z.enum(['ci', 'git']),
})
export type GitRevision = z.infer<typeof GitRevisionSchema>

export const HistoryRecordSchema = z.object({
  schemaVersion: z.literal(HISTORY_SCHEMA_VERSION),
  /** Unique per run; also the file's name. */
  runId: z.string().min(1),
  generatedAt: z.iso.datetime(),
  /** The commit and branch the run measured; null outside a git checkout and CI. */
  git: GitRevisionSchema.nullable(),
  /** Stopped (Ctrl-C, SIGTERM) before every task finished: the numbers cover only what ran. */
  interrupted: z.boolean(),
  unfinished: Count,
  /** One shard of a sharded run (`--shard i/n`): the numbers cover only that shard. */
  shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }).nullable(),
  /** The threshold and baseline gate's verdict; applied is false for a shard. */
  gate: z.object({ applied: z.boolean(), passed: z.boolean() }),
  /** Every task record of the run, setup errors included. */
  tasks: Count,
  fileErrors: Count,
  agents: z.array(HistoryAgentSchema),
})
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>
