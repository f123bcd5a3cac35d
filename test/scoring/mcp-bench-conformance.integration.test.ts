import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import { plannerAgent } from '../../src/runtime/agents/planner.ts'
import { mcpBenchSchemaCheck } from '../../src/runtime/checks/schema-compliance-mcp-bench.ts'
import type { Fidelity } from '../../src/contracts/fidelity.ts'
import { parseServers } from '../../src/config/load-servers.ts'
import type { JudgeConfigInput } from '../../src/contracts/judge-options.ts'
import { judgeTrajectory } from '../../src/runtime/judge/judge.ts'
import { OUTCOME_VERSION, type TaskOutcome } from '../../src/contracts/outcome.ts'
import { reportedRounds } from '../../src/scoring/fidelity-formulas.ts'
import { agentRows } from '../../src/scoring/rows.ts'
import { taskRecord } from '../../src/scoring/task-record.ts'
import { ServerHub, type ServerSession } from '../../src/runtime/servers/hub.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'
import type { ToolCallRecord, Trajectory } from '../../src/contracts/trajectory.ts'
import { input, trajectory } from '../judge/helpers.ts'

/**
 * The project against MCP-Bench's own code. test/fixtures/mcp-bench-conformance/expected.json was written by
 * scripts/mcp-bench-conformance.py, which ran MCP-Bench's evaluator.py, results_aggregator.py and executor.py
 * (the commit is in the file) on cases.json. `released-code` must give the same numbers; `paper` and the
 * project's own semantics must differ exactly where docs/explanation/mcp-bench-fidelity.md says they do.
 */

const dir = new URL('../fixtures/mcp-bench-conformance/', import.meta.url)
interface Case {
  id: string
  status: 'completed' | 'failed'
  calls: Array<{ tool: string; server?: string; parameters: unknown; success: boolean }>
  judge: string[]
}
const cases = JSON.parse(readFileSync(new URL('cases.json', dir), 'utf8')) as {
  tools: Record<string, { server: string; input_schema: unknown }>
  tasks: Case[]
  executor: Array<{ id: string; replies: string[] }>
}
const expected = JSON.parse(readFileSync(new URL('expected.json', dir), 'utf8')) as {
  source: { commit: string }
  tasks: Array<{
    id: string
    schemaCompliantPerCall: Array<boolean | null>
    metrics: Record<string, number | null>
    judge: Record<string, number>
  }>
  aggregate: {
    task_statistics: { completed_tasks: number }
    llm_judge_metrics: Record<string, number>
    accuracy_metrics: Record<string, number>
  }
  executor: Array<{ id: string; total_rounds: number; calls: Array<[number, string, unknown]> }>
}
const expectedTask = (id: string) => expected.tasks.find((t) => t.id === id)!

/** MCP-Bench's judge fields and the project's sub-dimensions and categories. */
const DIMENSIONS = {
  task_fulfillment: 'taskFulfillment',
  grounding: 'informationGrounding',
  tool_appropriateness: 'toolAppropriateness',
  parameter_accuracy: 'parameterAccuracy',
  dependency_awareness: 'dependencyAwareness',
  parallelism_and_efficiency: 'parallelismEfficiency',
} as const
const CATEGORIES = {
  task_completion_score: 'taskCompletion',
  tool_selection_score: 'toolUsage',
  planning_effectiveness_and_efficiency_score: 'planningEffectiveness',
} as const

/** What the recorder records for a call, with schema compliance decided as under an MCP-Bench fidelity. */
function recordedCalls(c: Case): ToolCallRecord[] {
  return c.calls.map((call, i) => {
    const tool = cases.tools[call.tool]
    return {
      id: `c${i}`,
      round: 1,
      name: call.tool,
      server: tool?.server ?? null,
      tool: tool ? call.tool.split('__')[1]! : null,
      distractor: false,
      args: call.parameters,
      valid: Boolean(tool),
      schemaValid: tool ? mcpBenchSchemaCheck(tool.input_schema, call.parameters).valid : null,
      isError: !call.success,
      startedAt: 0,
      durationMs: 1,
    }
  })
}

const servers: ScriptedModelServer[] = []
afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function judged(c: Case, sampleAveraging: JudgeConfigInput['sampleAveraging']) {
  const server = await startScriptedModel({ script: c.judge.map((content) => ({ content })) })
  servers.push(server)
  return judgeTrajectory(
    input(),
    { model: 'judge', baseURL: server.url, apiKey: 'k', cache: false, samples: c.judge.length, sampleAveraging },
    { env: {} },
  )
}

