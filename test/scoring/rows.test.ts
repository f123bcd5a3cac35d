import { describe, expect, it } from 'vitest'
import { applyGate } from '../../src/scoring/gate.ts'
import { agentRows, summariseTrials } from '../../src/scoring/rows.ts'
import { TaskRecordSchema } from '../../src/contracts/leaderboard.ts'
import { categoryOf, settingOf } from '../../src/scoring/task-scores.ts'
import { judgeError, passFail, rubric } from '../support/judge-results.ts'
import { call, calls, record, trajectory } from '../support/trajectories.ts'

const plan = (shape: 'single' | 'parallel' | 'sequential') => ({
  calls:
    shape === 'single'
      ? [{ id: 'a', tool: 'math.add', args: {}, after: [] }]
      : [
          { id: 'a', tool: 'math.add', args: {}, after: [] },
          { id: 'b', tool: 'math.sum', args: {}, after: shape === 'sequential' ? ['a'] : [] },
        ],
  facts: [],
})
const invalid = call({ valid: false, server: null, tool: null, schemaValid: null, isError: true })

/** Agent A, judged: two one-server tasks, two two-server tasks (one errored), and one that never started. */
const A = [
  record({
    taskId: 'r1',
    reference: plan('single'),
    judgeConfigured: true,
    trajectory: trajectory([call()]),
    judge: rubric([8, 9, 7, 10, 6, 5]),
  }),
  record(
    {
      taskId: 'r2',
      reference: plan('sequential'),
      judgeConfigured: true,
      trajectory: trajectory([call(), invalid]),
      judge: rubric([6, 7, 9, 8, 4, 3]),
    },
    'failed',
    ['expected …'],
  ),
  record(
    {
      taskId: 'r3',
      servers: ['math', 'weather'],
      reference: plan('parallel'),
      judgeConfigured: true,
      trajectory: trajectory([], { answer: null, error: 'agent timed out after 1000 ms' }),
      stopped: { phase: 'agent', message: 'agent timed out after 1000 ms' },
    },
    'failed',
  ),
  record({
    taskId: 'r4',
    servers: ['math', 'weather'],
    reference: plan('parallel'),
    judgeConfigured: true,
    judge: rubric([4, 4, 4, 4, 4, 4]),
    trajectory: trajectory([call(), call({ schemaValid: false }), call({ schemaValid: false, isError: true }), call()]),
  }),
  record(
    { taskId: 'r5', judgeConfigured: true, trajectory: null, stopped: { phase: 'servers', message: 'Server "math" failed to start' } },
    'failed',
  ),
]

