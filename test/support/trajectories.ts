import { OUTCOME_VERSION, type TaskOutcome } from '../../src/contracts/outcome.ts'
import type { TaskRecord } from '../../src/contracts/leaderboard.ts'
import { taskRecord } from '../../src/scoring/task-record.ts'
import { TRAJECTORY_VERSION, type ToolCallRecord, type Trajectory } from '../../src/contracts/trajectory.ts'

/** A tool call record with sensible defaults, for metric tests. */
export function call(over: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    id: 'c',
    round: 1,
    name: 'math__add',
    server: 'math',
    tool: 'add',
    distractor: false,
    args: {},
    valid: true,
    schemaValid: true,
    isError: false,
    startedAt: 0,
    durationMs: 1,
    ...over,
  }
}

export function trajectory(calls: ToolCallRecord[], over: Partial<Trajectory> = {}): Trajectory {
  return {
    version: TRAJECTORY_VERSION,
    taskId: 't',
    agent: 'a',
    prompt: 'p',
    turns: [],
    calls,
    answer: 'done',
    error: null,
    rounds: Math.max(0, ...calls.map((c) => c.round)),
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    ...over,
  }
}

/** A task outcome as a worker sends it, with sensible defaults, for scoring tests. */
export function outcome(over: Partial<TaskOutcome> = {}): TaskOutcome {
  return {
    version: OUTCOME_VERSION,
    taskId: 't',
    agent: 'A',
    trial: 1,
    file: 'benchmarks/t.test.ts',
    servers: ['math'],
    category: null,
    tier: 'easy',
    tags: [],
    reference: null,
    callMatch: null,
    distractors: { joined: [], skipped: [] },
    stopped: null,
    trajectory: trajectory([call()]),
    judge: null,
    referenceJudge: null,
    judgeConfigured: false,
    verdicts: [],
    unscored: null,
    ...over,
  }
}

/** A leaderboard record from an outcome and Vitest's verdict, through the same code the reporter uses. */
export function record(
  over: Partial<TaskOutcome> = {},
  state: 'passed' | 'failed' | 'skipped' = 'passed',
  errors: string[] = [],
): TaskRecord {
  return taskRecord(outcome(over), { state, errors, durationMs: 5 })
}

/** `n` calls of which the first `ok` succeed. */
export function calls(n: number, ok = n): ToolCallRecord[] {
  return Array.from({ length: n }, (_, i) => call({ id: `c${i}`, isError: i >= ok }))
}
