import type { CatalogEntry } from '../../contracts/catalog.ts'
import { fillTemplate, type McpBenchTemplates } from '../../contracts/mcp-bench-templates.ts'
import type { ToolCallRecord, Trajectory } from '../../contracts/trajectory.ts'
import { pyStr } from '../../lib/py-repr.ts'

/**
 * The evidence MCP-Bench's released runner hands its judge, rebuilt from a trajectory: the execution
 * summary of benchmark/evaluator.py (`_create_execution_summary`: counts and tool names, then the
 * accumulated information) and the accumulated information of agent/executor.py (`_update_state`: per
 * round, one line per call, long results replaced by the agent's own summary, cut). The wording is the
 * user's checkout's (`templates`); this module only knows where each piece goes.
 *
 * No dependency analysis, no reference plan, no verdicts of this project's checks: the released runner
 * shows none of them. `project` evidence (src/runtime/judge/prompt.ts) is the richer view of this
 * project's own mode.
 */

/** One call as MCP-Bench's executor records it (`execution_results`). */
export interface ReleasedCall {
  tool: string
  server: string
  parameters: unknown
  round: number
  success: boolean
  /** The result text, or the error text when it failed. */
  content: string
  /** JSON pointers of the numbers in `parameters` the model wrote as whole floats (`1.0`). */
  wholeFloats?: ReadonlySet<string>
}

/** Python's `len`: code points, not UTF-16 units. */
const pyLen = (s: string) => Array.from(s).length
/** Python's `s[:n]`. */
export const pySlice = (s: string, n: number) => (s.length <= n ? s : Array.from(s).slice(0, n).join(''))

/** The text of an MCP result as the executor reads it: the text items joined with nothing between them. */
function resultText(result: unknown): string {
  const items = Array.isArray(result) ? result : (result as { content?: unknown } | undefined)?.content
  if (!Array.isArray(items)) return typeof result === 'string' ? result : ''
  return items
    .map((i) => (i && typeof i === 'object' && typeof (i as { text?: unknown }).text === 'string' ? (i as { text: string }).text : ''))
    .join('')
}

/**
 * A trajectory's calls as the executor's `execution_results`, round by round in the executor's order:
 * the sequential-only tools first, then the rest grouped by server in the order each server first appears
 * (agent/executor.py `_execute_planned_tools`).
 */
export function releasedCalls(
  trajectory: Pick<Trajectory, 'calls'>,
  templates: McpBenchTemplates,
  sequentialOnly: (call: ToolCallRecord) => boolean = () => false,
): ReleasedCall[] {
  const unknownServer = templates.executor.unknownToolServer
  const byRound = new Map<number, ToolCallRecord[]>()
  for (const c of trajectory.calls) byRound.set(c.round, [...(byRound.get(c.round) ?? []), c])
  const out: ReleasedCall[] = []
  for (const round of [...byRound.keys()].sort((a, b) => a - b)) {
    const calls = byRound.get(round)!
    const sequential = calls.filter(sequentialOnly)
    const groups = new Map<string, ToolCallRecord[]>()
    for (const c of calls.filter((c) => !sequentialOnly(c))) {
      const server = c.valid && c.server ? c.server : unknownServer
      groups.set(server, [...(groups.get(server) ?? []), c])
    }
    for (const c of [...sequential, ...[...groups.values()].flat()]) out.push(releasedCall(c, templates))
  }
  return out
}

function releasedCall(c: ToolCallRecord, templates: McpBenchTemplates): ReleasedCall {
  // The arguments as the model wrote them, where the recorder kept them beside a repair.
  const parameters = c.rawArgs !== undefined ? c.rawArgs : c.args
  const floats = c.wholeFloats?.length ? { wholeFloats: new Set(c.wholeFloats) } : {}
  if (!c.valid || !c.server) {
    return {
      tool: c.name,
      server: templates.executor.unknownToolServer,
      parameters,
      round: c.round,
      success: false,
      content: fillTemplate(templates.executor.unknownTool, { TOOL: c.name }),
      ...floats,
    }
  }
  const text = resultText(c.result)
  return {
    tool: c.name,
    server: c.server,
    parameters,
    round: c.round,
    success: !c.isError,
    content: c.isError ? text || (c.error ?? '') : text,
    ...floats,
  }
}

/** Python's truthiness of a parsed JSON value, for `f"{parameters}" if parameters else "{}"`. */
function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

/**
 * The accumulated information: each round's header, then a line per call. A result over the summary
 * threshold (estimated as characters / 4) shows the agent's own summary, cut; the summaries are the last
 * turns of the call's round, in call order (the planner in `released-code` mode writes them so); with no
 * summary there, the result itself cut, as the executor does when summarising fails.
 */
