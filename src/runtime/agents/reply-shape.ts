import type { ChatCompletionMessage, ChatCompletionMessageFunctionToolCall } from 'openai/resources/chat/completions'
import { ModelTurnSchema, type ModelTurn, type TokenUsage } from '../../contracts/trajectory.ts'

/**
 * OpenAI-compatible servers (vLLM, Ollama, LM Studio, proxies) bend the Chat
 * Completions format in ways the SDK passes through unchecked: tool-call
 * `arguments` as an object, a tool call without `id`, `content` as an array
 * of parts, fractional or negative token counts. Such a reply is read here,
 * where it arrives, into the one shape the agents and the trajectory use, and
 * each change is noted on the turn. What cannot be read (a tool call with no
 * name) is the model's failure: the turn is still recorded, then the agent
 * stops with an error that says what was wrong.
 */
export interface ReadReply {
  message: Omit<ChatCompletionMessage, 'tool_calls'> & { tool_calls?: ChatCompletionMessageFunctionToolCall[] }
  usage: TokenUsage | null
  finishReason: string | null
  /** What was changed to read the reply, for the turn's record. */
  notes: string[]
  /** Why the reply cannot be used, when it cannot. */
  unusable?: string
}

/** `turn` numbers the request within the task, for the ids made up for tool calls that came without one. */
export function readReply(raw: unknown, rawUsage: unknown, rawFinish: unknown, turn: number): ReadReply {
  const notes: string[] = []
  const source = (raw ?? {}) as Record<string, unknown>
  const content = readContent(source.content, notes)
  const calls: ChatCompletionMessageFunctionToolCall[] = []
  let unusable: string | undefined
  const list = source.tool_calls
  if (list !== undefined && list !== null && !Array.isArray(list)) notes.push(`tool_calls was ${typeOf(list)}, not a list: ignored`)
  for (const [i, item] of (Array.isArray(list) ? list : []).entries()) {
    const call = (item ?? {}) as Record<string, unknown>
    const fn = (call.function ?? {}) as Record<string, unknown>
    if (call.type !== undefined && call.type !== 'function') continue // custom tools: not ours to run
    if (typeof fn.name !== 'string' || fn.name === '') {
      unusable ??= `tool_calls[${i}] has no function name (${JSON.stringify(item)?.slice(0, 200)})`
      continue
    }
    let id = typeof call.id === 'string' && call.id !== '' ? call.id : ''
    if (!id || calls.some((c) => c.id === id)) {
      id = `call_t${turn}_${i}`
      notes.push(`tool_calls[${i}] had ${typeof call.id === 'string' && call.id ? 'a repeated' : 'no'} id: given ${id}`)
    }
    calls.push({ id, type: 'function', function: { name: fn.name, arguments: readArguments(fn.arguments, i, notes) } })
  }
  return {
    message: {
      role: 'assistant',
      content,
      refusal: typeof source.refusal === 'string' ? source.refusal : null,
      ...(calls.length ? { tool_calls: calls } : {}),
    } as ReadReply['message'],
    usage: readUsage(rawUsage, notes),
    finishReason: typeof rawFinish === 'string' ? rawFinish : null,
    notes,
    ...(unusable ? { unusable } : {}),
  }
}

function readContent(content: unknown, notes: string[]): string | null {
  if (content === undefined || content === null) return null
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    // Content parts: text (and refusal) parts are the message; images or audio are not something to answer with.
    const texts = content.flatMap((part) => {
      if (typeof part === 'string') return [part]
      const p = (part ?? {}) as Record<string, unknown>
      if (typeof p.text === 'string') return [p.text]
      if (typeof p.refusal === 'string') return [p.refusal]
      return []
    })
    if (content.length) notes.push(`content came as ${content.length} part${content.length === 1 ? '' : 's'}: their text joined`)
    return texts.length ? texts.join('') : null
  }
  notes.push(`content was ${typeOf(content)}: recorded as JSON`)
  return JSON.stringify(content)
}