describe('agent rows (hand-computed, MCP-Bench Tables 3–5)', () => {
  const [a] = agentRows(A)

  it('records validate and carry their setting and category', () => {
    for (const r of A) expect(TaskRecordSchema.parse(r)).toEqual(r)
    expect(A.map((r) => r.status)).toEqual(['passed', 'failed', 'errored', 'passed', 'setup-error'])
    expect(settingOf(['x', 'x'])).toBe('single-server')
    expect(settingOf(['x', 'y', 'z'])).toBe('multi-server-3')
    expect(categoryOf(['x', 'y'], 'parallel')).toBe('multi-server/parallel')
    expect(categoryOf(['x'], null)).toBeNull()
  })

  it('single-server columns (Table 4)', () => {
    const s = a!.single
    expect(s).toMatchObject({ tasks: 2, judged: 2, metrics: { validToolNameRate: 0.75, schemaCompliance: 1, executionSuccess: 0.75 } })
    expect(s.dimensions.taskFulfillment).toBeCloseTo(0.7, 12)
    expect(s.dimensions.parallelismEfficiency).toBeCloseTo(0.4, 12)
    expect(s.domains.schemaUnderstanding).toBeCloseTo(5 / 6, 12)
    expect(s.domains.taskCompletion).toBeCloseTo(0.75, 12)
    expect(s.domains.toolUsage).toBeCloseTo(0.85, 12)
    expect(s.domains.planningEffectiveness).toBeCloseTo(0.45, 12)
    expect(s.overall).toBeCloseTo((5 / 6 + 0.75 + 0.85 + 0.45) / 4, 12)
  })

  it('multi-server columns (Table 5): the errored task counts, with 0 for what it never did', () => {
    const s = a!.multi
    expect(s).toMatchObject({ tasks: 2, judged: 1, metrics: { validToolNameRate: 0.5, schemaCompliance: 0.25, executionSuccess: 0.375 } })
    expect(s.domains.schemaUnderstanding).toBeCloseTo(0.375, 12)
    expect(s.domains.taskCompletion).toBeCloseTo(0.2, 12) // (0 + 0.4) / 2
    expect(s.overall).toBeCloseTo((0.375 + 0.2 * 3) / 4, 12)
  })

  it('combined columns (Table 3) weight each setting by its task count, setup errors left out', () => {
    const o = a!.overall
    expect(o.tasks).toBe(4)
    expect(o.metrics).toEqual({ validToolNameRate: 0.625, schemaCompliance: 0.625, executionSuccess: 0.5625 })
    expect(o.domains.taskCompletion).toBeCloseTo(0.475, 12)
    expect(o.domains.toolUsage).toBeCloseTo(0.525, 12)
    expect(o.domains.planningEffectiveness).toBeCloseTo(0.325, 12)
    expect(a!.overallScore).toBeCloseTo((0.6041666666 + 0.475 + 0.525 + 0.325) / 4, 8)
    expect(a!.ruleScore).toBeCloseTo(0.6041666666, 8)
  })

  it("also reports MCP-Bench's completed-tasks-only averages, for comparison", () => {
    expect(a!.completedOnly.tasks).toBe(3)
    expect(a!.completedOnly.ruleScore).toBeCloseTo((5 / 6 + 5 / 6 + 0.75) / 3, 8)
    expect(a!.completedOnly.overallScore).toBeCloseTo((0.8055555556 + 0.6333333333 + 0.7 + 0.4333333333) / 4, 8)
  })

  it('pass rates: errored counts as not passed, setup errors are apart, categories follow the plan', () => {
    expect(a).toMatchObject({ tasks: 4, passed: 2, failed: 1, errored: 1, unscored: 0, setupErrors: 1, passRate: 0.5 })
    expect(a!.categories['single-server/single']).toMatchObject({ tasks: 1, passed: 1, passRate: 1 })
    expect(a!.categories['single-server/sequential']).toMatchObject({ tasks: 1, failed: 1, passRate: 0 })
    expect(a!.categories['multi-server/parallel']).toMatchObject({ tasks: 2, passed: 1, errored: 1, passRate: 0.5 })
    expect(a!.categories['multi-server/single']).toMatchObject({ tasks: 0, passRate: null })
    expect(a!.judge).toEqual({ configured: true, judged: 2 + 1, errors: 0 })
  })
})

describe('every attempted task counts (docs/explanation/scoring.md)', () => {
  // An agent that answers two tasks perfectly and crashes on the other two before any call.
  const crashy = [
    record({ agent: 'C', taskId: 'ok-1' }),
    record({ agent: 'C', taskId: 'ok-2' }),
    ...['crash-1', 'crash-2'].map((taskId) =>
      record(
        {
          agent: 'C',
          taskId,
          trajectory: trajectory([], { answer: null, error: 'model error' }),
          stopped: { phase: 'agent', message: 'HTTP 500' },
        },
        'failed',
      ),
    ),
  ]

  it('a crash scores 0, so crashing on the hard tasks never raises the rule score', () => {
    const [c] = agentRows(crashy)
    expect(c!.ruleScore).toBe(0.5)
    expect(c!.completedOnly.ruleScore).toBe(1) // MCP-Bench's averaging would have said 1
    expect(c!.passRate).toBe(0.5)
  })

  it("a task stopped by a judge error keeps its rule metrics and scores 0 on the judge's dimensions", () => {
    const r = record(
      { judgeConfigured: true, judge: judgeError('HTTP 401: bad key'), stopped: { phase: 'judge', message: 'the judge failed: HTTP 401' } },
      'failed',
    )
    expect(r.status).toBe('errored')
    expect(r.scores.domains).toEqual({ schemaUnderstanding: 1, taskCompletion: 0, toolUsage: 0, planningEffectiveness: 0 })
    expect(r.scores.overall).toBe(0.25)
  })

  it('without a judge, nothing is invented: judge dimensions stay null', () => {
    const r = record(
      { trajectory: trajectory(calls(2, 1), { answer: null, error: 'timeout' }), stopped: { phase: 'agent', message: 'timeout' } },
      'failed',
    )
    expect(r.metrics).toMatchObject({ validToolNameRate: 1, executionSuccess: 0.5, toolCalls: 2 })
    expect(r.scores.overall).toBeNull()
  })

  it('unscored tasks are counted and shown but take no part in the pass rate', () => {
    const [b] = agentRows([
      record({ agent: 'B', taskId: 'decided' }),
      record({ agent: 'B', taskId: 'open', unscored: 'nothing decides this task' }, 'skipped'),
    ])
    expect(b).toMatchObject({ tasks: 2, passed: 1, unscored: 1, passRate: 1 })
  })
})

