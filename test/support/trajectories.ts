import { TRAJECTORY_VERSION, type ToolCallRecord, type Trajectory } from '../../src/trajectory/schema.ts'

/** A tool call record with sensible defaults, for metric tests. */
export function call(over: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    id: 'c', round: 1, name: 'math__add', server: 'math', tool: 'add', distractor: false,
    args: {}, valid: true, schemaValid: true, isError: false, startedAt: 0, durationMs: 1, ...over,
  }
}

export function trajectory(calls: ToolCallRecord[], over: Partial<Trajectory> = {}): Trajectory {
  return {
    version: TRAJECTORY_VERSION, taskId: 't', agent: 'a', prompt: 'p', turns: [], calls, answer: 'done', error: null,
    rounds: Math.max(0, ...calls.map((c) => c.round)), usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    startedAt: new Date(0).toISOString(), durationMs: 1, ...over,
  }
}
