import type { AgentContext, AgentTool, ToolCallOutcome } from '../../src/runtime/agents/types.ts'

/**
 * A custom agent's context over a made-up catalog, for testing agents
 * without servers: every call is recorded and answered by a function.
 */

export interface RecordedCall {
  name: string
  args: unknown
  round: number | undefined
}

export function fakeContext(
  prompt: string,
  tools: AgentTool[],
  answer: (name: string, args: any) => ToolCallOutcome,
  over: Partial<AgentContext> = {},
) {
  const calls: RecordedCall[] = []
  let round = 0
  const ctx: AgentContext = {
    task: { id: 'demo/task', prompt },
    tools,
    maxRounds: 20,
    signal: new AbortController().signal,
    nextRound: () => ++round,
    recordTurn: () => {},
    callTool: async (name, args, options) => {
      calls.push({ name, args, round: options?.round })
      return answer(name, args)
    },
    ...over,
  }
  return { ctx, calls }
}

export const ok = (text: string): ToolCallOutcome => ({ content: [{ type: 'text', text }], isError: false, text })
export const failed = (text: string): ToolCallOutcome => ({ content: [{ type: 'text', text }], isError: true, text })

/** A catalog entry as the harness shows it to agents: `server__tool`, with an object input schema. */
export function tool(server: string, name: string, description: string, inputSchema: Record<string, unknown>): AgentTool {
  return {
    name: `${server}__${name}`,
    server,
    tool: name,
    description,
    inputSchema: { type: 'object', ...inputSchema } as AgentTool['inputSchema'],
  }
}

const UNITS = ['meters', 'kilometers', 'miles', 'feet']
/** Four tools of four fixture servers, as a model would see them: the baseline agents' tests share it. */
export const smallCatalog: AgentTool[] = [
  tool('weather', 'get_weather_forecast_tool', 'Get the daily weather forecast for a city for a number of days.', {
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 10, default: 3 } },
    required: ['city'],
  }),
  tool('national-parks', 'getAlerts', 'Get current alerts (closures, cautions, dangers) for a national park.', {
    properties: { parkCode: { type: 'string' }, limit: { type: 'number' } },
  }),
  tool('math', 'sum', 'Adds any number of numbers together.', {
    properties: { numbers: { type: 'array', items: { type: 'number' }, minItems: 1 } },
    required: ['numbers'],
  }),
  tool('unit-converter', 'convert_length', 'Convert a length between units such as miles and kilometers.', {
    properties: {
      value: { type: 'number' },
      from_unit: { type: 'string', enum: UNITS, description: 'Source unit' },
      to_unit: { type: 'string', enum: UNITS, description: 'Target unit' },
    },
    required: ['value', 'from_unit', 'to_unit'],
  }),
]
