import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions'
import { completeTurn, modelClient, type ModelOptions } from './model-client.ts'
import type { Agent, AgentTool } from './types.ts'

export type OpenAIAgentOptions = ModelOptions

const DEFAULT_SYSTEM_PROMPT = [
  "You are an assistant that solves the user's task with the tools available to you.",
  'Call tools to get the information you need; call independent tools in parallel in one turn.',
  'When you have what you need, answer the user directly and ground every figure in the tool results.',
].join(' ')

/**
 * The native tool-calling loop on the Chat Completions API: each round the
 * model either calls tools (run concurrently) or answers. At maxRounds it is
 * asked once more, without tools, for its final answer (MCP-Bench's final
 * synthesis step).
 */
export function openaiAgent(options: OpenAIAgentOptions = {}): Agent {
  const { model, client } = modelClient(options, 'openaiAgent')
  const temperature = options.temperature
  return {
    name: options.name ?? model,
    async run(ctx) {
      const tools = ctx.tools.map(toOpenAITool)
      const maxTools = options.maxTools ?? 128
      if (tools.length > maxTools) {
        throw new Error(
          `task "${ctx.task.id}" offers ${tools.length} tools, more than this agent sends (${maxTools}; OpenAI's API accepts 128 functions): use fewer servers or distractors, or raise the agent's maxTools for an endpoint that accepts more`,
        )
      }
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: options.systemPrompt ?? DEFAULT_SYSTEM_PROMPT },
        { role: 'user', content: ctx.task.prompt },
      ]
      for (let i = 0; i < ctx.maxRounds; i++) {
        const round = ctx.nextRound()
        const message = await completeTurn(ctx, client(), { model, messages, tools, temperature })
        const calls = (message.tool_calls ?? []).filter((c) => c.type === 'function')
        if (calls.length === 0) return message.content ?? null
        messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls })
        const outcomes = await Promise.all(
          calls.map((call) => ctx.callTool(call.function.name, call.function.arguments, { id: call.id, round })),
        )
        calls.forEach((call, k) => messages.push({ role: 'tool', tool_call_id: call.id, content: outcomes[k]!.text }))
      }
      ctx.nextRound()
      messages.push({
        role: 'user',
        content: 'You have used every round available. Give your final answer now from what the tools returned.',
      })
      const final = await completeTurn(ctx, client(), { model, messages, temperature })
      return final.content ?? null
    },
  }
}

function toOpenAITool(entry: AgentTool): ChatCompletionTool {
  return {
    type: 'function',
    function: {
      name: entry.name,
      description: `[${entry.server}] ${entry.description}`.slice(0, 1024),
      parameters: entry.inputSchema as Record<string, unknown>,
    },
  }
}
