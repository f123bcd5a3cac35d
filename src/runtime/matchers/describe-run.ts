import type { ReferenceCall } from '../../contracts/task-spec.ts'
import type { TaskRun } from '../task/task-run.ts'
import type { ToolCallRecord } from '../../contracts/trajectory.ts'
import { contentToText, percent, truncate } from '../../lib/text.ts'

/** The trajectory in a few lines, for failure messages: what the agent actually did. */
export function describeCalls(run: TaskRun, limit = 20): string {
  const calls = run.trajectory.calls
  if (calls.length === 0) return '  (no tool calls)'
  return listed(calls, describeCall, limit)
}

/** One recorded call: round, tool, arguments, outcome. */
export function describeCall(c: ToolCallRecord): string {
  const target = c.valid ? `${c.server}.${c.tool}` : `${c.name} (unknown tool)`
  const args = typeof c.args === 'string' ? c.args : JSON.stringify(c.args)
  const status = c.isError ? `error: ${truncate(c.error ?? contentToText(c.result), 120)}` : 'ok'
  const schema = c.schemaValid === false ? ` [schema: ${(c.argsError ?? c.schemaErrors?.join('; ') ?? '').slice(0, 120)}]` : ''
  return `  round ${c.round}: ${target} ${truncate(args, 120)} → ${status}${schema}`
}

/** One reference call: its id, tool and arguments. */
export function describeReferenceCall(r: ReferenceCall): string {
  return `  ${r.id}: ${r.tool} ${truncate(JSON.stringify(r.args), 120)}`
}

/** Items one per line, at most `limit` of them. */
export function listed<T>(items: readonly T[], line: (item: T) => string, limit = 20): string {
  const lines = items.slice(0, limit).map(line)
  if (items.length > limit) lines.push(`  … and ${items.length - limit} more`)
  return lines.join('\n')
}

export function formatRate(rate: number | null): string {
  return rate === null ? 'n/a (no calls)' : percent(rate)
}
