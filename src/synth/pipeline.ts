import type { ServerHub } from '../runtime/servers/hub.ts'
import { TaskSpecSchema } from '../contracts/task-spec.ts'
import { lintTasks, toolsByRef } from '../lint/suite-lint.ts'
import { runCandidate, type CandidateOutcome } from './candidate.ts'
import { findChains, selectChains, type Chain } from './chains.ts'
import { findLinks, profileTools } from './links.ts'
import { ModelRequestError, type SynthModel } from './model.ts'
import {
  SYNTH_REPORT_VERSION,
  SynthReportSchema,
  type CandidateReport,
  type ReasonKind,
  type SynthReport,
  type UsageReport,
} from '../contracts/synth-report.ts'
import { collectSamples, type SampleOutcome } from './samples.ts'
import { draftToTask, groupIntoFiles, planServers, taskId, type SynthFile, type SynthTask } from './task-files.ts'
import { verifyDraft } from './verify.ts'

/**
 * `mcp-bench synth` from end to end, MCP-Bench's task synthesis with one
 * more filter: the tool catalog (and, when allowed, sample outputs) →
 * candidate dependency chains → for each chain a task written by the model,
 * execution-verified against the real servers, repaired once if it fails,
 * and scored by the model → ready-to-run task files and a report of every
 * candidate. Chains are tried in order until `count` tasks are kept, or
 * `CANDIDATES_PER_TASK × count` chains have been tried.
 */
export interface SynthSettings {
  servers: string[]
  /** Tasks to keep. */
  count: number
  seed: number
  /** Call safe read-only tools once each for sample outputs. */
  allowCalls: boolean
  minSolvability: number
  minUtility: number
}

/** MCP-Bench's quality thresholds (paper §4.2): solvability 9.0/10, utility 5.0/10. */
export const MCP_BENCH_THRESHOLDS = { minSolvability: 9, minUtility: 5 } as const

/** Chains tried per task wanted, at most: enough for the drops a real model makes, bounded so a bad run stops. */
export const CANDIDATES_PER_TASK = 3

/** Longest sample output shown to the model. */
const SAMPLE_CHARS = 1_500

export type SynthEvent =
  | { kind: 'catalog'; tools: number; servers: string[] }
  | { kind: 'samples'; sampled: number; skipped: number }
  | { kind: 'chains'; links: number; found: number; selected: number }
  | { kind: 'candidate'; candidate: CandidateReport; of: number; kept: number; usage: UsageReport }

export interface SynthRun {
  report: SynthReport
  files: SynthFile[]
}

export interface SynthArgs {
  hub: ServerHub
  settings: SynthSettings
  model: SynthModel
  /** Applied to everything servers return before it reaches the model or the report. */
  redact?: (text: string) => string
  /** The harness's cut on tool output (default 20 000, as in the plugin's options). */
  maxToolOutputChars?: number
  onEvent?: (event: SynthEvent) => void
}

export async function synthesize({
  hub,
  settings,
  model,
  redact = (t) => t,
  maxToolOutputChars = 20_000,
  onEvent = () => {},
}: SynthArgs): Promise<SynthRun> {
  const { servers } = settings
  const callTimeoutMs = (server: string) => hub.config.servers[server]?.callTimeoutMs ?? 60_000
  const session = await hub.acquire(servers)
  const entries = session.catalog.entries
  let samples: SampleOutcome[] = []
  try {
    onEvent({ kind: 'catalog', tools: entries.length, servers })
    if (settings.allowCalls) {
      samples = await collectSamples(session, { maxChars: SAMPLE_CHARS, timeoutMs: callTimeoutMs, redact })
      onEvent({ kind: 'samples', sampled: samples.filter((s) => s.sample).length, skipped: samples.filter((s) => !s.sample).length })
    }
  } finally {
    await session.release()
  }

  const tools = profileTools(entries, new Map(samples.flatMap((s) => (s.sample ? [[s.tool, s.sample] as const] : []))))
  const links = findLinks(tools)
  const chains = findChains(tools, links, servers)
  const selected = selectChains(chains, CANDIDATES_PER_TASK * settings.count, settings.seed, servers)
  onEvent({ kind: 'chains', links: links.length, found: chains.length, selected: selected.length })

  const verify = (draft: Parameters<typeof verifyDraft>[0], chain: Chain) =>
    verifyDraft(draft, { hub, catalog: entries, servers: chain.servers, maxToolOutputChars, callTimeoutMs, redact })
  const candidates: CandidateReport[] = []
  const kept: SynthTask[] = []
  const ids = new Set<string>()
  let stopped: string | null = null
  for (const chain of selected) {
    if (kept.length >= settings.count) break
    let outcome: CandidateOutcome
    try {
      outcome = await runCandidate(chain, {
        model,
        tools,
        verify,
        minSolvability: settings.minSolvability,
        minUtility: settings.minUtility,
      })
    } catch (error) {
      if (!(error instanceof ModelRequestError)) throw error
      stopped = error.message
      break
    }
    let task: SynthTask | null = null
    if (outcome.status !== 'dropped' && outcome.draft) {
      task = draftToTask(outcome.draft, taskId(outcome.draft, planServers(outcome.draft, servers), ids), servers)
      ids.add(task.id)
      kept.push(task)
    }
    const candidate: CandidateReport = {
      n: candidates.length + 1,
      ...outcome,
      taskId: task?.id ?? null,
      file: task ? groupIntoFiles([task])[0]!.name : null,
    }
    candidates.push(candidate)
    onEvent({ kind: 'candidate', candidate, of: selected.length, kept: kept.length, usage: model.usage() })
  }

  assertLintClean(kept, entries)
  const files = groupIntoFiles(kept)
  const report = SynthReportSchema.parse({
    version: SYNTH_REPORT_VERSION,
    settings: { ...settings, model: model.name },
    catalog: {
      tools: entries.length,
      sampled: samples.flatMap((s) => (s.sample ? [{ tool: s.tool, args: s.sample.args }] : [])),
      notSampled: samples.flatMap((s) => (s.skipped ? [{ tool: s.tool, reason: s.skipped }] : [])),
    },
    chains: { links: links.length, found: chains.length, selected: selected.length },
    candidates,
    totals: totals(candidates),
    usage: model.usage(),
    files: files.map((f) => ({ name: f.name, tasks: f.tasks.length })),
    stopped,
  })
  return { report, files }
}

function totals(candidates: readonly CandidateReport[]): SynthReport['totals'] {
  const droppedBy: Partial<Record<ReasonKind, number>> = {}
  for (const c of candidates.filter((c) => c.status === 'dropped')) {
    const kind = c.reasons[0]!.kind
    droppedBy[kind] = (droppedBy[kind] ?? 0) + 1
  }
  return {
    candidates: candidates.length,
    kept: candidates.filter((c) => c.status === 'kept').length,
    repaired: candidates.filter((c) => c.status === 'repaired').length,
    dropped: candidates.filter((c) => c.status === 'dropped').length,
    droppedBy,
  }
}

/** The kept tasks pass the suite lint by construction; a problem here is a bug in synthesis, not in the model. */
function assertLintClean(tasks: readonly SynthTask[], entries: Parameters<typeof toolsByRef>[0]): void {
  const problems = lintTasks(
    tasks.map((t) => ({ id: t.id, spec: TaskSpecSchema.parse(t.spec) })),
    toolsByRef(entries),
  )
  if (problems.length) throw new Error(`mcp-bench synth: kept tasks fail the suite lint (a bug in synthesis):\n${problems.join('\n')}`)
}