function readArguments(args: unknown, i: number, notes: string[]): string {
  if (typeof args === 'string') return args
  if (args === undefined || args === null) {
    notes.push(`tool_calls[${i}] had no arguments: {} sent`)
    return '{}'
  }
  notes.push(`tool_calls[${i}].arguments came as ${typeOf(args)}, not a JSON string: serialised`)
  return JSON.stringify(args)
}

function readUsage(raw: unknown, notes: string[]): TokenUsage | null {
  if (raw === undefined || raw === null || typeof raw !== 'object') return null
  const u = raw as Record<string, unknown>
  const promptTokens = count(u.prompt_tokens, 'prompt_tokens', notes)
  const completionTokens = count(u.completion_tokens, 'completion_tokens', notes)
  const total = u.total_tokens === undefined || u.total_tokens === null ? undefined : count(u.total_tokens, 'total_tokens', notes)
  return { promptTokens, completionTokens, totalTokens: total ?? promptTokens + completionTokens }
}

/**
 * More tokens than any model's turn could hold (context windows are a few million at most). A count past it is
 * a broken or hostile endpoint's number, not a measurement: 2^53 + 1 or 1e308 would fail the trajectory's
 * schema (a safe integer) or make the run's totals and costs meaningless, so it is not counted, and said.
 */
const MAX_TURN_TOKENS = 1_000_000_000

/** A token count as a whole number of tokens: fractions rounded, anything negative, not a number or past MAX_TURN_TOKENS is none. */
function count(value: unknown, field: string, notes: string[]): number {
  if (value === undefined || value === null) return 0
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
    notes.push(`usage.${field} was ${shown(value)}: counted as 0`)
    return 0
  }
  if (n > MAX_TURN_TOKENS) {
    notes.push(`usage.${field} was ${shown(value)}, more than any model's turn holds (${MAX_TURN_TOKENS}): counted as 0`)
    return 0
  }
  if (!Number.isInteger(n) || typeof value !== 'number') notes.push(`usage.${field} was ${shown(value)}: counted as ${Math.round(n)}`)
  return Math.round(n)
}

/** A value as the note shows it: JSON, cut short (a string count may be a megabyte long). */
function shown(value: unknown): string {
  const text = typeof value === 'bigint' ? `${value}` : (JSON.stringify(value) ?? String(value))
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value === null) return 'null'
  return `${/^[aeiou]/.test(typeof value) ? 'an' : 'a'} ${typeof value}`
}

const TurnSchema = ModelTurnSchema.omit({ round: true })
type Turn = Omit<ModelTurn, 'round'>

/**
 * A turn as any agent records it (a `{ module }` agent calls `recordTurn`
 * itself), checked before it joins the trajectory: token counts are made
 * whole as above, and a turn that still does not fit the trajectory's
 * schema is refused with the field that is wrong, so the agent stops with
 * that error and the trajectory so far is kept, instead of the whole record
 * being rejected when it reaches the main process.
 */
export function checkedTurn(turn: Turn): Turn {
  const notes: string[] = []
  const raw = turn as unknown as Record<string, unknown>
  const usage = raw.usage && typeof raw.usage === 'object' ? (raw.usage as Record<string, unknown>) : undefined
  const fixed: Record<string, unknown> = usage
    ? {
        ...raw,
        usage: {
          promptTokens: count(usage.promptTokens, 'promptTokens', notes),
          completionTokens: count(usage.completionTokens, 'completionTokens', notes),
          totalTokens: count(usage.totalTokens, 'totalTokens', notes),
        },
      }
    : { ...raw }
  if (typeof fixed.durationMs === 'number' && (!Number.isFinite(fixed.durationMs) || fixed.durationMs < 0)) fixed.durationMs = 0
  if (notes.length) fixed.replyNotes = [...((raw.replyNotes as string[] | undefined) ?? []), ...notes]
  const parsed = TurnSchema.safeParse(fixed)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  throw new Error(`the agent recorded a model turn the trajectory cannot hold: ${issue.path.join('.') || '(turn)'}: ${issue.message}`)
}
