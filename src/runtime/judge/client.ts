import OpenAI from 'openai'
import { cassetteFromEnv, STORE_HIT_HEADER, storedFetch, type StoreOptions } from '../exchange-store.ts'
import type { Secret } from '../../lib/redact.ts'
import { wholeBodyFetch } from '../../lib/whole-body-fetch.ts'
import { withRequestSignal } from '../../lib/linked-signal.ts'
import { endpointGate, endpointPool } from '../limit/endpoint-gate.ts'
import type { ResolvedJudgeConfig } from './config.ts'
import type { JudgeUsage } from '../../contracts/judge-result.ts'

const DEFAULT_BASE_URL = 'https://api.openai.com/v1'

interface ChatReply {
  content: string | null
  finishReason: string | null
  usage: JudgeUsage
  /** Answered from the judge cache (or a cassette being recorded), with no request sent; a replayed reply counts as the recorded run counted it. */
  cached: boolean
}

/** A request that failed for good. `fatal` means retrying other samples is pointless (bad key, unknown model, …). */
export class JudgeRequestError extends Error {
  constructor(
    message: string,
    readonly fatal: boolean,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'JudgeRequestError'
  }
}

export interface ChatClient {
  baseURL: string
  complete(body: Record<string, unknown>, signal?: AbortSignal): Promise<ChatReply>
}

/**
 * A chat-completions client for the judge. Retries are the openai SDK's
 * (backoff on 408/409/429/5xx and connection errors, honouring
 * `retry-after`). Replies come from the judge cache when it has them: the
 * exchange store in `cache` mode, or the run's cassette when one is recording
 * or replaying, so a replayed run is judged with no request at all.
 */
export function createChatClient(
  config: ResolvedJudgeConfig,
  keep: (reply: unknown) => boolean,
  secrets: readonly Secret[] = [],
): ChatClient {
  const baseURL = config.baseURL ?? DEFAULT_BASE_URL
  const gate = endpointGate(endpointPool('judge', baseURL), config.concurrency)
  const openai = new OpenAI({
    apiKey: config.apiKey ?? 'no-api-key',
    baseURL,
    maxRetries: config.maxRetries,
    timeout: config.timeoutMs,
    defaultHeaders: config.headers,
    fetch: storedFetch({ ...storeFor(config, keep), secrets }, gate.fetch(wholeBodyFetch())),
  })
  return {
    baseURL,
    async complete(body, signal) {
      try {
        // In a slot of the judge endpoint's pool (`concurrency`, across the run; adaptive on 429).
        const { data, response } = await withRequestSignal(signal, (request) =>
          gate.run(request, (fetchOptions) =>
            openai.chat.completions
              .create(body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, {
                signal: request,
                fetchOptions: fetchOptions as OpenAI.RequestOptions['fetchOptions'],
              })
              .withResponse(),
          ),
        )
        const choice = data.choices?.[0]
        const u = data.usage
        return {
          content: choice?.message?.content ?? null,
          finishReason: choice?.finish_reason ?? null,
          usage: {
            promptTokens: u?.prompt_tokens ?? 0,
            completionTokens: u?.completion_tokens ?? 0,
            totalTokens: u?.total_tokens ?? (u?.prompt_tokens ?? 0) + (u?.completion_tokens ?? 0),
          },
          cached: response.headers.get(STORE_HIT_HEADER) === 'hit',
        }
      } catch (error) {
        // Aborted while still waiting for a slot: the same `aborted` as an abort the SDK saw.
        if (signal?.aborted && !(error instanceof OpenAI.APIError)) throw new JudgeRequestError('aborted', true)
        throw describe(error, config)
      }
    },
  }
}

function storeFor(config: ResolvedJudgeConfig, keep: (reply: unknown) => boolean): StoreOptions {
  const cassette = cassetteFromEnv(process.cwd())
  if (cassette.mode === 'replay') return cassette
  // Recorded whole, unparseable replies too, so the replay reads what the run read (exchange-store.ts: keepAll).
  if (cassette.mode === 'record') return { mode: 'cache', dir: cassette.dir, keep, keepAll: true }
  return config.cacheDir ? { mode: 'cache', dir: config.cacheDir, keep } : { mode: 'off', dir: '' }
}

/** The SDK's error in a sentence, and whether asking again could help. */
function describe(error: unknown, config: ResolvedJudgeConfig): JudgeRequestError {
  if (error instanceof OpenAI.APIUserAbortError) return new JudgeRequestError('aborted', true)
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new JudgeRequestError(`timed out after ${config.timeoutMs} ms${attempts(config)}`, false)
  if (error instanceof OpenAI.APIConnectionError)
    return new JudgeRequestError(`connection error: ${error.message}${attempts(config)}`, false)
  if (error instanceof OpenAI.APIError) {
    const status = error.status
    const transient = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500
    const message = (error.error as { message?: string } | undefined)?.message ?? error.message
    return new JudgeRequestError(
      `HTTP ${status ?? '?'}${message ? `: ${message}` : ''}${transient ? attempts(config) : ''}`,
      !transient,
      status,
    )
  }
  return new JudgeRequestError(error instanceof Error ? error.message : String(error), true)
}

function attempts(config: ResolvedJudgeConfig): string {
  return config.maxRetries > 0 ? ` (after ${config.maxRetries + 1} attempts)` : ''
}
