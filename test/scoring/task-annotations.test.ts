import { describe, expect, it } from 'vitest'
import { junitProperties } from '../../reporters/junit-properties.ts'
import type { TaskOutcome } from '../../src/contracts/outcome.ts'
import { taskAnchor } from '../../src/lib/task-anchor.ts'
import { isHarnessAnnotation, recordAnnotations, taskAnnotations } from '../../src/scoring/task-annotations.ts'
import { taskRecord, type TestResult } from '../../src/scoring/task-record.ts'
import { ruleMetrics } from '../../src/scoring/task-scores.ts'
import { rubric } from '../support/judge-results.ts'
import { call, outcome, trajectory } from '../support/trajectories.ts'

const REPORT = 'report.html'
const reference = {
  calls: [
    { id: 'a', tool: 'math.sum', args: {}, after: [] },
    { id: 'b', tool: 'math.multiply', args: {}, after: ['a'] },
  ],
  answer: 'x',
  facts: [],
}

/** The annotations as the worker makes them: with the run's own metrics once the checks ran, none for a stopped task. */
function annotate(o: TaskOutcome, ownChecks = true) {
  const metrics = o.stopped || !o.trajectory ? undefined : ruleMetrics(o.trajectory, o.reference, { callMatch: o.callMatch })
  return taskAnnotations(ownChecks ? { ...o, ownChecks: true } : o, { metrics })
}
function byType(list: Array<{ type: string; message: string }>): Partial<Record<string, Array<{ type: string; message: string }>>> {
  const out: Record<string, Array<{ type: string; message: string }>> = {}
  for (const a of list) (out[a.type] ??= []).push(a)
  return out
}

const cases: Array<[string, TaskOutcome, TestResult['state']]> = [
  [
    'passed, judged',
    outcome({
      reference,
      judge: rubric([8, 7, 9, 6, 8, 7]),
      judgeConfigured: true,
      verdicts: [
        { check: 'answer', pass: true },
        { check: 'toolUse', pass: true },
      ],
    }),
    'passed',
  ],
  [
    'failed checks',
    outcome({
      reference,
      trajectory: trajectory([call(), call({ id: 'c2', isError: true })]),
      verdicts: [
        { check: 'answer', pass: true },
        { check: 'facts', pass: false, message: 'expected the answer to state "8,100"' },
        { check: 'toolUse', pass: false, rule: 'no-own-server-call', message: 'no successful call to math' },
      ],
    }),
    'failed',
  ],
  [
    'stopped by the agent, judged',
    outcome({ reference, judgeConfigured: true, stopped: { phase: 'agent', message: 'timed out' } }),
    'failed',
  ],
  ['a setup error', outcome({ reference, trajectory: null, stopped: { phase: 'servers', message: 'math did not start' } }), 'failed'],
]

