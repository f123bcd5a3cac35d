import OpenAI from 'openai'
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions'
import type { CatalogEntry } from '../servers/catalog.ts'
import type { TokenUsage } from '../trajectory/schema.ts'
import type { Agent, AgentContext } from './types.ts'
import { cassetteFetch, cassetteFromEnv, type CassetteOptions } from './cassette.ts'

export interface OpenAIAgentOptions {
  /** Model name; default MCP_BENCH_MODEL. */
  model?: string
  /** Row name on the leaderboard; default the model name. */
  name?: string
  /** Default OPENAI_BASE_URL (vLLM, Ollama, LM Studio, …), else OpenAI. */
  baseURL?: string
  /** Default OPENAI_API_KEY. Never recorded. */
  apiKey?: string
  temperature?: number
  /** SDK retries with backoff on 429, 5xx and connection errors (honours retry-after). */
  maxRetries?: number
  requestTimeoutMs?: number
  systemPrompt?: string
  /** An existing client (tests, custom fetch); overrides baseURL/apiKey. */
  client?: OpenAI
  /** Record model exchanges to, or replay them from, a cassette. Default: MCP_BENCH_CASSETTE / MCP_BENCH_CASSETTE_DIR. */
  cassette?: CassetteOptions
}

const DEFAULT_SYSTEM_PROMPT = [
  'You are an assistant that solves the user\'s task with the tools available to you.',
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
  const model = options.model ?? process.env.MCP_BENCH_MODEL
  if (!model) throw new Error('openaiAgent needs a model: pass { model } or set MCP_BENCH_MODEL')
  let client = options.client
  const getClient = () => (client ??= new OpenAI({
    apiKey: options.apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed-for-local-servers',
    baseURL: options.baseURL ?? process.env.OPENAI_BASE_URL,
    maxRetries: options.maxRetries ?? 4,
    timeout: options.requestTimeoutMs ?? 120_000,
    fetch: cassetteFetch(options.cassette ?? cassetteFromEnv(process.cwd())),
  }))
  return {
    name: options.name ?? model,
    run: (ctx) => toolLoop(ctx, getClient(), model, options),
  }
}

async function toolLoop(ctx: AgentContext, client: OpenAI, model: string, options: OpenAIAgentOptions): Promise<string | null> {
  const tools = ctx.tools.map(toOpenAITool)
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: options.systemPrompt ?? DEFAULT_SYSTEM_PROMPT },
    { role: 'user', content: ctx.task.prompt },
  ]
  for (let i = 0; i < ctx.maxRounds; i++) {
    const round = ctx.nextRound()
    const message = await complete(ctx, client, { model, messages, tools, temperature: options.temperature })
    const calls = (message.tool_calls ?? []).filter((c) => c.type === 'function')
    if (calls.length === 0) return message.content ?? null
    messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls })
    const outcomes = await Promise.all(calls.map((call) =>
      ctx.callTool(call.function.name, call.function.arguments, { id: call.id, round })))
    calls.forEach((call, k) => messages.push({ role: 'tool', tool_call_id: call.id, content: outcomes[k]!.text }))
  }
  ctx.nextRound()
  messages.push({ role: 'user', content: 'You have used every round available. Give your final answer now from what the tools returned.' })
  const final = await complete(ctx, client, { model, messages, temperature: options.temperature })
  return final.content ?? null
}

type Request = { model: string; messages: ChatCompletionMessageParam[]; tools?: ChatCompletionTool[]; temperature?: number }

async function complete(ctx: AgentContext, client: OpenAI, request: Request) {
  const started = performance.now()
  const body = {
    model: request.model,
    messages: request.messages,
    ...(request.tools?.length ? { tools: request.tools, tool_choice: 'auto' as const } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  }
  const response = await client.chat.completions.create(body, { signal: ctx.signal })
  const choice = response.choices?.[0]
  if (!choice?.message) {
    throw new Error(`model ${request.model} returned no message (response: ${JSON.stringify(response).slice(0, 300)})`)
  }
  const message = choice.message
  ctx.recordTurn({
    content: message.content ?? null,
    toolCalls: (message.tool_calls ?? []).filter((c) => c.type === 'function')
      .map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })),
    usage: toUsage(response.usage),
    finishReason: choice.finish_reason ?? null,
    durationMs: Math.round(performance.now() - started),
  })
  return message
}

function toUsage(usage: OpenAI.CompletionUsage | undefined): TokenUsage | null {
  if (!usage) return null
  return {
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
    totalTokens: usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0),
  }
}

export function toOpenAITool(entry: CatalogEntry): ChatCompletionTool {
  return {
    type: 'function',
    function: {
      name: entry.name,
      description: `[${entry.server}] ${entry.description}`.slice(0, 1024),
      parameters: entry.inputSchema as Record<string, unknown>,
    },
  }
}
