import { expect } from 'vitest'
import * as z from 'zod'
import { matchCalls, type CallMatch } from '../../scoring/call-match.ts'
import { dependencyOrder } from '../../scoring/dependencies.ts'
import { answerVerdict, factsVerdict, schemaVerdict, validNamesVerdict } from '../checks/verdicts.ts'
import type { Verdict } from '../../contracts/outcome.ts'
import type { Fact } from '../../contracts/task-spec.ts'
import type { CatalogEntry } from '../../contracts/catalog.ts'
import { CallMatchSchema, type CallMatchInput, type CallMatchSetting } from '../../contracts/task-spec.ts'
import { isTaskRun, type TaskRun } from '../task/task-run.ts'
import type { ToolCallRecord } from '../../contracts/trajectory.ts'
import { describeCall, describeCalls, describeReferenceCall, formatRate, listed } from './describe-run.ts'
import { truncate } from '../../lib/text.ts'
import type { MatcherImplementations, MatcherResult } from './types.ts'

type ExpectationResult = MatcherResult

function asRun(received: unknown, matcher: string): TaskRun {
  if (!isTaskRun(received)) throw new TypeError(`${matcher} expects the \`run\` given to a task's checks, got ${typeof received}`)
  return received
}

function result(pass: boolean, message: string): ExpectationResult {
  return { pass, message: () => message }
}

/** Matches a call against `server.tool`, a qualified name (`math__add`) or a bare tool name. */
function callMatches(call: ToolCallRecord, name: string, catalog: CatalogEntry[]): boolean {
  if (call.name === name) return true
  if (!call.server || !call.tool) return false
  if (`${call.server}.${call.tool}` === name) return true
  return call.tool === name && catalog.filter((e) => e.tool === name).length === 1
}

/**
 * The agent's calls matched against the reference plan, the way the task's
 * `callMatch` (or the matcher's own options) says. A task without reference
 * calls has no precision or recall, so asking for them is a mistake in the
 * checks, reported as such rather than as a failed run.
 */
function callMatchOf(run: TaskRun, matcher: string, override?: CallMatchInput): { match: CallMatch; how: string } {
  const reference = run.spec.reference?.calls ?? []
  if (reference.length === 0) {
    throw new TypeError(
      `${matcher} needs reference calls (reference.calls) in task "${run.taskId}": without them precision and recall are undefined`,
    )
  }
  const parsed = CallMatchSchema.safeParse(override ?? run.spec.callMatch ?? {})
  if (!parsed.success) throw new TypeError(`${matcher}: invalid call matching options: ${z.prettifyError(parsed.error)}`)
  return { match: matchCalls(run.trajectory.calls, reference, parsed.data), how: describeMatching(parsed.data) }
}

function describeMatching(options: CallMatchSetting): string {
  if (options.args === 'ignore') return 'by tool, arguments ignored'
  const within = [
    options.tolerance !== undefined ? `±${options.tolerance}` : '',
    options.relativeTolerance !== undefined ? `±${options.relativeTolerance * 100}%` : '',
  ].filter(Boolean)
  return `by tool and arguments${within.length ? `, numbers within ${within.join(' or ')}` : ', exactly'}`
}

function unmatched(match: CallMatch): string {
  return [
    `Reference calls not matched:\n${match.missed.length ? listed(match.missed, describeReferenceCall) : '  (none)'}`,
    `Calls that matched no reference call:\n${match.extra.length ? listed(match.extra, describeCall) : '  (none)'}`,
  ].join('\n')
}

type RuleMatcher =
  | 'toGiveAnswer'
  | 'toHaveValidToolNames'
  | 'toComplyWithSchemas'
  | 'toSucceedInToolCalls'
  | 'toCallTool'
  | 'toCallToolsInOrder'
  | 'toMentionFacts'
  | 'toPassCheck'
  | 'toFollowDependencies'
  | 'toRecallCalls'
  | 'toHavePrecision'

