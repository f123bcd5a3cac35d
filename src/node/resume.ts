import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { TaskOutcomeSchema } from '../contracts/outcome.ts'
import type { JournalEntry, JournalHeader, ResumeMode } from '../contracts/run-journal.ts'
import type { RuntimeSettings } from '../contracts/settings.ts'
import { agentName } from '../lib/agent-name.ts'
import { stableStringify } from '../lib/stable-json.ts'
import { isUnfinished, statusOf } from '../scoring/task-record.ts'

/**
 * Resuming a run: which tasks of the journal a resumed run keeps, and whether the journal is of the same run.
 * The journal itself is src/node/run-journal.ts.
 */

/** The `resume` option, else MCP_BENCH_RESUME (`1`/`true`: faults; `all-failed`); null: a fresh run. */
export function resumeMode(option: boolean | ResumeMode | undefined, env: NodeJS.ProcessEnv = process.env): ResumeMode | null {
  if (option !== undefined) return option === true ? 'faults' : option === false ? null : option
  const raw = env.MCP_BENCH_RESUME?.trim().toLowerCase()
  if (!raw || /^(0|false|no)$/.test(raw)) return null
  if (/^(1|true|yes|faults)$/.test(raw)) return 'faults'
  if (raw === 'all-failed') return 'all-failed'
  throw new Error(`MCP_BENCH_RESUME must be 1, faults or all-failed, not "${env.MCP_BENCH_RESUME}"`)
}

/**
 * A hash of the settings that change what a task does or how it is scored. Left out: how fast the run goes
 * (`concurrency`), whether tests are annotated, where its reports go, and the judge cache (a cached verdict is the verdict).
 */
export function settingsHash(settings: RuntimeSettings): string {
  const { concurrency: _c, concurrentTasks: _t, annotate: _a, outputDir: _o, historyDir: _h, judge, ...rest } = settings
  const judgeShown = judge ? { ...judge, cache: undefined } : judge
  return createHash('sha256')
    .update(stableStringify({ ...rest, judge: judgeShown }))
    .digest('hex')
}

export function agentNames(settings: Pick<RuntimeSettings, 'agents'>): string[] {
  return settings.agents.map(agentName)
}

/** The sha256 of a file's bytes; null when it cannot be read. */
export function fileHash(path: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex')
  } catch {
    return null
  }
}

/** What a resumed project is compared with the journal on. */
export interface ResumeCheck {
  root: string
  project: string
  shard: { index: number; count: number } | null
  settings: RuntimeSettings
}

/**
 * Why the journal is not of this run, or null when it is: the same shard, the same settings and agents for this
 * project, and every task file it ran unchanged. Resuming across any of these would merge results of two
 * different runs into one leaderboard.
 */
export function differentRun(header: JournalHeader, check: ResumeCheck): string | null {
  const shard = (s: JournalHeader['shard']) => (s ? `shard ${s.index}/${s.count}` : 'an unsharded run')
  if (shard(header.shard) !== shard(check.shard)) return `the journal is of ${shard(header.shard)}, this is ${shard(check.shard)}`
  const name = check.project || 'root'
  const before = header.fingerprint.settings[check.project]
  if (before === undefined) return `project "${name}" is not in the journal's run`
  const agentsBefore = header.fingerprint.agents[check.project] ?? []
  const agentsNow = agentNames(check.settings)
  if (agentsBefore.join(', ') !== agentsNow.join(', '))
    return `project "${name}" ran agents ${agentsBefore.join(', ')}, now ${agentsNow.join(', ')}`
  if (before !== settingsHash(check.settings))
    return `project "${name}" has different options from the journal's run (agents, judge, servers or limits)`
  const changed = Object.entries(header.fingerprint.files)
    .filter(([file, hash]) => fileHash(resolve(check.root, file)) !== hash)
    .map(([file]) => file)
  if (changed.length)
    return `task files changed since the journal's run: ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ` and ${changed.length - 5} more` : ''}`
  return null
}

/**
 * Whether a finished task of the journal is kept by a resumed run, or run again. Run again: a record that does
 * not validate (the harness's fault), a setup error (spec, servers, agent setup, harness), a task stopped by the
 * judge or by its model endpoint (a 429, a 5xx, a lost connection). Kept: passes, unscored tasks and the agent's
 * own failures; `all-failed` runs those failures again too.
 */
export function keeps(entry: JournalEntry, mode: ResumeMode): boolean {
  const parsed = TaskOutcomeSchema.safeParse(entry.outcome)
  if (!parsed.success || isUnfinished(parsed.data, entry.state)) return false
  const outcome = parsed.data
  const status = statusOf(outcome, { state: entry.state, errors: entry.errors, durationMs: entry.durationMs })
  if (status === 'passed' || status === 'unscored') return true
  if (mode === 'all-failed' || status === 'setup-error') return false
  if (outcome.stopped?.phase === 'judge' || outcome.fault) return false
  return true
}