describe("a task's test annotations (src/scoring/task-annotations.ts)", () => {
  for (const [name, o, state] of cases) {
    it(`${name}: carry the record's scores, and no property the record's JUnit view also writes`, () => {
      const record = taskRecord(o, { state, errors: [], durationMs: 5 })
      const got = byType(annotate(o))
      const score = (v: number | null) =>
        v === null ? undefined : [{ type: expect.any(String), message: String(Math.round(v * 1e4) / 1e4) }]
      expect(got['mcp-bench.overall']).toEqual(score(record.scores.overall))
      expect(got['mcp-bench.ruleScore']).toEqual(score(record.scores.ruleScore))
      // The report's anchor for this very record: the link opens this task.
      expect(got['mcp-bench.trajectory']).toEqual([{ type: 'mcp-bench.trajectory', message: `${REPORT}#${taskAnchor(record)}` }])
      const own = new Set(Object.keys(got))
      const fromRecord = junitProperties(record).map((p) => p.type)
      expect(fromRecord.filter((t) => own.has(t))).toEqual([])
    })
  }

  for (const [name, o, state] of cases) {
    it(`${name}: made from the record in the main process, they are what the worker annotates the test with`, () => {
      const withChecks = { ...o, ownChecks: true as const }
      const record = taskRecord(withChecks, { state, errors: [], durationMs: 5 })
      expect(recordAnnotations(withChecks, record)).toEqual(annotate(o, true))
      expect(recordAnnotations(o, taskRecord(o, { state, errors: [], durationMs: 5 }))).toEqual(annotate(o, false))
      expect(annotate(o).every((a) => isHarnessAnnotation(a.type))).toBe(true)
    })
  }

  it("tells the harness's annotations from the rest of the record's properties and from a task's own", () => {
    const record = taskRecord(cases[1]![1], { state: 'failed', errors: [], durationMs: 5 })
    expect(junitProperties(record).filter((p) => isHarnessAnnotation(p.type))).toEqual([])
    expect(isHarnessAnnotation('mcp-bench.failed-check')).toBe(true)
    expect(isHarnessAnnotation('mcp-bench.status')).toBe(false)
    expect(isHarnessAnnotation('verdict')).toBe(false)
  })

  it('lists each failed check with its rule and message, and says what decided', () => {
    const got = byType(annotate(cases[1]![1]))
    expect(got['mcp-bench.failed-check']!.map((a) => a.message)).toEqual([
      'facts: expected the answer to state "8,100"',
      'toolUse (no-own-server-call): no successful call to math',
    ])
    expect(got['mcp-bench.verdict']![0]!.message).toBe(
      "1 of 3 harness checks passed (answer ✓, facts ✗, toolUse ✗); the task's own checks run after these",
    )
    expect(byType(annotate(cases[0]![1], false))['mcp-bench.verdict']![0]!.message).toBe(
      '2 of 2 harness checks passed (answer ✓, toolUse ✓)',
    )
    expect(byType(annotate(cases[3]![1]))['mcp-bench.verdict']![0]!.message).toBe(
      "stopped in its servers phase: a setup error, not the agent's",
    )
  })

  it('says when the judge decides a task nothing else can, and when nothing does', () => {
    const judged = outcome({
      judge: rubric([3, 5, 5, 5, 5, 5]),
      judgeConfigured: true,
      verdicts: [
        { check: 'answer', pass: true },
        { check: 'judge', pass: false, message: 'task fulfillment 0.30 is below the pass threshold 0.6' },
      ],
    })
    const got = byType(annotate(judged, false))
    expect(got['mcp-bench.verdict']![0]!.message).toMatch(
      /^the judge decides \(nothing else can: .*\): failed; 1 of 1 harness checks passed \(answer ✓\)$/,
    )
    expect(got['mcp-bench.failed-check']!.map((a) => a.message)).toEqual(['judge: task fulfillment 0.30 is below the pass threshold 0.6'])
    const unscored = outcome({ unscored: 'nothing decides this task' })
    expect(byType(annotate(unscored, false))['mcp-bench.verdict']![0]!.message).toBe('unscored: nothing decides this task')
  })

  it('links each task × agent × trial to its own anchor, readable and safe in a URL whatever the id', () => {
    const a = taskAnchor({ file: 'b/x.test.ts', agent: 'gpt', id: 'Math/Harvest Report', trial: 1 })
    expect(a).toMatch(/^task-math-harvest-report-[0-9a-f]{16}$/)
    expect(
      new Set([
        a,
        taskAnchor({ file: 'b/x.test.ts', agent: 'gpt', id: 'Math/Harvest Report', trial: 2 }),
        taskAnchor({ file: 'b/x.test.ts', agent: 'ref', id: 'Math/Harvest Report', trial: 1 }),
      ]).size,
    ).toBe(3)
    expect(taskAnchor({ file: 'f', agent: 'a', id: '\u001b]0;<script>"', trial: 1 })).toMatch(/^task-0-script-[0-9a-f]{16}$/)
  })
})
