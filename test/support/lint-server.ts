import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

/**
 * An in-process server whose tool list has one of each thing `mcp-bench lint-tools` warns about, and one clean
 * tool, for test/lint/lint-tools.integration.test.ts. The low-level Server, so every schema goes out as written.
 */
export const LINT_TOOLS = [
  {
    name: 'get_weather',
    description: 'Get the current weather conditions for a city, with temperature and wind speed.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', description: 'The city name, e.g. "Paris".' } },
      required: ['city'],
    },
  },
  {
    name: 'get_weather_forecast',
    description: 'Get the weather conditions for a city, with temperature and wind speed, for the coming days.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'The city name.' },
        units: { type: 'string', description: "Either 'metric' or 'imperial'." },
        days: { description: 'How many days ahead.' },
      },
    },
  },
  { name: 'lookup', description: 'Looks things up.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
  {
    name: 'store_report',
    description: 'Store a structured report of measurements taken at several stations over a period of time.',
    inputSchema: {
      type: 'object',
      properties: {
        report: {
          type: 'object',
          description: 'The report.',
          properties: {
            stations: {
              type: 'array',
              description: 'Stations.',
              items: { type: 'object', properties: { readings: { type: 'array', description: 'Readings.', items: { type: 'number' } } } },
            },
          },
        },
        value: {
          description: 'A value.',
          anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }, { type: 'array' }],
        },
        unit: { $ref: '#/$defs/unit', description: 'Its unit.' },
      },
    },
  },
]

export function createServer(): Server {
  const server = new Server({ name: 'lint-probe', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LINT_TOOLS }))
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: 'ok' }] }))
  return server
}