/** Every case scored as the main process scores it: an outcome, its record, then the agent's row. */
async function scoreAll(fidelity: Fidelity | null, sampleAveraging: JudgeConfigInput['sampleAveraging']) {
  const records = []
  for (const c of cases.tasks) {
    const t: Trajectory = { ...trajectory(), calls: recordedCalls(c), rounds: 1 }
    // Single- and multi-server tasks both, so that a setting-weighted mean cannot pass for the aggregator's plain one.
    const used = [...new Set(c.calls.flatMap((call) => (call.server ? [call.server] : [])))]
    const outcome: TaskOutcome = {
      version: OUTCOME_VERSION,
      taskId: c.id,
      agent: 'a',
      trial: 1,
      file: 'f.test.ts',
      servers: used.length ? used : ['calc'],
      category: null,
      tier: 'easy',
      tags: [],
      reference: null,
      callMatch: null,
      distractors: { joined: [], skipped: [] },
      stopped: c.status === 'failed' ? { phase: 'agent', message: 'failed after 3 retries' } : null,
      trajectory: t,
      judge: await judged(c, sampleAveraging),
      referenceJudge: null,
      judgeConfigured: true,
      verdicts: [],
      unscored: null,
      fidelity: fidelity ? { mode: fidelity, maxRounds: 20 } : null,
    }
    records.push(taskRecord(outcome, { state: c.status === 'failed' ? 'failed' : 'passed', errors: [], durationMs: 1 }))
  }
  return { records, row: agentRows(records)[0]! }
}

describe(`MCP-Bench conformance (Accenture/mcp-bench ${expected.source.commit.slice(0, 12)})`, () => {
  it('decides schema compliance call by call as python-jsonschema does', () => {
    for (const c of cases.tasks) {
      const ours = c.calls.map((call) =>
        cases.tools[call.tool] ? mcpBenchSchemaCheck(cases.tools[call.tool]!.input_schema, call.parameters).valid : null,
      )
      expect(ours, c.id).toEqual(expectedTask(c.id).schemaCompliantPerCall)
    }
  })

  describe('released-code', () => {
    let scored: Awaited<ReturnType<typeof scoreAll>>
    beforeAll(async () => {
      scored = await scoreAll('released-code', 'mcp-bench-evaluator')
    })

    it('gives every task the rule metrics of _calculate_tool_accuracy_metrics', () => {
      for (const r of scored.records) {
        if (r.status === 'errored') continue // MCP-Bench keeps no evaluation of a failed task
        const want = expectedTask(r.id).metrics
        expect([r.metrics.validToolNameRate, r.metrics.schemaCompliance, r.metrics.executionSuccess], r.id).toEqual([
          want.valid_tool_name_rate,
          want.input_schema_compliance,
          want.execution_success_rate,
        ])
      }
    })

    it('averages judge samples field by field as _calculate_average_scores', () => {
      for (const r of scored.records) {
        if (r.status === 'errored') continue // a failed task is out of every average; its judge fields score 0 here
        const want = expectedTask(r.id).judge
        for (const [field, key] of Object.entries(DIMENSIONS))
          expect(r.scores.dimensions[key]! * 10, `${r.id} ${field}`).toBeCloseTo(want[field]!, 12)
        for (const [field, key] of Object.entries(CATEGORIES))
          expect(r.scores.domains[key]! * 10, `${r.id} ${field}`).toBeCloseTo(want[field]!, 12)
        expect(r.judge?.kind, r.id).toBe('rubric') // five 0s or a field never scored do not make the task errored
      }
    })

    it('averages over completed tasks as aggregate_model_results', () => {
      const { row } = scored
      const want = expected.aggregate
      expect(row.completedOnly.tasks).toBe(want.task_statistics.completed_tasks)
      expect(row.completedOnly.metrics.schemaCompliance).toBeCloseTo(want.accuracy_metrics.avg_input_schema_compliance!, 12)
      expect(row.completedOnly.metrics.validToolNameRate).toBeCloseTo(want.accuracy_metrics.avg_valid_tool_name_rate!, 12)
      expect(row.completedOnly.metrics.executionSuccess).toBeCloseTo(want.accuracy_metrics.avg_execution_success_rate!, 12)
      const judge = want.llm_judge_metrics
      const d = row.completedOnly.dimensions
      expect(d.taskFulfillment! * 10).toBeCloseTo(judge.avg_task_fulfillment_score!, 12)
      expect(d.informationGrounding! * 10).toBeCloseTo(judge.avg_grounding_score!, 12)
      expect(d.toolAppropriateness! * 10).toBeCloseTo(judge.avg_tool_appropriateness_score!, 12)
      expect(d.parameterAccuracy! * 10).toBeCloseTo(judge.avg_parameter_accuracy_score!, 12)
      expect(d.dependencyAwareness! * 10).toBeCloseTo(judge.avg_dependency_awareness_score!, 12)
      expect(d.parallelismEfficiency! * 10).toBeCloseTo(judge.avg_parallelism_efficiency_score!, 12)
    })
  })

  describe("paper and the project's own semantics differ where documented", () => {
    it('paper: a judge field is averaged over in-range scores (numeric strings count, 0, 11 and booleans do not); none: missing', async () => {
      const { records } = await scoreAll('paper', 'per-field')
      const dims = (id: string) => records.find((r) => r.id === id)!.scores.dimensions
      expect(dims('judge-zero-in-one-sample').parallelismEfficiency).toBeCloseTo(0.35, 12) // released: 0.28
      expect(dims('judge-missing-string-null').taskFulfillment).toBeCloseTo(0.55, 12) // "7" and 4; released: 0.4
      expect(dims('judge-field-never-scored').dependencyAwareness).toBeNull() // released: 0
      expect(dims('judge-out-of-range-and-bool').taskFulfillment).toBeNull() // 11 and -1; released: 0.5
      expect(dims('judge-out-of-range-and-bool').informationGrounding).toBeCloseTo(0.45, 12) // true left out; released: 0.275
      expect(dims('judge-zero-everywhere').dependencyAwareness).toBeNull() // five 0s; released: 0
      // The rule metrics are the released code's in both fidelities: the paper does not define them further.
      expect(records.find((r) => r.id === 'no-valid-calls')!.metrics.schemaCompliance).toBe(0)
    })

    it("the project's own semantics: whole samples, draft-07 with format, null with no valid call", async () => {
      const { records } = await scoreAll(null, 'whole-sample')
      const rec = (id: string) => records.find((r) => r.id === id)!
      expect(rec('no-valid-calls').metrics.schemaCompliance).toBeNull() // released: 0.0
      // One sample with a 0 is dropped whole: parallelism is the mean of 3, 4, 3, 4.
      expect(rec('judge-zero-in-one-sample').scores.dimensions.parallelismEfficiency).toBeCloseTo(0.35, 12)
      // Five samples with a 0: none is valid, the judge errs.
      expect(rec('judge-zero-everywhere').judge?.kind).toBe('error')
    })
  })
})