describe('trials', () => {
  const run = (id: string, trial: number, passed: boolean) => ({ id, trial, status: passed ? ('passed' as const) : ('failed' as const) })

  it('is null for a single run', () => {
    expect(summariseTrials([run('a', 1, true), run('b', 1, false)])).toBeNull()
  })

  it('computes pass^k (every trial) and pass@k (any trial) over tasks', () => {
    // a: 3/3, b: 1/3, c: 0/3, d: 2/3 → every trial: 1 of 4; any trial: 3 of 4.
    const records = [
      ...[1, 2, 3].map((t) => run('a', t, true)),
      run('b', 1, false),
      run('b', 2, true),
      run('b', 3, false),
      ...[1, 2, 3].map((t) => run('c', t, false)),
      run('d', 1, true),
      run('d', 2, true),
      run('d', 3, false),
    ]
    expect(summariseTrials(records)).toEqual({ trials: 3, tasks: 4, passAll: 0.25, passAny: 0.75 })
  })

  it('does not count a task with a missing trial as passing every trial', () => {
    expect(summariseTrials([run('a', 1, true), run('a', 2, true), run('b', 1, true)])).toMatchObject({ passAll: 0.5, passAny: 1 })
  })
})

describe('the gate', () => {
  it('never lets minOverall fall back to the rule score', () => {
    const records = [record()]
    expect(applyGate(agentRows(records), records, { minOverall: 0.5 }).failures).toEqual([
      'A: minOverall needs judge scores, but no judge was configured (set MCP_BENCH_JUDGE_MODEL or the judge option; minRuleScore gates on the rules alone)',
    ])
    expect(applyGate(agentRows(records), records, { minRuleScore: 0.9 }).passed).toBe(true)
  })

  it('fails minOverall when the judge failed on any task, naming the tasks and the cause', () => {
    const records = [
      record({ taskId: 'good', judgeConfigured: true, judge: rubric([10, 10, 10, 10, 10, 10]) }),
      record(
        {
          taskId: 'bad',
          judgeConfigured: true,
          judge: judgeError('HTTP 401'),
          stopped: { phase: 'judge', message: 'the judge failed on task "bad" [A]: HTTP 401: Incorrect API key' },
        },
        'failed',
      ),
    ]
    const gate = applyGate(agentRows(records), records, { minOverall: 0.1 })
    expect(gate.passed).toBe(false)
    expect(gate.failures[0]).toMatch(
      /^A: the judge failed on 1 task, so its overall score cannot be trusted: bad \(the judge failed on task "bad" \[A\]: HTTP 401/,
    )
  })

  it("fails a row held less than gate.isolation, and one whose tier is unknown; the package's own agents always hold", () => {
    const records = [
      record({ agent: 'sandboxed', agentIsolation: 'sandbox' }),
      record({ agent: 'seat-belt', agentIsolation: 'process' }),
      record({ agent: 'seat-belt', taskId: 'u', agentIsolation: 'sandbox' }),
      record({ agent: 'builtin', agentIsolation: 'builtin' }),
      record({ agent: 'never-loaded', agentIsolation: null }, 'failed'),
    ]
    expect(Object.fromEntries(agentRows(records).map((r) => [r.agent, r.isolation]))).toEqual({
      sandboxed: 'sandbox',
      'seat-belt': 'process',
      builtin: 'builtin',
      'never-loaded': null,
    })
    expect(applyGate(agentRows(records), records, { isolation: 'sandbox' }).failures.sort()).toEqual([
      "never-loaded: held as unknown (no task ran), less than the gate's isolation: sandbox",
      "seat-belt: held as process, less than the gate's isolation: sandbox",
    ])
    expect(applyGate(agentRows(records), records, { isolation: 'process' }).failures).toEqual([
      "never-loaded: held as unknown (no task ran), less than the gate's isolation: process",
    ])
  })

  it('checks pass rate and rule score per agent', () => {
    const records = [record(), record({ taskId: 'u', trajectory: trajectory([invalid]) }, 'failed')]
    expect(applyGate(agentRows(records), records, { minPassRate: 0.6, minRuleScore: 0.9 }).failures).toEqual([
      'A: rule score 66.7% is below 90.0%', // (0.5 + 1 + 0.5) / 3
      'A: pass rate 50.0% is below 60.0%',
    ])
  })

  it('reads pass-fail judgements into the category pass rates', () => {
    const [b] = agentRows([
      record({ agent: 'B', judge: passFail(true) }),
      record({ agent: 'B', taskId: 'x', judge: passFail(false) }, 'failed'),
    ])
    expect(b).toMatchObject({ judgePassed: 1, judgePassRate: 0.5 })
  })
})

describe("the headline per fidelity (the row's fidelity block)", () => {
  const released = A.map((r) => ({ ...r, fidelity: 'released-code' as const }))
  const withPrompt = (records: typeof A, prompt: 'mcp-bench-checkout' | 'project') =>
    records.map((r) => (r.judge?.kind === 'rubric' ? { ...r, judge: { ...r.judge, prompt } } : r))

  it("released-code: overallScore and ruleScore are MCP-Bench's plain means over completed tasks", () => {
    const [row] = agentRows(released)
    expect(row!.fidelity).toEqual({ mode: 'released-code', headline: 'completed-plain-mean', judgePrompt: 'project', plannerPrompt: null })
    // The completed tasks (r1, r2, r4), each column a plain mean: not the setting-weighted Table 3 figure.
    const c = row!.completedOnly
    const schemaUnderstanding = (c.metrics.validToolNameRate! + c.metrics.schemaCompliance! + c.metrics.executionSuccess!) / 3
    expect(row!.ruleScore).toBeCloseTo(schemaUnderstanding, 12)
    expect(row!.overallScore).not.toBeCloseTo(agentRows(A)[0]!.overallScore!, 6)
    expect(row!.overall).toEqual(agentRows(A)[0]!.overall)
  })

  it("paper and the project's own mode keep the setting-weighted headline", () => {
    const [own] = agentRows(A)
    expect(own!.fidelity).toEqual({ mode: null, headline: 'setting-weighted', judgePrompt: 'project', plannerPrompt: null })
    expect(own!.overallScore).toBe(own!.overall.overall)
    const [paper] = agentRows(A.map((r) => ({ ...r, fidelity: 'paper' as const })))
    expect(paper!.fidelity!.headline).toBe('setting-weighted')
    expect(paper!.overallScore).toBe(own!.overallScore)
  })

  it('says whose prompt the judge was sent', () => {
    expect(agentRows(withPrompt(released, 'mcp-bench-checkout'))[0]!.fidelity!.judgePrompt).toBe('mcp-bench-checkout')
    const mixed = [...withPrompt(released.slice(0, 2), 'mcp-bench-checkout'), ...withPrompt(released.slice(2), 'project')]
    expect(agentRows(mixed)[0]!.fidelity!.judgePrompt).toBe('mixed')
    expect(agentRows([...released.slice(0, 2), ...A.slice(2)])[0]!.fidelity!.mode).toBe('mixed')
  })

  it('says whose words the released-code planner sent the model', () => {
    const planned = (records: typeof A, plannerPrompt: 'mcp-bench-checkout' | 'project') => records.map((r) => ({ ...r, plannerPrompt }))
    expect(agentRows(planned(released, 'mcp-bench-checkout'))[0]!.fidelity!.plannerPrompt).toBe('mcp-bench-checkout')
    expect(agentRows(planned(released, 'project'))[0]!.fidelity!.plannerPrompt).toBe('project')
    expect(
      agentRows([...planned(released.slice(0, 2), 'mcp-bench-checkout'), ...planned(released.slice(2), 'project')])[0]!.fidelity!
        .plannerPrompt,
    ).toBe('mixed')
  })
})
