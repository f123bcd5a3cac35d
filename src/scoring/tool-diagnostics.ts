import type { TaskOutcome } from '../contracts/outcome.ts'
import type { TaskRecord } from '../contracts/leaderboard.ts'
import type { ReferenceCall } from '../contracts/task-spec.ts'
import type { ToolCallRecord } from '../contracts/trajectory.ts'
import {
  TOOL_MESSAGE_CHARS,
  TOOL_MESSAGES_KEPT,
  type Confusion,
  type TaskTools,
  type TaskToolUse,
  type ToolDiagnostics,
  type ToolMessage,
  type ToolRow,
} from '../contracts/tool-diagnostics.ts'
import { cleanText } from '../lib/text.ts'
import { byText } from './canonical-order.ts'
import { matchCalls, sameValue } from './call-match.ts'
import { dependencyLayers } from './reference-layers.ts'
import { ratio } from '../stats/means.ts'

/**
 * Per-tool diagnostics (docs/explanation/tool-diagnostics.md): every per-tool number of the run, derived here
 * and nowhere else. `taskTools` makes one task's counts from its outcome as it arrives in the main process;
 * `toolDiagnostics` sums the task records into the board's rows and confusion pairs. Compare and the reports
 * read these, never the trajectories.
 */

/** `server.tool` of a call whose name the catalog knew; null otherwise (server names hold no dot). */
function toolOf(call: ToolCallRecord): string | null {
  return call.valid && call.server !== null && call.tool !== null ? `${call.server}.${call.tool}` : null
}

const serverOf = (tool: string) => tool.slice(0, tool.indexOf('.'))

/** A message as the diagnostics keep it: one line, without terminal escapes, at most TOOL_MESSAGE_CHARS. */
function shortMessage(text: string): string {
  const line = cleanText(text).replace(/\s+/g, ' ').trim()
  return line.length > TOOL_MESSAGE_CHARS ? `${line.slice(0, TOOL_MESSAGE_CHARS - 1)}…` : line
}

function executionMessage(call: ToolCallRecord): string {
  if (call.error) return call.error
  const content = Array.isArray(call.result) ? call.result : []
  const text = content.find(
    (c): c is { type: 'text'; text: string } => typeof c === 'object' && c !== null && (c as { type?: unknown }).type === 'text',
  )
  return text?.text ?? 'the call failed with no message'
}

function schemaMessage(call: ToolCallRecord): string {
  return call.schemaErrors?.[0] ?? call.argsError ?? 'the arguments do not fit the input schema'
}

/** Counted messages, most frequent first, then by text; at most TOOL_MESSAGES_KEPT. */
function topMessages(counts: Map<string, ToolMessage>): ToolMessage[] {
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || byText(a.kind, b.kind) || byText(a.message, b.message))
    .slice(0, TOOL_MESSAGES_KEPT)
}

function addMessage(counts: Map<string, ToolMessage>, kind: ToolMessage['kind'], message: string, n = 1): void {
  const key = `${kind}\u0000${message}`
  const seen = counts.get(key)
  if (seen) seen.count += n
  else counts.set(key, { kind, message, count: n })
}

function bump(counts: Map<string, number>, key: string, n = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + n)
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The top-level argument fields whose values differ between a reference call and the agent's call to the same tool. */
function differingFields(reference: Record<string, unknown>, args: unknown, close: (a: number, b: number) => boolean): string[] {
  const actual = isObject(args) ? args : {}
  const fields = [...new Set([...Object.keys(reference), ...Object.keys(actual)])].sort(byText)
  return fields.filter((f) => !(Object.hasOwn(reference, f) && Object.hasOwn(actual, f) && sameValue(reference[f], actual[f], close)))
}

interface Pairing {
  matched: Array<{ reference: ReferenceCall; call: ToolCallRecord }>
  missed: ReferenceCall[]
  extra: ToolCallRecord[]
}

/**
 * Agent calls paired with reference calls to the same tool: first those whose arguments are equal (within the
 * task's tolerances), then the rest by tool alone, so a call with other arguments still counts as the tool found,
 * and its argument fields are compared with the reference call it most plausibly stands for.
 */
