import OpenAI from 'openai'
import type { ResolvedJudgeConfig } from './config.ts'
import type { JudgeUsage } from './schema.ts'

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1'

export interface ChatReply {
  content: string | null
  finishReason: string | null
  usage: JudgeUsage
  /** Requests sent, retries included. */
  attempts: number
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

type Classified = { retryable: boolean; fatal: boolean; reason: string; status?: number; delayMs?: number }

function header(headers: unknown, name: string): string | null {
  if (headers && typeof (headers as Headers).get === 'function') return (headers as Headers).get(name)
  return null
}

function classify(err: unknown, timeoutMs: number): Classified {
  if (err instanceof OpenAI.APIUserAbortError) return { retryable: false, fatal: true, reason: 'aborted' }
  if (err instanceof OpenAI.APIConnectionTimeoutError) return { retryable: true, fatal: false, reason: `timed out after ${timeoutMs} ms` }
  if (err instanceof OpenAI.APIConnectionError) return { retryable: true, fatal: false, reason: `connection error: ${err.message}` }
  if (err instanceof OpenAI.APIError) {
    const status = err.status
    const should = header(err.headers, 'x-should-retry')
    const transient = status === 408 || status === 409 || status === 429 || (status !== undefined && status >= 500)
    const retryable = should === 'true' ? true : should === 'false' ? false : transient
    let delayMs: number | undefined
    const ms = Number(header(err.headers, 'retry-after-ms'))
    if (Number.isFinite(ms) && ms >= 0 && header(err.headers, 'retry-after-ms') !== null) delayMs = ms
    else {
      const ra = header(err.headers, 'retry-after')
      if (ra !== null) {
        const secs = Number(ra)
        delayMs = Number.isFinite(secs) ? secs * 1000 : Math.max(0, Date.parse(ra) - Date.now())
      }
    }
    const message = (err.error as { message?: string } | undefined)?.message ?? err.message
    return {
      retryable,
      fatal: !transient && status !== undefined,
      reason: `HTTP ${status ?? '?'}${message ? `: ${message}` : ''}`,
      status,
      delayMs,
    }
  }
  return { retryable: false, fatal: true, reason: err instanceof Error ? err.message : String(err) }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new JudgeRequestError('aborted', true))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new JudgeRequestError('aborted', true))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

export interface ChatClient {
  baseURL: string
  complete(body: Record<string, unknown>, signal?: AbortSignal): Promise<ChatReply>
}

/** A chat-completions client with our own retry loop (the SDK's is switched off so delays are configurable). */
export function createChatClient(config: ResolvedJudgeConfig): ChatClient {
  const baseURL = config.baseURL ?? DEFAULT_BASE_URL
  const openai = new OpenAI({
    apiKey: config.apiKey ?? 'no-api-key',
    baseURL,
    maxRetries: 0,
    timeout: config.timeoutMs,
    defaultHeaders: config.headers,
  })
  return {
    baseURL,
    async complete(body, signal) {
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await openai.chat.completions.create(body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, {
            signal,
            timeout: config.timeoutMs,
            maxRetries: 0,
          })
          const choice = res.choices?.[0]
          const u = res.usage
          return {
            content: choice?.message?.content ?? null,
            finishReason: choice?.finish_reason ?? null,
            usage: {
              promptTokens: u?.prompt_tokens ?? 0,
              completionTokens: u?.completion_tokens ?? 0,
              totalTokens: u?.total_tokens ?? (u?.prompt_tokens ?? 0) + (u?.completion_tokens ?? 0),
            },
            attempts: attempt + 1,
          }
        } catch (err) {
          if (err instanceof JudgeRequestError) throw err
          const c = classify(err, config.timeoutMs)
          if (signal?.aborted) throw new JudgeRequestError('aborted', true)
          if (!c.retryable || attempt >= config.maxRetries) {
            const tries = attempt + 1
            throw new JudgeRequestError(`${c.reason}${tries > 1 ? ` (after ${tries} attempts)` : ''}`, c.fatal, c.status)
          }
          const backoff = Math.min(config.maxRetryDelayMs, config.retryDelayMs * 2 ** attempt) * (0.75 + Math.random() * 0.25)
          await sleep(Math.min(c.delayMs ?? backoff, 60_000), signal)
        }
      }
    },
  }
}
