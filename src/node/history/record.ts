import { randomBytes } from 'node:crypto'
import type { Leaderboard } from '../../contracts/leaderboard.ts'
import {
  HISTORY_SCHEMA_VERSION,
  HistoryRecordSchema,
  type GitRevision,
  type HistoryAgent,
  type HistoryRecord,
} from '../../contracts/history.ts'

export interface RunContext {
  git: GitRevision | null
  /** `--shard i/n` of this run, or null for a whole (or merged) run. */
  shard: { index: number; count: number } | null
  /** Defaults to the board's time plus random bytes: sortable, and unique across machines. */
  runId?: string
}

/** A run's history entry, copied from its leaderboard's rows and validated against its schema. */
export function historyRecord(board: Leaderboard, context: RunContext): HistoryRecord {
  const agents = board.agents.map(
    (a): HistoryAgent => ({
      agent: a.agent,
      tasks: a.tasks,
      passed: a.passed,
      failed: a.failed,
      errored: a.errored,
      unscored: a.unscored,
      setupErrors: a.setupErrors,
      passRate: a.passRate,
      passRateInterval: a.passRateInterval,
      ruleScore: a.ruleScore,
      overallScore: a.overallScore,
      domains: a.overall.domains,
      tiers: Object.fromEntries(
        Object.entries(a.tiers).map(([tier, t]) => [
          tier,
          { tasks: t.tasks, passed: t.passed, passRate: t.passRate, passRateInterval: t.passRateInterval },
        ]),
      ),
      avgTokens: a.avgTokens,
      avgDurationMs: a.avgDurationMs,
      isolation: a.isolation ?? null,
    }),
  )
  return HistoryRecordSchema.parse({
    schemaVersion: HISTORY_SCHEMA_VERSION,
    runId: context.runId ?? newRunId(board.generatedAt),
    generatedAt: board.generatedAt,
    git: context.git,
    interrupted: board.interrupted,
    unfinished: board.unfinished.length,
    shard: context.shard,
    gate: { applied: board.gate.applied, passed: board.gate.passed },
    tasks: board.tasks.length,
    fileErrors: board.fileErrors.length,
    agents,
  })
}

/** `2025-11-30T12-58-00.123Z-1a2b3c4d`: the time first (file names sort by it), then 4 random bytes. */
export function newRunId(generatedAt: string): string {
  return `${generatedAt.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}`
}