export function accumulatedInformation(
  trajectory: Pick<Trajectory, 'calls' | 'turns'>,
  calls: readonly ReleasedCall[],
  templates: McpBenchTemplates,
): string {
  const t = templates.executor
  const rounds = [...new Set(calls.map((c) => c.round))]
  let text = ''
  for (const round of rounds) {
    const inRound = calls.filter((c) => c.round === round)
    const long = inRound.filter((c) => needsSummary(c.content, templates))
    const turns = trajectory.turns.filter((x) => x.round === round)
    const summaries =
      long.length > 0 && turns.length > long.length ? turns.slice(turns.length - long.length).map((x) => (x.content ?? '').trim()) : []
    text += fillTemplate(t.roundHeader, { ROUND: round })
    for (const c of inRound) text += `${historyLine(c, summaries[long.indexOf(c)], templates)}\n`
  }
  return text
}

/** A call's estimated tokens (characters / 4, as `_estimate_token_count`): over the summary threshold, the history shows a summary. */
function needsSummary(content: string, templates: McpBenchTemplates): boolean {
  return Math.floor(pyLen(content) / 4) > templates.executor.config.summaryThresholdTokens
}

/**
 * One call's line in the history (`_update_state`): its content, or for a long one the agent's summary, cut
 * (`summary`), or the content cut when there is no summary.
 */
export function historyLine(c: ReleasedCall, summary: string | undefined, templates: McpBenchTemplates): string {
  const t = templates.executor
  const values = { TOOL: c.tool, SERVER: c.server, PARAMETERS: pyTruthy(c.parameters) ? pyStr(c.parameters, c.wholeFloats) : '{}' }
  const tokens = Math.floor(pyLen(c.content) / 4)
  const cut = c.success ? t.config.resultCut : t.config.errorCut
  if (tokens <= t.config.summaryThresholdTokens) return fillTemplate(c.success ? t.succeeded : t.failed, { ...values, CONTENT: c.content })
  return summary !== undefined
    ? fillTemplate(c.success ? t.succeededSummarised : t.failedSummarised, { ...values, TOKENS: tokens, CONTENT: pySlice(summary, cut) })
    : fillTemplate(c.success ? t.succeededTruncated : t.failedTruncated, { ...values, CONTENT: pySlice(c.content, cut) })
}

/** The execution summary the judge reads (`_create_execution_summary`). */
export function executionSummary(
  calls: readonly ReleasedCall[],
  totalRounds: number,
  accumulated: string,
  templates: McpBenchTemplates,
): string {
  const s = templates.judge.summary
  let stats: string
  if (calls.length === 0) stats = s.empty
  else {
    const ok = calls.filter((c) => c.success)
    const failed = calls.filter((c) => !c.success)
    const counts = { TOTAL_ROUNDS: totalRounds, CALLS: calls.length, SUCCEEDED: ok.length, FAILED: failed.length }
    const parts = s.counts.map((p) => fillTemplate(p, counts))
    if (ok.length) parts.push(fillTemplate(s.succeeded, { NAMES: ok.map((c) => c.tool).join(s.nameSeparator) }))
    if (failed.length) parts.push(fillTemplate(s.failed, { NAMES: failed.map((c) => c.tool).join(s.nameSeparator) }))
    stats = parts.join(s.separator)
  }
  return accumulated ? fillTemplate(s.accumulated, { STATS: stats, ACCUMULATED: accumulated }) : stats
}

/** The tool list (`_format_available_tools`): servers sorted, descriptions cut. */
export function toolList(tools: readonly CatalogEntry[], templates: McpBenchTemplates): string {
  const t = templates.judge.tools
  if (tools.length === 0) return t.empty
  const byServer = new Map<string, CatalogEntry[]>()
  for (const e of tools) byServer.set(e.server, [...(byServer.get(e.server) ?? []), e])
  const lines: string[] = []
  for (const server of [...byServer.keys()].sort()) {
    const entries = byServer.get(server)!
    lines.push(fillTemplate(t.server, { SERVER: server, COUNT: entries.length }))
    for (const e of entries) {
      const description = e.description ?? t.missingDescription
      const shown = pyLen(description) > t.descriptionLimit ? pySlice(description, t.descriptionLimit) + t.descriptionCut : description
      lines.push(fillTemplate(t.tool, { NAME: e.name, DESCRIPTION: shown }))
    }
    lines.push('')
  }
  return lines.join('\n').trim()
}
