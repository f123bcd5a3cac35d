import OpenAI from 'openai'
import type { ChatCompletionMessage, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions'
import { cassetteFromEnv, storedFetch, type StoreOptions } from '../exchange-store.ts'
import { getRuntime } from '../state.ts'
import { wholeBodyFetch } from '../../lib/whole-body-fetch.ts'
import { withRequestSignal } from '../../lib/linked-signal.ts'
import type { ModelTurn } from '../../contracts/trajectory.ts'
import { readReply } from './reply-shape.ts'
import { endpointGate, endpointPool, gateOf, withGate } from '../limit/endpoint-gate.ts'
import type { AgentContext } from './types.ts'

/** What every agent that talks to an OpenAI-compatible model is configured with. */
export interface ModelOptions {
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
  cassette?: StoreOptions
  /** Most tools one request may carry (OpenAI's API accepts 128 functions); raise it for endpoints that take more. */
  maxTools?: number
  /**
   * Most requests in flight to this endpoint across the whole run (every worker); unset: only the run's task
   * limit bounds them. Either way a 429 halves the requests in flight and successes win them back.
   */
  concurrency?: number
}

/**
 * Clients without a cassette, by everything they are built from: the built-in agents are built for each task,
 * and without a cassette (whose keys hide the task's own paths) one task's client serves the next as well,
 * rather than a new client per task.
 */
const plainClients = new Map<string, OpenAI>()

/** The model name and a lazily built client (so a missing key fails in the task, not at import). */
export function modelClient(options: ModelOptions, agentKind: string): { model: string; client: () => OpenAI } {
  const model = options.model ?? process.env.MCP_BENCH_MODEL
  if (!model) throw new Error(`${agentKind} needs a model: pass { model } or set MCP_BENCH_MODEL`)
  let client = options.client
  const baseURL = options.baseURL ?? process.env.OPENAI_BASE_URL
  const build = () => {
    const cassette = options.cassette ?? cassetteFromEnv(process.cwd())
    const settings = {
      apiKey: options.apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed-for-local-servers',
      baseURL,
      maxRetries: options.maxRetries ?? 4,
      timeout: options.requestTimeoutMs ?? 120_000,
    }
    const key = cassette.mode === 'off' ? JSON.stringify([settings, options.concurrency ?? null]) : null
    const shared = key === null ? undefined : plainClients.get(key)
    if (shared) return shared
    const gate = endpointGate(endpointPool('agent', baseURL), options.concurrency)
    const built = withGate(
      new OpenAI({
        ...settings,
        // Built outside the harness's own agent settings (a `{ module }` agent's openaiAgent), it still keeps the run's secrets out of cassettes.
        fetch: storedFetch(options.cassette ?? { ...cassette, secrets: getRuntime()?.redactor.secrets }, gate.fetch(wholeBodyFetch())),
      }),
      gate,
    )
    if (key !== null) plainClients.set(key, built)
    return built
  }
  return { model, client: () => (client ??= build()) }
}

export interface CompletionRequest {
  model: string
  messages: ChatCompletionMessageParam[]
  tools?: ChatCompletionTool[]
  temperature?: number
  /** Sent as `max_tokens` when set (the released MCP-Bench executor's per-request limits). */
  maxTokens?: number
}

/** Turns asked for per task, so an id made up for a tool call is unique within its trajectory. */
const turnsAsked = new WeakMap<AgentContext, number>()

function nextTurn(ctx: AgentContext): number {
  const n = (turnsAsked.get(ctx) ?? 0) + 1
  turnsAsked.set(ctx, n)
  return n
}

/** What an agent adds to a turn's record once it has read the reply (the ReAct loop's parse error). */
export type TurnAnnotation = Pick<ModelTurn, 'parseError'>

/**
 * One chat completion, recorded as a model turn (content, tool calls, usage)
 * in the current round. `annotate` reads the reply before it is recorded, so
 * what the agent made of it is part of the same turn.
 */
export async function completeTurn(
  ctx: AgentContext,
  client: OpenAI,
  request: CompletionRequest,
  annotate?: (message: ChatCompletionMessage) => TurnAnnotation,
) {
  const started = performance.now()
  const body = {
    model: request.model,
    messages: request.messages,
    ...(request.tools?.length ? { tools: request.tools, tool_choice: 'auto' as const } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
  }
  // In a slot of the endpoint's pool (`concurrency`, adaptive on 429), when the client is one this package built.
  const gate = gateOf(client)
  const response = await withRequestSignal(ctx.signal, (signal) => {
    const create = (fetchOptions?: object) =>
      client.chat.completions.create(body, { signal, fetchOptions: fetchOptions as OpenAI.RequestOptions['fetchOptions'] })
    return gate ? gate.run(signal, create) : create()
  })
  const choice = Array.isArray(response.choices) ? response.choices[0] : undefined
  if (!choice?.message || typeof choice.message !== 'object') {
    throw new Error(`model ${request.model} returned no message (response: ${JSON.stringify(response).slice(0, 300)})`)
  }
  // The SDK does not check the reply: it is read here into the shape the loops and the trajectory use.
  const reply = readReply(choice.message, response.usage, choice.finish_reason, nextTurn(ctx))
  const message = reply.message
  ctx.recordTurn({
    content: message.content,
    toolCalls: (message.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })),
    usage: reply.usage,
    finishReason: reply.finishReason,
    durationMs: Math.round(performance.now() - started),
    // The answering model may name a dated snapshot (gpt-4o-mini-2024-07-18); prices are looked up by it.
    model: typeof response.model === 'string' && response.model ? response.model : request.model,
    ...(reply.notes.length ? { replyNotes: reply.notes } : {}),
    ...annotate?.(message),
  })
  if (reply.unusable) throw new Error(`model ${request.model} sent a reply that cannot be used: ${reply.unusable}`)
  return message
}