function pairCalls(calls: ToolCallRecord[], refs: readonly ReferenceCall[], callMatch: TaskOutcome['callMatch']): Pairing {
  const tolerances = {
    ...(callMatch?.tolerance !== undefined ? { tolerance: callMatch.tolerance } : {}),
    ...(callMatch?.relativeTolerance !== undefined ? { relativeTolerance: callMatch.relativeTolerance } : {}),
  }
  const exact = matchCalls(calls, refs, { args: 'exact', ...tolerances })
  const rest = matchCalls(exact.extra, exact.missed, { args: 'ignore' })
  const order = new Map(refs.map((r, i) => [r, i]))
  return {
    matched: [...exact.matched, ...rest.matched],
    missed: [...rest.missed].sort((a, b) => order.get(a)! - order.get(b)!),
    extra: rest.extra,
  }
}

/**
 * Which unmatched agent calls stood in for which missed reference calls. A missed reference call to A in
 * dependency layer k owns a window of the agent's rounds: from the latest round of a call that took a reference
 * call of an earlier layer to the earliest round of one that took a reference call of a later layer (inclusive;
 * the whole trajectory when there are none). An unmatched call to another tool B in that window is a confusion
 * A→B. Missed calls are taken in plan order (layer, then position); each takes one call, preferring a tool of
 * A's own server, then the earliest. Calls by a name the catalog did not know are never a confusion.
 */
function confusions(pairing: Pairing, refs: readonly ReferenceCall[]): Array<{ intended: string; call: ToolCallRecord }> {
  const layers = dependencyLayers(refs).layers
  const layerOf = new Map<ReferenceCall, number>()
  layers.forEach((layer, k) => layer.forEach((r) => layerOf.set(r, k)))
  const matchedRounds = pairing.matched.map((m) => ({ layer: layerOf.get(m.reference) ?? -1, round: m.call.round }))
  const free = pairing.extra.filter((c) => toolOf(c) !== null)
  const taken = new Set<ToolCallRecord>()
  const found: Array<{ intended: string; call: ToolCallRecord }> = []
  const missed = [...pairing.missed].sort((a, b) => (layerOf.get(a) ?? Infinity) - (layerOf.get(b) ?? Infinity))
  for (const ref of missed) {
    const k = layerOf.get(ref)
    if (k === undefined) continue // a cyclic plan is a spec error; it has no steps
    const before = matchedRounds.filter((m) => m.layer >= 0 && m.layer < k).map((m) => m.round)
    const after = matchedRounds.filter((m) => m.layer > k).map((m) => m.round)
    const lo = before.length ? Math.max(...before) : -Infinity
    const hi = after.length ? Math.min(...after) : Infinity
    const candidates = free.filter((c) => !taken.has(c) && toolOf(c) !== ref.tool && c.round >= lo && c.round <= hi)
    const pick = candidates.find((c) => c.server === serverOf(ref.tool)) ?? candidates[0]
    if (!pick) continue
    taken.add(pick)
    found.push({ intended: ref.tool, call: pick })
  }
  return found
}

interface UseCounts {
  referenced: number
  matched: number
  called: number
  calledOk: number
  schemaViolations: number
  executionErrors: number
  unneeded: number
  argMismatches: number
  confusedFor: Map<string, number>
  argFields: Map<string, number>
  messages: Map<string, ToolMessage>
}

const newCounts = (): UseCounts => ({
  referenced: 0,
  matched: 0,
  called: 0,
  calledOk: 0,
  schemaViolations: 0,
  executionErrors: 0,
  unneeded: 0,
  argMismatches: 0,
  confusedFor: new Map(),
  argFields: new Map(),
  messages: new Map(),
})

