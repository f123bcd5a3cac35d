import type { CatalogEntry } from '../../src/contracts/catalog.ts'
import type { TaskSpec } from '../../src/contracts/task-spec.ts'
import { TrajectorySchema, type ToolCallRecord, type Trajectory } from '../../src/contracts/trajectory.ts'
import type { JudgeInput } from '../../src/runtime/judge/prompt.ts'

export const TOOLS: CatalogEntry[] = [
  {
    name: 'math__add',
    server: 'math',
    tool: 'add',
    description: 'Adds two numbers',
    inputSchema: {
      type: 'object',
      properties: { firstNumber: { type: 'number' }, secondNumber: { type: 'number' } },
      required: ['firstNumber', 'secondNumber'],
    },
    distractor: false,
  },
  {
    name: 'math__multiply',
    server: 'math',
    tool: 'multiply',
    description: 'Multiplies two numbers',
    inputSchema: {
      type: 'object',
      properties: { firstNumber: { type: 'number' }, SecondNumber: { type: 'number' } },
      required: ['firstNumber', 'SecondNumber'],
    },
    distractor: false,
  },
  {
    name: 'weather__forecast',
    server: 'weather',
    tool: 'forecast',
    description: 'Weather forecast for a city',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    distractor: true,
  },
]

export function call(partial: Partial<ToolCallRecord> & Pick<ToolCallRecord, 'id' | 'round' | 'name'>): ToolCallRecord {
  const known = TOOLS.find((t) => t.name === partial.name)
  return {
    server: known?.server ?? null,
    tool: known?.tool ?? null,
    distractor: known?.distractor ?? false,
    args: {},
    valid: known !== undefined,
    schemaValid: known ? true : null,
    isError: false,
    startedAt: 0,
    durationMs: 5,
    ...partial,
  }
}

export function trajectory(overrides: Partial<Trajectory> = {}): Trajectory {
  return TrajectorySchema.parse({
    version: 1,
    taskId: 'math/add-then-multiply',
    agent: 'test-agent',
    prompt: 'Could you work out what I get if I add 2 and 3 and then scale that by 4?',
    turns: [
      {
        round: 1,
        content: 'Adding first.',
        toolCalls: [{ id: 'c1', name: 'math__add', arguments: '{"firstNumber":2,"secondNumber":3}' }],
        usage: null,
        finishReason: 'tool_calls',
        durationMs: 10,
      },
      {
        round: 2,
        content: null,
        toolCalls: [{ id: 'c2', name: 'math__multiply', arguments: '{"firstNumber":5,"SecondNumber":4}' }],
        usage: null,
        finishReason: 'tool_calls',
        durationMs: 10,
      },
      { round: 3, content: 'The result is 20.', toolCalls: [], usage: null, finishReason: 'stop', durationMs: 10 },
    ],
    calls: [
      call({ id: 'c1', round: 1, name: 'math__add', args: { firstNumber: 2, secondNumber: 3 }, result: [{ type: 'text', text: '5' }] }),
      call({
        id: 'c2',
        round: 2,
        name: 'math__multiply',
        args: { firstNumber: 5, SecondNumber: 4 },
        result: [{ type: 'text', text: '20' }],
      }),
    ],
    answer: 'The result is 20.',
    error: null,
    rounds: 3,
    usage: { promptTokens: 100, completionTokens: 20, totalTokens: 120 },
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 50,
    ...overrides,
  })
}

export const TASK: JudgeInput['task'] = {
  prompt: 'Use math.add to add 2 and 3, then use math.multiply to multiply the sum by 4. Report the product.',
  fuzzy: 'Could you work out what I get if I add 2 and 3 and then scale that by 4?',
  servers: ['math'],
  reference: {
    calls: [
      { id: 'sum', tool: 'math.add', args: { firstNumber: 2, secondNumber: 3 }, after: [] },
      { id: 'product', tool: 'math.multiply', args: { firstNumber: '{{sum}}', SecondNumber: 4 }, after: ['sum'] },
    ],
    answer: '20',
    facts: [20],
  },
} satisfies Partial<TaskSpec> & { prompt: string }

export function input(overrides: Partial<JudgeInput> = {}): JudgeInput {
  return { trajectory: trajectory(), task: TASK, tools: TOOLS, ...overrides }
}

/** A valid MCP-Bench judge reply. */
export function reply(scores: Partial<Record<string, number | string>> = {}, extra = ''): string {
  const s = {
    task_fulfillment: 8,
    information_grounding: 9,
    tool_appropriateness: 7,
    parameter_accuracy: 10,
    dependency_awareness: 6,
    parallelism_efficiency: 5,
    ...scores,
  }
  const reasoning = Object.fromEntries(Object.keys(s).map((k) => [k, `because ${k}`]))
  return `${extra}${JSON.stringify({ reasoning, scores: s })}`
}
