import { referenceAgent } from '../runtime/agents/reference.ts'
import { referenceLayers } from '../scoring/dependencies.ts'
import { describeFact, missingFacts, ungroundedFacts } from '../scoring/facts.ts'
import { checkArguments } from '../json-schema/validator.ts'
import type { CatalogEntry } from '../contracts/catalog.ts'
import type { ServerHub } from '../runtime/servers/hub.ts'
import { toolNamesIn } from '../lint/suite-lint.ts'
import { contentToText, truncate } from '../lib/text.ts'
import { TrajectoryRecorder } from '../runtime/trajectory/recorder.ts'
import type { TaskDraft } from './draft.ts'
import type { ExecutionVerdict, Reason } from '../contracts/synth-report.ts'

export type { ExecutionVerdict }

export interface VerifyContext {
  hub: ServerHub
  /** Every tool of the servers the user named (the fuzzy text may name none of them). */
  catalog: readonly CatalogEntry[]
  /** The servers this candidate may use. */
  servers: readonly string[]
  /** The harness's limits, so a task verified here behaves the same when it runs as a test. */
  maxToolOutputChars: number
  callTimeoutMs: (server: string) => number
  /** Applied to call outputs before they leave this module (they go to the model and the report). */
  redact: (text: string) => string
}

/** How much of each call's output the verdict keeps (the repair prompt shows it to the model). */
const OUTPUT_CHARS = 1_500

/**
 * Execution-verifies a draft: its plan runs against the real servers with the
 * reference agent, exactly as the reference agent runs a task file, and the
 * draft passes only if every call names a known tool on the candidate's
 * servers, validates against its schema and succeeds; every fact not marked
 * `derived` appears in the outputs; the answer states every fact; and the
 * fuzzy text names no tool (the suite lint's rule).
 */
export async function verifyDraft(draft: TaskDraft, ctx: VerifyContext): Promise<ExecutionVerdict> {
  const failures: Reason[] = []
  const byRef = new Map(ctx.catalog.map((e) => [`${e.server}.${e.tool}`, e]))
  for (const name of toolNamesIn(draft.fuzzy, ctx.catalog))
    failures.push({ kind: 'fuzzy-names-tool', detail: `the fuzzy text names ${name}` })

  const { calls } = draft.reference
  for (const call of calls) {
    const entry = byRef.get(call.tool)
    if (!entry)
      failures.push({
        kind: 'unknown-tool',
        detail: `call "${call.id}" names ${call.tool}, which is not a tool of ${ctx.servers.join(', ')}`,
      })
    else if (!ctx.servers.includes(entry.server))
      failures.push({
        kind: 'unknown-tool',
        detail: `call "${call.id}" names ${call.tool}, which is not on this task's servers (${ctx.servers.join(', ')})`,
      })
    else {
      const check = checkArguments(entry, call.args)
      if (!check.valid) failures.push({ kind: 'schema-invalid', detail: `call "${call.id}" (${call.tool}): ${check.errors.join('; ')}` })
    }
  }
  const ids = calls.map((c) => c.id)
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i)))
    failures.push({ kind: 'bad-plan', detail: `two calls have the id "${id}"` })
  try {
    referenceLayers(draft.reference)
  } catch (error) {
    failures.push({ kind: 'bad-plan', detail: (error as Error).message })
  }
  // A plan that cannot be run as written is not sent to the servers at all.
  if (failures.some((f) => f.kind === 'unknown-tool' || f.kind === 'bad-plan')) {
    return { passed: false, failures, calls: calls.map((c) => ({ id: c.id, tool: c.tool, status: 'not-run', schemaValid: null })) }
  }

  let run: Run
  try {
    run = await execute(draft, ctx)
  } catch (error) {
    // A server that started for the catalog but will not start now fails this candidate, not the whole run.
    const detail = `the plan could not run: ${ctx.redact((error as Error).message.split('\n')[0]!)}`
    return {
      passed: false,
      failures: [...failures, { kind: 'call-failed', detail }],
      calls: calls.map((c) => ({ id: c.id, tool: c.tool, status: 'not-run', schemaValid: null })),
    }
  }
  for (const call of run.calls.filter((c) => c.status === 'error')) {
    failures.push({
      kind: 'call-failed',
      detail: `call "${call.id}" (${call.tool}) returned an error: ${truncate(call.output ?? '', 300)}`,
    })
  }
  if (run.error && !run.calls.some((c) => c.status === 'error')) failures.push({ kind: 'call-failed', detail: run.error })
  if (run.calls.every((c) => c.status === 'ok')) {
    const { facts, answer } = draft.reference
    for (const fact of ungroundedFacts(facts, run.outputs)) {
      failures.push({
        kind: 'ungrounded-fact',
        detail: `the fact ${describeFact(fact)} is in none of the tool outputs (mark it "derived" if it is computed from them)`,
      })
    }
    for (const fact of missingFacts(answer, facts))
      failures.push({ kind: 'answer-missing-fact', detail: `the answer does not state the fact ${describeFact(fact)}` })
  }
  return { passed: failures.length === 0, failures, calls: run.calls }
}

interface Run {
  calls: ExecutionVerdict['calls']
  /** Every successful output, in full (as the harness's grounding check reads them). */
  outputs: readonly string[]
  error: string | null
}

async function execute(draft: TaskDraft, ctx: VerifyContext): Promise<Run> {
  const byRef = new Map(ctx.catalog.map((e) => [`${e.server}.${e.tool}`, e]))
  const used = ctx.servers.filter((s) => draft.reference.calls.some((c) => byRef.get(c.tool)?.server === s))
  const session = await ctx.hub.acquire(used)
  const controller = new AbortController()
  try {
    const recorder = new TrajectoryRecorder({
      task: { id: 'synth', prompt: draft.fuzzy },
      agent: 'reference',
      catalog: session.catalog,
      connections: session.connections,
      maxRounds: draft.reference.calls.length + 1,
      signal: controller.signal,
      maxToolOutputChars: ctx.maxToolOutputChars,
      maxRecordedOutputChars: OUTPUT_CHARS,
      callTimeoutMs: ctx.callTimeoutMs,
    })
    let error: string | null = null
    try {
      await referenceAgent(draft.reference).run(recorder.context())
    } catch (e) {
      error = (e as Error).message
    }
    const trajectory = recorder.finish(draft.reference.answer, error)
    const records = new Map(trajectory.calls.map((c) => [c.id, c]))
    // A workspace server's fresh directory differs on every run: named by a placeholder, the repair prompt replays from a cassette.
    const stable = (text: string) =>
      [...session.workspaces].reduce((out, [server, dir]) => out.split(dir).join(`<workspace:${server}>`), ctx.redact(text))
    const calls = draft.reference.calls.map((call): ExecutionVerdict['calls'][number] => {
      const record = records.get(call.id)
      if (!record) return { id: call.id, tool: call.tool, status: 'not-run', schemaValid: null }
      // The recorder already cut the result to OUTPUT_CHARS; an error message is cut here.
      const output = record.error ? truncate(stable(record.error), OUTPUT_CHARS) : stable(contentToText(record.result))
      return { id: call.id, tool: call.tool, status: record.isError ? 'error' : 'ok', schemaValid: record.schemaValid, output }
    })
    // Grounding reads the outputs as the harness does, unredacted; only what leaves this module is redacted.
    return { calls, outputs: recorder.outputs(), error: error === null ? null : stable(error) }
  } finally {
    controller.abort()
    await session.release()
  }
}