/** One task's per-tool counts, from its outcome; null when it left no trajectory. */
export function taskTools(outcome: TaskOutcome): TaskTools | null {
  const trajectory = outcome.trajectory
  if (!trajectory) return null
  const refs = outcome.reference?.calls ?? []
  const planned = refs.length > 0
  const uses = new Map<string, UseCounts>()
  const use = (tool: string) => {
    let u = uses.get(tool)
    if (!u) uses.set(tool, (u = newCounts()))
    return u
  }
  const known = trajectory.calls.filter((c) => toolOf(c) !== null)
  for (const call of known) {
    const u = use(toolOf(call)!)
    u.called++
    if (call.schemaValid === false) {
      u.schemaViolations++
      addMessage(u.messages, 'schema', shortMessage(schemaMessage(call)))
    }
    if (call.isError) {
      u.executionErrors++
      addMessage(u.messages, 'execution', shortMessage(executionMessage(call)))
    }
    if (!call.isError && call.schemaValid !== false) u.calledOk++
  }
  if (planned) {
    for (const ref of refs) use(ref.tool).referenced++
    const pairing = pairCalls(known, refs, outcome.callMatch)
    const tolerance = outcome.callMatch?.tolerance ?? 0
    const relative = outcome.callMatch?.relativeTolerance ?? 0
    const close = (a: number, b: number) => a === b || Math.abs(a - b) <= Math.max(tolerance, relative * Math.max(Math.abs(a), Math.abs(b)))
    for (const { reference, call } of pairing.matched) {
      const u = use(reference.tool)
      u.matched++
      const fields = differingFields(reference.args, call.args, close)
      if (fields.length) u.argMismatches++
      for (const f of fields) bump(u.argFields, f)
    }
    const confused = confusions(pairing, refs)
    const confusedCalls = new Set(confused.map((c) => c.call))
    for (const { intended, call } of confused) bump(use(toolOf(call)!).confusedFor, intended)
    for (const call of pairing.extra) if (toolOf(call) !== null && !confusedCalls.has(call)) use(toolOf(call)!).unneeded++
  }
  return {
    ...(outcome.offered ? { offered: outcome.offered } : {}),
    planned,
    uses: [...uses]
      .sort(([a], [b]) => byText(a, b))
      .map(([tool, u]) => ({
        tool,
        referenced: u.referenced,
        matched: u.matched,
        missed: u.referenced - u.matched,
        called: u.called,
        calledOk: u.calledOk,
        schemaViolations: u.schemaViolations,
        executionErrors: u.executionErrors,
        unneeded: u.unneeded,
        confusedFor: [...u.confusedFor].sort(([a], [b]) => byText(a, b)).map(([intended, count]) => ({ intended, count })),
        argMismatches: u.argMismatches,
        argFields: fieldCounts(u.argFields),
        messages: topMessages(u.messages),
      })),
    unknownCalls: trajectory.calls.length - known.length,
  }
}

function fieldCounts(counts: Map<string, number>): Array<{ field: string; count: number }> {
  return [...counts].sort(([a, x], [b, y]) => y - x || byText(a, b)).map(([field, count]) => ({ field, count }))
}

/** One agent's sums for one tool. */
class ToolSums {
  offered = 0
  tasksCalled = 0
  tasksPlanned = 0
  tasksMissed = 0
  confusedAway = 0
  readonly counts = newCounts()

  add(u: TaskToolUse): void {
    const c = this.counts
    c.referenced += u.referenced
    c.matched += u.matched
    c.called += u.called
    c.calledOk += u.calledOk
    c.schemaViolations += u.schemaViolations
    c.executionErrors += u.executionErrors
    c.unneeded += u.unneeded
    c.argMismatches += u.argMismatches
    for (const f of u.argFields) bump(c.argFields, f.field, f.count)
    for (const m of u.messages) addMessage(c.messages, m.kind, m.message, m.count)
    for (const p of u.confusedFor) bump(c.confusedFor, p.intended, p.count)
    if (u.called > 0) this.tasksCalled++
    if (u.referenced > 0) this.tasksPlanned++
    if (u.referenced > 0 && u.called === 0) this.tasksMissed++
  }

