import type { AgentTool } from './types.ts'

/**
 * The catalog as text, for agents that describe tools in the prompt instead
 * of passing them as native `tools` (the planner and the ReAct loop): each
 * tool's qualified name, description and input schema.
 */
export function describeTools(tools: AgentTool[]): string {
  return tools.map((t) => `- ${t.name}: ${t.description}\n  parameters (JSON Schema): ${JSON.stringify(t.inputSchema)}`).join('\n')
}
