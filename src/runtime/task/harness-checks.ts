import { taskFulfillment } from '../../scoring/judge-scores.ts'
import { answerVerdict, factsVerdict, groundingVerdict, schemaVerdict, toolUseVerdict, validNamesVerdict } from '../checks/verdicts.ts'
import type { ResolvedBenchOptions } from '../../contracts/options.ts'
import type { JudgeResult } from '../../contracts/judge-result.ts'
import type { Verdict } from '../../contracts/outcome.ts'
import type { TaskRun } from './task-run.ts'

/** The checks every task runs before its own, as configured by `defaultChecks`; grounding for the reference agent. */
export function harnessVerdicts(
  run: TaskRun,
  defaults: ResolvedBenchOptions['defaultChecks'],
  referenceOutputs: readonly string[] | null,
): Verdict[] {
  const verdicts: Verdict[] = []
  if (defaults.answer) verdicts.push(answerVerdict(run))
  if (defaults.facts && run.spec.reference?.facts.length) verdicts.push(factsVerdict(run, run.spec.reference.facts, defaults.answerLimits))
  if (defaults.validToolNames) verdicts.push(validNamesVerdict(run))
  if (defaults.schemaCompliance) verdicts.push(schemaVerdict(run))
  if (defaults.toolUse) verdicts.push(toolUseVerdict(run))
  if (referenceOutputs && run.spec.reference?.facts.length) verdicts.push(groundingVerdict(run, referenceOutputs))
  return verdicts
}

/**
 * For a task nothing else can decide (no facts, plan or checks, as in
 * MCP-Bench's released tasks): the judge decides, by task fulfillment
 * against `passThreshold`, or by its pass/fail verdict. A judge reads only
 * the answer, and a fluent answer can read as fulfilled without a single
 * tool result behind it, so when the task names servers the pass also needs
 * one successful call to one of them; the verdict says when that rule
 * decided (`rule: 'no-own-server-call'`).
 */
export function judgeDecision(result: JudgeResult | null, passThreshold: number, run?: TaskRun): Verdict | null {
  const judged = judgeAlone(result, passThreshold)
  if (!judged?.pass || !run) return judged
  const tools = toolUseVerdict(run)
  return tools.pass
    ? judged
    : {
        check: 'judge',
        pass: false,
        rule: tools.rule,
        message: `the judge passed the answer, but ${tools.message!.replace(/^expected /, 'the task expected ')}`,
      }
}

function judgeAlone(result: JudgeResult | null, passThreshold: number): Verdict | null {
  if (result?.kind === 'pass-fail') {
    return { check: 'judge', pass: result.pass, ...(result.pass ? {} : { message: `the judge failed the answer: ${result.reason}` }) }
  }
  if (result?.kind !== 'rubric') return null
  const score = taskFulfillment(result)
  if (score === null) return null
  return score >= passThreshold
    ? { check: 'judge', pass: true }
    : {
        check: 'judge',
        pass: false,
        message: `task fulfillment ${score.toFixed(2)} is below the pass threshold ${passThreshold} (judge: ${result.reasoning.taskFulfillment ?? 'no reasoning given'})`,
      }
}