describe('MCP-Bench conformance: the planner loop against agent/executor.py', () => {
  let hub: ServerHub
  let session: ServerSession
  beforeAll(async () => {
    hub = new ServerHub({
      ...parseServers({ mcpServers: { math: { module: './fixtures/servers/math/server.ts' } } }, 't'),
      root: process.cwd(),
    })
    session = await hub.acquire(['math'])
  })
  afterAll(async () => {
    await hub.close()
  })

  async function plan(replies: string[], stoppingPlan: 'drop' | 'execute') {
    const server = await startScriptedModel({ script: [...replies.map((content) => ({ content })), { content: 'final answer' }] })
    servers.push(server)
    const recorder = new TrajectoryRecorder({
      task: { id: 't', prompt: 'scripted task' },
      agent: 'planner',
      catalog: session.catalog,
      connections: session.connections,
      maxRounds: 20,
      signal: new AbortController().signal,
      maxToolOutputChars: 20_000,
      maxRecordedOutputChars: 1_000,
      callTimeoutMs: () => 5_000,
    })
    const answer = await plannerAgent({ model: 'm', baseURL: server.url, apiKey: 'k', maxRetries: 0, stoppingPlan }).run(recorder.context())
    return recorder.finish(answer ?? null, null)
  }

  it("released-code: drops a stopping plan's calls and reports round_num - 1", async () => {
    for (const run of cases.executor) {
      const want = expected.executor.find((e) => e.id === run.id)!
      const t = await plan(run.replies, 'drop')
      expect(
        t.calls.map((c) => [c.round, c.name, c.args]),
        run.id,
      ).toEqual(want.calls)
      expect(reportedRounds(t, 'released-code', 20), run.id).toBe(want.total_rounds)
    }
  })

  it("paper: runs a stopping plan's calls, and counts the rounds that ran calls", async () => {
    const byId = Object.fromEntries(cases.executor.map((r) => [r.id, r.replies]))
    const stop = await plan(byId['stop-with-calls']!, 'execute')
    expect(stop.calls.map((c) => c.round)).toEqual([1, 1, 2]) // released: [1, 1]
    expect(reportedRounds(stop, 'paper', 20)).toBe(2) // released: 1
    expect(reportedRounds(stop, null, 20)).toBe(3) // the project's own count: two planning rounds and the final answer
    const first = await plan(byId['first-round-stop']!, 'execute')
    expect([first.calls.length, reportedRounds(first, 'paper', 20)]).toEqual([1, 1]) // released: [0, 0]
    const cap = await plan(byId['round-cap']!, 'execute')
    expect([reportedRounds(cap, 'paper', 20), reportedRounds(cap, null, 20)]).toEqual([20, 21]) // released: 19
  })
})