export const ruleMatchers: MatcherImplementations<RuleMatcher> = {
  toGiveAnswer(received) {
    const run = asRun(received, 'toGiveAnswer')
    const verdict = answerVerdict(run)
    return result(
      verdict.pass,
      this.isNot
        ? `expected agent ${run.agent} to give no final answer, but it answered: ${truncate(run.trajectory.answer ?? '', 200)}`
        : (verdict.message ?? ''),
    )
  },

  toHaveValidToolNames(received) {
    const run = asRun(received, 'toHaveValidToolNames')
    const verdict = validNamesVerdict(run)
    return result(
      verdict.pass,
      verdict.pass
        ? 'expected some tool call to use an unknown name, but all names were valid'
        : `${verdict.message}
${describeCalls(run)}`,
    )
  },

  toComplyWithSchemas(received) {
    const run = asRun(received, 'toComplyWithSchemas')
    const verdict = schemaVerdict(run)
    return result(verdict.pass, verdict.message ?? 'expected some call to break its schema, but all complied')
  },

  toSucceedInToolCalls(received, minRate: number = 1) {
    const run = asRun(received, 'toSucceedInToolCalls')
    const rate = run.metrics.executionSuccess
    const pass = rate !== null && rate >= minRate
    return result(
      pass,
      this.isNot
        ? `expected execution success below ${formatRate(minRate)}, got ${formatRate(rate)}`
        : `expected execution success of at least ${formatRate(minRate)}, got ${formatRate(rate)}:\n${describeCalls(run)}`,
    )
  },

  toCallTool(received, name: string, argsSubset?: Record<string, unknown>) {
    const run = asRun(received, 'toCallTool')
    const named = run.trajectory.calls.filter((c) => callMatches(c, name, run.catalog))
    const matching = argsSubset ? named.filter((c) => this.equals(c.args, expect.objectContaining(argsSubset))) : named
    const want = argsSubset ? `${name} with arguments containing ${JSON.stringify(argsSubset)}` : name
    return result(
      matching.length > 0,
      this.isNot
        ? `expected agent not to call ${want}, but it did ${matching.length} time(s)`
        : `expected agent to call ${want}${named.length ? `; it called ${name} ${named.length} time(s) with other arguments` : ''}. Calls made:\n${describeCalls(run)}`,
    )
  },

  toCallToolsInOrder(received, names: string[]) {
    const run = asRun(received, 'toCallToolsInOrder')
    const ordered = [...run.trajectory.calls].sort((a, b) => a.round - b.round || a.startedAt - b.startedAt)
    let next = 0
    for (const call of ordered) {
      if (next < names.length && callMatches(call, names[next]!, run.catalog)) next++
    }
    return result(
      next === names.length,
      this.isNot
        ? `expected the calls not to include ${names.join(' → ')} in order, but they did`
        : `expected calls in order ${names.join(' → ')}; matched up to ${names.slice(0, next).join(' → ') || '(none)'} then found no ${names[next]}. Calls made:\n${describeCalls(run)}`,
    )
  },

  toMentionFacts(received, facts?: Fact[]) {
    const run = asRun(received, 'toMentionFacts')
    const verdict = factsVerdict(run, facts)
    return result(
      verdict.pass,
      this.isNot
        ? `expected the answer not to state all of ${JSON.stringify(facts ?? run.spec.reference?.facts ?? [])}, but it did`
        : (verdict.message ?? ''),
    )
  },

  /** A verdict of one of the harness's own checks (see src/runtime/checks/verdicts.ts). */
  toPassCheck(received) {
    const verdict = received as Verdict
    return result(verdict.pass, verdict.message ?? `check "${verdict.check}" failed`)
  },

  toFollowDependencies(received) {
    const run = asRun(received, 'toFollowDependencies')
    const plan = run.spec.reference
    if (!plan) throw new TypeError(`toFollowDependencies needs a reference plan in task "${run.taskId}"`)
    const { edges } = dependencyOrder(run.trajectory, plan)
    const broken = edges.filter((e) => !e.respected)
    const lines = broken.map(
      (e) => `  ${e.before} must come before ${e.after}: ${e.observed ? 'called in the wrong order' : 'not both called'}`,
    )
    return result(
      broken.length === 0,
      this.isNot
        ? 'expected the dependency order to be broken, but every edge was respected'
        : `expected the agent to follow the reference plan's dependencies:\n${lines.join('\n')}\nCalls made:\n${describeCalls(run)}`,
    )
  },

  toRecallCalls(received, min: number = 1, options?: CallMatchInput) {
    const run = asRun(received, 'toRecallCalls')
    const { match, how } = callMatchOf(run, 'toRecallCalls', options)
    const found = `${match.matched.length} of ${match.referenceCalls} reference calls matched (${how})`
    return result(
      match.recall! >= min,
      this.isNot
        ? `expected tool-call recall below ${formatRate(min)}, got ${formatRate(match.recall)}: ${found}`
        : `expected tool-call recall of at least ${formatRate(min)}, got ${formatRate(match.recall)}: ${found}.\n${unmatched(match)}`,
    )
  },

  toHavePrecision(received, min: number = 1, options?: CallMatchInput) {
    const run = asRun(received, 'toHavePrecision')
    const { match, how } = callMatchOf(run, 'toHavePrecision', options)
    if (match.precision === null) {
      return result(
        false,
        `expected tool-call precision of at least ${formatRate(min)}, but agent ${run.agent} made no tool calls, so it has no precision (recall 0 of ${match.referenceCalls} reference calls)`,
      )
    }
    const found = `${match.matched.length} of ${match.agentCalls} calls matched a reference call (${how})`
    return result(
      match.precision >= min,
      this.isNot
        ? `expected tool-call precision below ${formatRate(min)}, got ${formatRate(match.precision)}: ${found}`
        : `expected tool-call precision of at least ${formatRate(min)}, got ${formatRate(match.precision)}: ${found}.\n${unmatched(match)}`,
    )
  },
}
