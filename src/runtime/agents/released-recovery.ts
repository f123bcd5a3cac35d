import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { pySlice } from '../judge/released-evidence.ts'
import type { ReleasedWording } from './released-wording.ts'

/**
 * What MCP-Bench's released code does when a model request fails, and how it keeps the planner's history
 * small (agent/executor.py, agent/execution_context.py, llm/provider.py, commit 09e5233). No wording lives
 * here: that is the user's checkout's (or this project's), through `ReleasedWording`.
 */

/** One request to the model: its reply text, or an error. */
export type Ask = (messages: ChatCompletionMessageParam[], maxTokens: number) => Promise<string>

/** Waits `ms`; injectable so that tests do not sleep. Rejects when the task is aborted. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop)
      resolve()
    }, ms)
    const stop = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', stop, { once: true })
  })

/** llm/provider.py `get_completion`: three attempts, 1 s then 2 s apart; an empty reply is a failure; a content filter's refusal is not retried. */
const PROVIDER_ATTEMPTS = 3

export function providerAsk(once: Ask, wording: ReleasedWording, sleep: Sleep, signal: AbortSignal): Ask {
  return async (messages, maxTokens) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const text = await once(messages, maxTokens)
        if (text.trim() === '') throw new Error('the model sent an empty reply')
        return text.trim()
      } catch (error) {
        if (signal.aborted || wording.isContentFilter(error) || attempt === PROVIDER_ATTEMPTS - 1) throw error
        await sleep(2 ** attempt * 1000, signal)
      }
    }
  }
}

/** The planner's history, shortened in place when a request fails; the judge reads the trajectory, never this. */
export interface History {
  text: string
}

/** Python's `len(text) // 4`, the executor's token estimate. */
const tokensOf = (text: string) => Math.floor(Array.from(text).length / 4)

/**
 * `compress_accumulated_information`: nothing to do under the target; else the model shortens the history
 * (max_tokens = the target), and when its reply is no shorter or the request fails, the rules do. True when
 * the history changed.
 */
export async function compressHistory(history: History, ask: Ask, wording: ReleasedWording): Promise<boolean> {
  const target = wording.limits.compressionTargetTokens
  const before = tokensOf(history.text)
  if (!history.text || before <= target) return false
  try {
    const shorter = await ask(wording.compression(history.text, target), target)
    if (tokensOf(shorter) < before) {
      history.text = shorter.trim()
      return true
    }
  } catch {
    // the rules below, as the executor falls back to them
  }
  history.text = compressByRules(history.text, target, wording.compressionRules)
  return true
}

/**
 * `_fallback_rule_based_compression`: without round markers, a note and the history's end; with them, the part
 * before the first round, a note for the middle rounds and the last two rounds; still too long, its start and
 * end with a note between. Slices count code points, as Python's do.
 */
export function compressByRules(text: string, target: number, rules: ReleasedWording['compressionRules']): string {
  const chars = Array.from(text)
  const parts = text.split(rules.marker)
  if (parts.length <= 1) return rules.early + chars.slice(Math.max(0, chars.length - target * 4)).join('')
  const recent = parts.length > 2 ? parts.slice(-2) : parts.slice(1)
  const middle = parts.length - 1 - recent.length
  const kept = [parts[0]!.trim()]
  if (middle > 0) kept.push(rules.middle.replace('{{LAST}}', String(middle + 1)))
  for (const r of recent) if (r.trim()) kept.push(rules.marker + r)
  let out = kept.join('\n\n')
  const outChars = Array.from(out)
  if (tokensOf(out) > target && outChars.length > target * 4) {
    const half = Math.floor((target * 4) / 2)
    out = pySlice(out, half) + rules.cut + outChars.slice(outChars.length - half).join('')
  }
  return out
}

/** agent/execution_context.py: the counters of one planning round's retries. */
class RetryState {
  compressed = false
  reduction = 0
  formatFixes = 0
  round = 1
  task = 1
  static readonly MAX_FORMAT_FIXES = 5
  static readonly MAX_ROUNDS = 3
  static readonly MAX_TASK_RETRIES = 3
  constructor(private readonly factors: readonly number[]) {}
  canReduce() {
    return this.reduction < this.factors.length
  }

  /** `apply_token_reduction`, which counts one more reduction each time it is applied, as the released code does. */
  applyReduction(original: number): number {
    if (!this.canReduce()) return original
    this.reduction++
    const factor = this.factors[this.reduction - 1]
    return factor === undefined ? original : Math.trunc(original * factor)
  }
}

/** One round's plan as the executor reads it: a JSON object with `should_continue`, or null. */
export type ReadPlan<P> = (text: string) => P | null

/** Pauses between failed planning rounds (`asyncio.sleep(60)`). */
const ROUND_RETRY_WAIT_MS = 60_000

/**
 * `_plan_next_actions`: the planning request, retried as the released executor retries it. A reply that is no
 * plan gets a format fix (`fix`, which always gives a plan). A failed request: on a token limit, max_tokens
 * reduced (then the history compressed once); on any other error, the history compressed once; else the
 * round of attempts fails, and after 60 s another starts (two rounds per try, three tries less one: four
 * attempts). When every attempt fails, null: the task stops as a plan not to continue would stop it.
 */
export async function planWithRecovery<P>(options: {
  request: (maxTokens: number) => Promise<string>
  read: ReadPlan<P>
  fix: (reply: string) => Promise<P>
  compress: () => Promise<boolean>
  wording: ReleasedWording
  sleep: Sleep
  signal: AbortSignal
}): Promise<P | null> {
  const { wording } = options
  const state = new RetryState(wording.limits.tokenReductionFactors)
  const original = wording.limits.planningTokens
  while (state.task < RetryState.MAX_TASK_RETRIES) {
    while (state.round < RetryState.MAX_ROUNDS) {
      let plan: P | null = null
      for (;;) {
        try {
          const maxTokens = state.reduction > 0 ? state.applyReduction(original) : original
          const text = await options.request(maxTokens)
          plan = options.read(text)
          if (plan) break
          if (state.formatFixes >= RetryState.MAX_FORMAT_FIXES) break
          state.formatFixes++
          plan = await options.fix(text)
          break
        } catch (error) {
          if (options.signal.aborted) throw error
          if (wording.isTokenLimit(error)) {
            if (state.canReduce()) {
              state.reduction++
              continue
            }
            if (!state.compressed && (await options.compress())) {
              state.compressed = true
              state.reduction = 0
              continue
            }
          } else if (!state.compressed && (await options.compress())) {
            state.compressed = true
            state.reduction = 0
            continue
          }
          break
        }
      }
      if (plan) return plan
      // `start_new_round` (the loop's own condition guarantees a round is left): the compression state stays.
      await options.sleep(ROUND_RETRY_WAIT_MS, options.signal)
      state.round++
      state.reduction = 0
      state.formatFixes = 0
    }
    // `start_new_task_retry`: every counter but the tries starts again, compression included.
    state.task++
    state.round = 1
    state.reduction = 0
    state.formatFixes = 0
    state.compressed = false
  }
  return null
}
