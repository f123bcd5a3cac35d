import * as z from 'zod'

/**
 * The run journal: what a run keeps on disk as it goes, so that a run cut short (Ctrl-C, SIGTERM, SIGHUP, a
 * killed worker, a SIGKILLed main process, a budget reached) can be resumed (`MCP_BENCH_RESUME=1`, the `resume`
 * option, `mcp-bench resume`). One JSON value per line: a header first, then one entry per task as its result
 * reaches the main process (src/node/run-journal.ts writes it, src/node/resume.ts reads it).
 */
export const JOURNAL_VERSION = 1

/** What makes two runs the same run: the settings of each Vitest project and the task files' bytes. */
const RunFingerprintSchema = z.object({
  /** A hash of each project's settings that change results (agents, judge, servers, limits), by project name. */
  settings: z.record(z.string(), z.string()),
  /** The agents of each project, by name, so a refusal can say which changed. */
  agents: z.record(z.string(), z.array(z.string())),
  /** Each task file (relative to the root) and the sha256 of its bytes as the run started. */
  files: z.record(z.string(), z.string()),
})

export const JournalHeaderSchema = z.object({
  kind: z.literal('header'),
  version: z.literal(JOURNAL_VERSION),
  /** The shard this journal is of (`--shard 1/2`); null for an unsharded run. */
  shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }).nullable(),
  fingerprint: RunFingerprintSchema,
  startedAt: z.string(),
})
export type JournalHeader = z.infer<typeof JournalHeaderSchema>

/** One finished task, as the leaderboard reporter handed it to the referee: enough to score it again unchanged. */
export const JournalEntrySchema = z.object({
  kind: z.literal('task'),
  project: z.string(),
  file: z.string(),
  testId: z.string(),
  name: z.string(),
  identity: z.object({ taskId: z.string(), agent: z.string(), trial: z.number().int().positive() }),
  state: z.enum(['passed', 'failed', 'skipped']),
  errors: z.array(z.string()),
  durationMs: z.number().nonnegative(),
  /** The outcome record as it arrived (validated again when it is read back, as any outcome is). */
  outcome: z.unknown(),
})
export type JournalEntry = z.infer<typeof JournalEntrySchema>

/**
 * What a resumed run runs again besides the tasks that never finished: `faults` (default) the tasks that failed
 * for a reason not the agent's (a setup error, a harness fault, the judge, the model endpoint); `all-failed` every
 * task that did not pass.
 */
export const ResumeModeSchema = z.enum(['faults', 'all-failed'])
export type ResumeMode = z.infer<typeof ResumeModeSchema>

/** What the plugin provides a project's workers on a resumed run: the tasks kept from the journal, by `keptKey`. */
export interface ResumeProvided {
  kept: string[]
}

/** A task's key among the kept ones: its file (relative to the root), id, agent and trial. */
export function keptKey(file: string, identity: { taskId: string; agent: string; trial: number }): string {
  return `${file}\u0000${identity.taskId}\u0000${identity.agent}\u0000${identity.trial}`
}
