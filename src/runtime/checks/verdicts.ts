import type { Verdict } from '../../contracts/outcome.ts'
import type { TaskRun } from '../task/task-run.ts'
import type { Fact } from '../../contracts/task-spec.ts'
import { truncate } from '../../lib/text.ts'
import { answerLimitBreach, DEFAULT_ANSWER_LIMITS } from './answer-limits.ts'
import { type AnswerLimits } from '../../contracts/options.ts'
import { describeFact, forbiddenMentions, missingFacts, ungroundedFacts } from '../../scoring/facts.ts'

/**
 * The rule checks as verdicts: a pass flag and, when it fails, a message
 * that says what the agent did. The harness records them in the outcome;
 * the matchers of the same name report them.
 */

export function answerVerdict(run: TaskRun): Verdict {
  const answer = run.trajectory.answer?.trim() ?? ''
  return answer
    ? { check: 'answer', pass: true }
    : {
        check: 'answer',
        pass: false,
        message: `expected agent ${run.agent} to give a final answer for task "${run.taskId}", but it gave none${run.trajectory.error ? ` (${run.trajectory.error})` : ''}`,
      }
}

/**
 * The answer states every fact (in one of its spellings, and none of the
 * values a fact forbids), and is short enough and sparing enough with
 * numbers for that to mean something (answer-limits.ts). When a limit
 * decides, the verdict's `rule` says which.
 */
export function factsVerdict(
  run: TaskRun,
  facts: readonly Fact[] = run.spec.reference?.facts ?? [],
  limits: AnswerLimits | false = DEFAULT_ANSWER_LIMITS,
): Verdict {
  const answer = run.trajectory.answer
  const breach = answerLimitBreach(answer, facts, run.spec.reference, limits)
  if (breach)
    return { check: 'facts', pass: false, rule: breach.rule, message: `${breach.message}.\nAnswer: ${truncate(answer ?? '', 300)}` }
  const missing = missingFacts(answer, facts)
  if (missing.length === 0) return { check: 'facts', pass: true }
  const forbidden = forbiddenMentions(answer, missing)
  const hedged = forbidden.length
    ? `; it also names ${[...new Set(forbidden.flatMap((f) => f.stated))].map((s) => JSON.stringify(s)).join(', ')}, which the task rules out (naming every candidate is no answer)`
    : ''
  return {
    check: 'facts',
    pass: false,
    ...(forbidden.length ? { rule: 'forbidden-value' } : {}),
    message: `expected the answer to state ${facts.map(describeFact).join(', ')}; missing ${missing.map(describeFact).join(', ')}${hedged}.\nAnswer: ${truncate(answer ?? '(none)', 600)}`,
  }
}

/**
 * A task that names servers is not solved without them: at least one call to
 * one of the task's own servers (not a distractor) must succeed. A task whose
 * reference plan gives an answer without a single call says it needs none,
 * and is exempt.
 */
export function toolUseVerdict(run: TaskRun): Verdict {
  const own = new Set(run.spec.servers)
  const reference = run.spec.reference
  if (reference && reference.calls.length === 0 && reference.answer !== undefined) return { check: 'toolUse', pass: true }
  // A run with none of the task's servers (a variant that turns them all off) cannot be asked to call them.
  if (own.size === 0) return { check: 'toolUse', pass: true }
  const calls = run.trajectory.calls
  if (calls.some((c) => c.valid && !c.isError && c.server !== null && own.has(c.server))) return { check: 'toolUse', pass: true }
  const toOwn = calls.filter((c) => c.server !== null && own.has(c.server)).length
  const made =
    calls.length === 0
      ? 'it made no tool call'
      : `none of its ${calls.length} call${calls.length === 1 ? '' : 's'} succeeded on them (${toOwn} failed, ${calls.length - toOwn} went elsewhere)`
  return {
    check: 'toolUse',
    pass: false,
    rule: 'no-own-server-call',
    message: `expected agent ${run.agent} to make at least one successful call to the task's own server${own.size === 1 ? '' : 's'} (${[...own].join(', ')}), but ${made}: a task that names servers is not solved without them`,
  }
}

export function validNamesVerdict(run: TaskRun): Verdict {
  const bad = run.trajectory.calls.filter((c) => !c.valid)
  return bad.length === 0
    ? { check: 'validToolNames', pass: true }
    : {
        check: 'validToolNames',
        pass: false,
        message: `expected every tool call to name a tool in the catalog, but ${bad.length} of ${run.trajectory.calls.length} did not: ${[...new Set(bad.map((c) => c.name))].join(', ')}`,
      }
}

export function schemaVerdict(run: TaskRun): Verdict {
  const bad = run.trajectory.calls.filter((c) => c.valid && c.schemaValid === false)
  const lines = bad.slice(0, 10).map((c) => `  ${c.server}.${c.tool}: ${c.argsError ?? c.schemaErrors?.join('; ')}`)
  return bad.length === 0
    ? { check: 'schemaCompliance', pass: true }
    : {
        check: 'schemaCompliance',
        pass: false,
        message: `expected every call's arguments to match its tool's inputSchema, but ${bad.length} did not:\n${lines.join('\n')}`,
      }
}

/**
 * The reference answer's facts must come from this run's tool outputs
 * (unless marked derived): a server that answers wrongly then fails the
 * reference row instead of hiding behind a hard-coded answer.
 */
export function groundingVerdict(run: TaskRun, outputs: readonly string[]): Verdict {
  const ungrounded = ungroundedFacts(run.spec.reference?.facts ?? [], outputs)
  if (ungrounded.length === 0) return { check: 'grounding', pass: true }
  const calls = run.trajectory.calls.map((c) => `${c.server ?? '?'}.${c.tool ?? c.name}`).join(', ') || '(none)'
  return {
    check: 'grounding',
    pass: false,
    message: `reference fact${ungrounded.length === 1 ? '' : 's'} ${ungrounded.map(describeFact).join(', ')} appear${ungrounded.length === 1 ? 's' : ''} in no tool output of this run (calls: ${calls}); a server answered differently from what the task expects, or the fact should be marked { value, derived: 'how' }`,
  }
}
