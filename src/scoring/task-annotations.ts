import type { TaskRecord } from '../contracts/leaderboard.ts'
import type { TaskOutcome, Verdict } from '../contracts/outcome.ts'
import { SETUP_PHASES } from '../contracts/outcome.ts'
import { taskAnchor } from '../lib/task-anchor.ts'
import { taskRecord } from './task-record.ts'
import { scoreTask, type TaskMetrics } from './task-scores.ts'

/** What a task's test is annotated with: Vitest's `TestAnnotation` without a location or attachment. */
export interface TaskAnnotation {
  type: string
  message: string
}

/** Every property and annotation of a task is named `mcp-bench.<key>`, in JUnit and in Vitest's UI alike. */
export const PREFIX = 'mcp-bench.'

/** The report that shows every task's trajectory, in the run's `outputDir` (reporters/referee/referee.ts writes it). */
export const REPORT_FILE = 'report.html'

/** Dollar amounts keep micro-dollars: a cheap model's task costs fractions of a cent. */
const USD_PLACES = 6

/** A number as a property or annotation shows it: rounded to 4 places (6 for dollars), never in exponent form. */
export function propertyNumber(key: string, value: number): string {
  const places = key.endsWith('Usd') ? USD_PLACES : 4
  return String(Math.round(value * 10 ** places) / 10 ** places)
}

/**
 * What the harness found of a task, as `mcp-bench.*` annotations of its test (Vitest's public annotation API,
 * `TestContext.annotate`) and as the same properties of its junit.xml testcase:
 * - `mcp-bench.overall` and `mcp-bench.ruleScore`: the task's scores, from the same formula as its leaderboard
 *   record (src/scoring/task-record.ts), so they are the record's numbers;
 * - `mcp-bench.verdict`: why the task passes or fails, as far as the harness decides it;
 * - `mcp-bench.failed-check`: one per check of the harness that failed, with its message;
 * - `mcp-bench.trajectory`: where report.html shows the task's trajectory (`report.html#task-…`). The report's name
 *   alone, not its directory (`outputDir`, `bench-results/` by default): a run's JUnit stays the same wherever its
 *   reports are written, as its leaderboard does (docs/explanation/reproducibility.md), and a link to a shard's report
 *   holds in the merged one.
 *
 * junit.xml takes them from the record, in the main process (recordAnnotations, below); the worker annotates the
 * test with them only when the `annotate` setting says someone is watching (src/node/resolve-settings.ts).
 *
 * `scores`: the record's, when the record exists (the main process). Otherwise, in the worker, `metrics`: the
 * task's rule metrics when the checks already made them (the run's own); a stopped task has none.
 */
export function taskAnnotations(outcome: TaskOutcome, context: { metrics?: TaskMetrics; scores?: TaskRecord['scores'] }): TaskAnnotation[] {
  const scores =
    context.scores ??
    (context.metrics && !outcome.stopped
      ? scoreTask(context.metrics, outcome.judge)
      : // A stopped task's scores depend on how it stopped: the record's own function says, whatever Vitest's result.
        taskRecord(outcome, { state: 'failed', errors: [], durationMs: 0 }).scores)
  const out: TaskAnnotation[] = []
  const number = (key: 'overall' | 'ruleScore') => {
    const value = scores[key]
    if (value !== null) out.push({ type: harnessType(key), message: propertyNumber(key, value) })
  }
  number('overall')
  number('ruleScore')
  out.push({ type: harnessType('verdict'), message: verdictText(outcome) })
  for (const v of outcome.verdicts) if (!v.pass) out.push({ type: harnessType('failed-check'), message: failedCheckText(v) })
  const anchor = taskAnchor({ file: outcome.file, agent: outcome.agent, id: outcome.taskId, trial: outcome.trial })
  out.push({ type: harnessType('trajectory'), message: `${REPORT_FILE}#${anchor}` })
  return out
}

/** The task's annotations made from its leaderboard record: what junit.xml writes, whether or not the test was annotated. */
export function recordAnnotations(outcome: TaskOutcome, record: TaskRecord): TaskAnnotation[] {
  return taskAnnotations(outcome, { scores: record.scores })
}

/** The annotations taskAnnotations makes, and nothing else: each is named through harnessType, so the two agree. */
const HARNESS_KEYS = ['overall', 'ruleScore', 'verdict', 'failed-check', 'trajectory'] as const
const HARNESS_TYPES = new Set<string>(HARNESS_KEYS.map(harnessType))

function harnessType(key: (typeof HARNESS_KEYS)[number]): string {
  return `${PREFIX}${key}`
}

/** Whether an annotation is one of the harness's (taskAnnotations), not one the task's own checks made. */
export function isHarnessAnnotation(type: string): boolean {
  return HARNESS_TYPES.has(type)
}

/** Why the task passes or fails, in the harness's terms (the task's own checks, which run afterwards, may fail it too). */
function verdictText(outcome: TaskOutcome): string {
  if (outcome.stopped) {
    const kind = SETUP_PHASES.includes(outcome.stopped.phase) ? "a setup error, not the agent's" : 'errored, not a wrong answer'
    return `stopped in its ${outcome.stopped.phase} phase: ${kind}`
  }
  if (outcome.unscored) return `unscored: ${outcome.unscored}`
  const judge = outcome.verdicts.find((v) => v.check === 'judge')
  const harness = outcome.verdicts.filter((v) => v.check !== 'judge')
  const passed = harness.filter((v) => v.pass)
  const own = outcome.ownChecks ? "; the task's own checks run after these" : ''
  const checks = harness.length
    ? `${passed.length} of ${harness.length} harness checks passed (${harness.map((v) => `${v.check} ${v.pass ? '✓' : '✗'}`).join(', ')})`
    : 'no harness checks are on'
  if (judge)
    return `the judge decides (nothing else can: no reference facts, plan or checks): ${judge.pass ? 'passed' : 'failed'}; ${checks}`
  return `${checks}${own}`
}

function failedCheckText(v: Verdict): string {
  return `${v.check}${v.rule ? ` (${v.rule})` : ''}: ${v.message ?? 'failed'}`
}
