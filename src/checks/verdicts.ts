import type { Verdict } from '../outcome/schema.ts'
import type { TaskRun } from '../task/task-run.ts'
import type { Fact } from '../task/spec.ts'
import { truncate } from '../text.ts'
import { describeFact, missingFacts, ungroundedFacts } from './facts.ts'

/**
 * The rule checks as verdicts: a pass flag and, when it fails, a message
 * that says what the agent did. The harness records them in the outcome;
 * the matchers of the same name report them.
 */

export function answerVerdict(run: TaskRun): Verdict {
  const answer = run.trajectory.answer?.trim() ?? ''
  return answer
    ? { check: 'answer', pass: true }
    : { check: 'answer', pass: false, message: `expected agent ${run.agent} to give a final answer for task "${run.taskId}", but it gave none${run.trajectory.error ? ` (${run.trajectory.error})` : ''}` }
}

export function factsVerdict(run: TaskRun, facts: readonly Fact[] = run.spec.reference?.facts ?? []): Verdict {
  const missing = missingFacts(run.trajectory.answer, facts)
  return missing.length === 0
    ? { check: 'facts', pass: true }
    : { check: 'facts', pass: false, message: `expected the answer to state ${facts.map(describeFact).join(', ')}; missing ${missing.map(describeFact).join(', ')}.\nAnswer: ${truncate(run.trajectory.answer ?? '(none)', 600)}` }
}

export function validNamesVerdict(run: TaskRun): Verdict {
  const bad = run.trajectory.calls.filter((c) => !c.valid)
  return bad.length === 0
    ? { check: 'validToolNames', pass: true }
    : { check: 'validToolNames', pass: false, message: `expected every tool call to name a tool in the catalog, but ${bad.length} of ${run.trajectory.calls.length} did not: ${[...new Set(bad.map((c) => c.name))].join(', ')}` }
}

export function schemaVerdict(run: TaskRun): Verdict {
  const bad = run.trajectory.calls.filter((c) => c.valid && c.schemaValid === false)
  const lines = bad.slice(0, 10).map((c) => `  ${c.server}.${c.tool}: ${c.argsError ?? c.schemaErrors?.join('; ')}`)
  return bad.length === 0
    ? { check: 'schemaCompliance', pass: true }
    : { check: 'schemaCompliance', pass: false, message: `expected every call's arguments to match its tool's inputSchema, but ${bad.length} did not:\n${lines.join('\n')}` }
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
