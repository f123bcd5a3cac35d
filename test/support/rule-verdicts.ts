import { DefaultChecksSchema } from '../../src/contracts/options.ts'
import type { Verdict } from '../../src/contracts/outcome.ts'
import { harnessVerdicts } from '../../src/runtime/task/harness-checks.ts'
import type { TaskRun } from '../../src/runtime/task/task-run.ts'
import type { BundledTask, InProcessRun } from './in-process-suite.ts'

export type DefaultChecks = ReturnType<typeof DefaultChecksSchema.parse>

/** The harness's default checks (answer, facts with the answer limits, tool use), as the plugin runs them. */
export const DEFAULT_CHECKS: DefaultChecks = DefaultChecksSchema.parse({})

/**
 * The verdicts the harness gives an in-process run before a task's own
 * checks callback (which only a real benchmark run has): a task whose
 * callback adds state checks is judged more leniently here, never more
 * strictly, so a cheat's pass rate measured this way is an upper bound.
 */
export function ruleVerdicts(task: BundledTask, agent: string, run: InProcessRun, checks: DefaultChecks = DEFAULT_CHECKS): Verdict[] {
  const taskRun = { kind: 'mcp-bench-run', taskId: task.id, agent, spec: task.spec, trajectory: run.trajectory } as unknown as TaskRun
  return harnessVerdicts(taskRun, checks, null)
}

export function passes(task: BundledTask, agent: string, run: InProcessRun, checks?: DefaultChecks): boolean {
  return ruleVerdicts(task, agent, run, checks).every((v) => v.pass)
}
