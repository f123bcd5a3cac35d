import OpenAI from 'openai'
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { modelClient, type ModelOptions } from '../runtime/agents/model-client.ts'
import type { UsageReport } from '../contracts/synth-report.ts'
import { UsageMeter } from './usage.ts'
import type { Prices } from '../contracts/prices.ts'

/**
 * The model that writes and scores tasks: any OpenAI-compatible chat model,
 * built as the agents build theirs (model from `--model` or MCP_BENCH_MODEL,
 * endpoint from OPENAI_BASE_URL, key from OPENAI_API_KEY, and the same
 * cassette store, MCP_BENCH_CASSETTE, so a recorded synthesis replays with no
 * model at all). Every request carries the run's seed, so the same inputs send
 * byte-identical requests.
 */
export interface SynthModel {
  readonly name: string
  /** One chat completion's text; its tokens are added to `usage()`. */
  complete(messages: ChatCompletionMessageParam[]): Promise<string>
  usage(): UsageReport
}

/** A failed request. `fatal`: every later request would fail the same way (bad key, unknown model, no endpoint). */
export class ModelRequestError extends Error {
  override name = 'ModelRequestError'
  constructor(
    message: string,
    readonly fatal: boolean,
  ) {
    super(message)
  }
}

export interface SynthModelOptions extends ModelOptions {
  seed: number
  /** Prices the tokens (the bundled table with the user's `prices` on top); the bundled table when left out. */
  prices?: Prices
}

export function synthModel(options: SynthModelOptions): SynthModel {
  const { model, client } = modelClient(options, 'mcp-bench synth')
  const meter = new UsageMeter(model, options.prices)
  return {
    name: model,
    usage: () => meter.totals(),
    async complete(messages) {
      let response: OpenAI.ChatCompletion
      try {
        response = await client().chat.completions.create({
          model,
          messages,
          seed: options.seed,
          ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        })
      } catch (error) {
        throw describe(error, model)
      }
      meter.add({ promptTokens: response.usage?.prompt_tokens ?? 0, completionTokens: response.usage?.completion_tokens ?? 0 })
      const content = response.choices?.[0]?.message?.content
      if (typeof content !== 'string') throw new ModelRequestError(`model ${model} returned no text`, false)
      return content
    },
  }
}

function describe(error: unknown, model: string): ModelRequestError {
  if (error instanceof OpenAI.APIConnectionError)
    return new ModelRequestError(`cannot reach the endpoint for ${model}: ${error.message}`, true)
  if (error instanceof OpenAI.APIError) {
    const status = error.status
    const message = (error.error as { message?: string } | undefined)?.message ?? error.message
    // Retried and still failing (429, 5xx), or one request the store could not answer (422, a cassette miss): this candidate only.
    const passing = status === undefined || status === 408 || status === 409 || status === 422 || status === 429 || status >= 500
    return new ModelRequestError(`model ${model}: HTTP ${status ?? '?'}: ${message}`, !passing)
  }
  return new ModelRequestError(`model ${model}: ${error instanceof Error ? error.message : String(error)}`, true)
}