  row(agent: string, tool: string): ToolRow {
    const c = this.counts
    const confusedFor = [...c.confusedFor.values()].reduce((s, n) => s + n, 0)
    const missed = c.referenced - c.matched
    const issues = missed + c.unneeded + confusedFor + c.schemaViolations + c.executionErrors + c.argMismatches
    return {
      agent,
      server: serverOf(tool),
      tool: tool.slice(tool.indexOf('.') + 1),
      offered: this.offered,
      tasksCalled: this.tasksCalled,
      tasksPlanned: this.tasksPlanned,
      tasksMissed: this.tasksMissed,
      referenced: c.referenced,
      matched: c.matched,
      missed,
      called: c.called,
      calledOk: c.calledOk,
      schemaViolations: c.schemaViolations,
      executionErrors: c.executionErrors,
      unneeded: c.unneeded,
      confusedFor,
      confusedAway: this.confusedAway,
      argMismatches: c.argMismatches,
      argFields: fieldCounts(c.argFields),
      messages: topMessages(c.messages),
      recall: ratio(c.matched, c.referenced),
      successRate: ratio(c.calledOk, c.called),
      issues,
      issuesPerUse: ratio(issues, c.referenced + c.called),
    }
  }
}

/**
 * The board's per-tool rows and confusion pairs, summed over the counted task records (setup errors are not the
 * agent's) that have per-tool counts, in the records' canonical order.
 */
export function toolDiagnostics(records: readonly TaskRecord[]): ToolDiagnostics {
  const agents = new Map<
    string,
    {
      tasks: number
      planned: number
      unknownCalls: number
      tools: Map<string, ToolSums>
      pairs: Map<string, { count: number; tasks: number }>
    }
  >()
  for (const r of records) {
    if (r.status === 'setup-error' || !r.tools) continue
    let a = agents.get(r.agent)
    if (!a) agents.set(r.agent, (a = { tasks: 0, planned: 0, unknownCalls: 0, tools: new Map(), pairs: new Map() }))
    const sums = (tool: string) => {
      let s = a!.tools.get(tool)
      if (!s) a!.tools.set(tool, (s = new ToolSums()))
      return s
    }
    a.tasks++
    if (r.tools.planned) a.planned++
    a.unknownCalls += r.tools.unknownCalls
    for (const tool of r.tools.offered ?? []) sums(tool).offered++
    for (const u of r.tools.uses) {
      sums(u.tool).add(u)
      for (const p of u.confusedFor) {
        sums(p.intended).confusedAway += p.count
        const key = `${p.intended}\u0000${u.tool}`
        const pair = a.pairs.get(key) ?? { count: 0, tasks: 0 }
        pair.count += p.count
        pair.tasks++
        a.pairs.set(key, pair)
      }
    }
  }
  const names = [...agents.keys()].sort(byText)
  const rows: ToolRow[] = []
  const pairs: Confusion[] = []
  for (const agent of names) {
    const a = agents.get(agent)!
    for (const tool of [...a.tools.keys()].sort(byText)) rows.push(a.tools.get(tool)!.row(agent, tool))
    const own = [...a.pairs].map(([key, p]) => {
      const [intended, called] = key.split('\u0000') as [string, string]
      return { agent, intended, called, count: p.count, tasks: p.tasks }
    })
    pairs.push(...own.sort((x, y) => y.count - x.count || byText(x.intended, y.intended) || byText(x.called, y.called)))
  }
  return {
    rows,
    confusions: pairs,
    tasks: names.map((agent) => ({
      agent,
      tasks: agents.get(agent)!.tasks,
      planned: agents.get(agent)!.planned,
      unknownCalls: agents.get(agent)!.unknownCalls,
    })),
  }
}

/**
 * The ten worst tools of a board (summary.md, report.html): rows with at least one issue, by issues (most
 * first), then issue rate (highest first), then agent, server and tool.
 */
export function worstTools(diagnostics: ToolDiagnostics | undefined, limit = 10): ToolRow[] {
  return (diagnostics?.rows ?? [])
    .filter((r) => r.issues > 0)
    .sort(
      (a, b) =>
        b.issues - a.issues ||
        (b.issuesPerUse ?? 0) - (a.issuesPerUse ?? 0) ||
        byText(a.agent, b.agent) ||
        byText(a.server, b.server) ||
        byText(a.tool, b.tool),
    )
    .slice(0, limit)
}
