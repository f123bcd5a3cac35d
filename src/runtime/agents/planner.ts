import type OpenAI from 'openai'
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { extractJsonObjects } from '../../lib/tolerant-json.ts'
import { truncate } from '../../lib/text.ts'
import { completeTurn, modelClient, type ModelOptions } from './model-client.ts'
import { describeTools } from './tool-list.ts'
import type { Agent, AgentContext } from './types.ts'

export interface PlannerAgentOptions extends ModelOptions {
  /** Tool output longer than this is shortened in the history the planner sees. Default 2,000. */
  observationChars?: number
  /** How: `truncate` (default) cuts it; `model` has the model summarise it, as MCP-Bench's compression step does. */
  compress?: 'truncate' | 'model'
  /**
   * A plan with `should_continue: false` and calls: `execute` (default) runs them, then stops, as the
   * paper's Algorithm 1 does; `drop` stops without running them, as MCP-Bench's released executor does
   * (agent/executor.py:116 breaks before `_execute_planned_tools`).
   */
  stoppingPlan?: 'execute' | 'drop'
  /**
   * `released-code`: the control flow of MCP-Bench's released executor (agent/executor.py), in this project's
   * words: an unreadable plan gets one request to fix its format, then the task stops (a bare JSON list is
   * read as the planned tools); `should_continue` is required and read as Python does; a stopping plan's
   * calls are dropped; `sequentialTools` run one at a time before the rest, and the rest are sent grouped by
   * server; results over 4,000 characters are replaced by the model's summary cut to 4,000 (errors 1,000), or
   * cut themselves when summarising fails; the history says whether each call succeeded; `parameters` reach
   * the recorder as the model wrote them. Default: the project's own loop.
   */
  executor?: 'project' | 'released-code'
  /**
   * With `executor: 'released-code'`: tools (qualified names) called one at a time. Default: MCP-Bench's
   * `sequential_only_tools` (config/benchmark_config.yaml), Google Maps's, under the key `mcp-bench import` gives it.
   */
  sequentialTools?: readonly string[]
}

interface PlannedCall {
  tool: string
  parameters: unknown
}

interface Plan {
  reasoning: string
  continue: boolean
  calls: PlannedCall[]
}

/**
 * MCP-Bench's multi-turn planning agent (its Algorithm 1), for models with
 * no native tool calling: each round the model writes a JSON plan of tool
 * calls, the calls of a plan run in parallel, their (shortened) results join
 * the history, and the model decides whether to go on. After the last round
 * it writes the final answer from the whole history. Works with any chat
 * model, since tools are described in the prompt, not passed as `tools`.
 */
export function plannerAgent(options: PlannerAgentOptions = {}): Agent {
  const { model, client } = modelClient(options, 'plannerAgent')
  if (options.executor === 'released-code') return releasedPlanner(options, model, client)
  return {
    name: options.name ?? `${model} (planner)`,
    async run(ctx) {
      const history: string[] = []
      for (let i = 0; i < ctx.maxRounds; i++) {
        const round = ctx.nextRound()
        const reply = await completeTurn(ctx, client(), {
          model, temperature: options.temperature, messages: planningPrompt(ctx, history, options.systemPrompt, i + 1),
        })
        const plan = parsePlan(reply.content ?? '')
        if (typeof plan === 'string') {
          history.push(`Round ${round}: your reply could not be read as a plan (${plan}). Reply with the JSON object only.`)
          continue
        }
        if (!plan.continue && options.stoppingPlan === 'drop') break
        const outcomes = await Promise.all(plan.calls.map((c) => ctx.callTool(c.tool, c.parameters, { round })))
        const max = options.observationChars ?? 2_000
        const observations = await Promise.all(outcomes.map((o) => o.text.length <= max ? o.text
          : options.compress === 'model' ? summarise(ctx, client, model, o.text, options.temperature) : truncate(o.text, max)))
        history.push(describeRound(round, plan, observations))
        if (!plan.continue || plan.calls.length === 0) break
      }
      ctx.nextRound()
      const final = await completeTurn(ctx, client(), { model, temperature: options.temperature, messages: finalPrompt(ctx, history) })
      return final.content ?? null
    },
  }
}

function planningPrompt(ctx: AgentContext, history: string[], systemPrompt: string | undefined, planningRound: number): ChatCompletionMessageParam[] {
  const system = [
    systemPrompt ?? 'You solve the user\'s task by planning tool calls, round by round.',
    'Each round, reply with one JSON object and nothing else:',
    '{"reasoning": "<what you need next and why>", "should_continue": true, "planned_tools": [{"tool": "<exact tool name>", "parameters": {…}}]}',
    'Tools in one round run in parallel, so put only independent calls together; a call that needs another\'s result goes in a later round.',
    'Set "should_continue" to false, with no planned tools, when you have what you need.',
    '',
    'Available tools:',
    describeTools(ctx.tools),
  ].join('\n')
  // The round and the budget, as MCP-Bench's planning prompt gives them ("CURRENT ROUND: n", max_execution_rounds),
  // so the model can plan to finish in time.
  const user = [`Task: ${ctx.task.prompt}`, '', `Planning round ${planningRound} of at most ${ctx.maxRounds}.`, '', history.length ? `What you have done so far:\n${history.join('\n\n')}` : 'Nothing has been done yet.'].join('\n')
  return [{ role: 'system', content: system }, { role: 'user', content: user }]
}

function finalPrompt(ctx: AgentContext, history: string[]): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: 'Answer the user\'s task from the tool results below. Ground every figure in them; say plainly what could not be found.' },
    { role: 'user', content: `Task: ${ctx.task.prompt}\n\nTool results:\n${history.join('\n\n') || '(no tools were called)'}` },
  ]
}

/** The plan in a reply, or the reason it could not be read. */
export function parsePlan(text: string): Plan | string {
  const candidates = extractJsonObjects(text)
  const obj = candidates.find((o) => Array.isArray(o.planned_tools) || 'should_continue' in o)
  if (!obj) return candidates.length ? 'no "planned_tools" or "should_continue" in the JSON' : 'no JSON object'
  const raw = Array.isArray(obj.planned_tools) ? obj.planned_tools : []
  const calls = raw.flatMap((c): PlannedCall[] => {
    const call = c as { tool?: unknown; name?: unknown; parameters?: unknown; arguments?: unknown }
    const tool = typeof call.tool === 'string' ? call.tool : typeof call.name === 'string' ? call.name : undefined
    return tool ? [{ tool, parameters: call.parameters ?? call.arguments ?? {} }] : []
  })
  return { reasoning: String(obj.reasoning ?? ''), continue: obj.should_continue !== false, calls }
}

function describeRound(round: number, plan: Plan, observations: string[]): string {
  const lines = [`Round ${round}: ${plan.reasoning}`]
  plan.calls.forEach((c, i) => lines.push(`- ${c.tool} ${JSON.stringify(c.parameters)} →\n${observations[i]}`))
  return lines.join('\n')
}


/** MCP-Bench's π_compress: the model shortens a long observation, keeping what the task needs (a recorded turn). */
async function summarise(ctx: AgentContext, client: () => OpenAI, model: string, text: string, temperature?: number, maxTokens?: number): Promise<string> {
  const reply = await completeTurn(ctx, client(), {
    model, temperature, maxTokens,
    messages: [
      { role: 'system', content: 'Summarise this tool output for the task below. Keep every figure, name, date and id the task may need; drop the rest.' },
      { role: 'user', content: `Task: ${ctx.task.prompt}\n\nTool output:\n${text}` },
    ],
  })
  return `(summary) ${reply.content ?? ''}`
}

// ---------------------------------------------------------------------------
// The released executor's control flow (agent/executor.py, commit 09e5233): see `executor` above.

/** content_summary_threshold (1,000 tokens at 4 characters each), content_truncate_length, error_truncate_length. */
const RELEASED_SUMMARY_CHARS = 4_000
const RELEASED_RESULT_CUT = 4_000
const RELEASED_ERROR_CUT = 1_000
/** planning_tokens, format_conversion_tokens, summarization_max_tokens: each request's max_tokens. */
const RELEASED_PLANNING_TOKENS = 12_000
const RELEASED_FORMAT_FIX_TOKENS = 8_000
const RELEASED_SUMMARY_TOKENS = 10_000
const MCP_BENCH_SEQUENTIAL_TOOLS = ['search_nearby', 'get_place_details', 'maps_geocode', 'maps_reverse_geocode', 'maps_distance_matrix', 'maps_directions', 'maps_elevation']
  .map((tool) => `google-maps__${tool}`)

interface ReleasedPlan {
  continue: boolean
  calls: PlannedCall[]
}

function releasedPlanner(options: PlannerAgentOptions, model: string, client: () => OpenAI): Agent {
  const sequential = new Set(options.sequentialTools ?? MCP_BENCH_SEQUENTIAL_TOOLS)
  return {
    name: options.name ?? `${model} (planner)`,
    async run(ctx) {
      const history: string[] = []
      for (let i = 0; i < ctx.maxRounds; i++) {
        const round = ctx.nextRound()
        const reply = await completeTurn(ctx, client(), {
          model, temperature: options.temperature, messages: planningPrompt(ctx, history, options.systemPrompt, i + 1), maxTokens: RELEASED_PLANNING_TOKENS,
        })
        const text = reply.content ?? ''
        let plan = readReleasedPlan(text)
        if (!plan) {
          // One request to fix the format; what it cannot fix stops the task (a bare list is read as the planned tools).
          const fixed = await completeTurn(ctx, client(), { model, temperature: options.temperature, messages: formatFixPrompt(text), maxTokens: RELEASED_FORMAT_FIX_TOKENS })
          plan = readReleasedPlan(fixed.content ?? '') ?? listFallback(text, i + 1 < ctx.maxRounds)
        }
        if (!plan.continue || plan.calls.length === 0) break
        // Sequential-only tools first, one at a time; then the rest together, grouped by server as the executor sends them.
        const first = plan.calls.filter((c) => sequential.has(c.tool))
        const rest = groupByServer(plan.calls.filter((c) => !sequential.has(c.tool)), ctx)
        const outcomes: Array<{ call: PlannedCall; outcome: Awaited<ReturnType<AgentContext['callTool']>> }> = []
        for (const call of first) outcomes.push({ call, outcome: await ctx.callTool(call.tool, call.parameters, { round, asWritten: true }) })
        const together = await Promise.all(rest.map((call) => ctx.callTool(call.tool, call.parameters, { round, asWritten: true })))
        rest.forEach((call, k) => outcomes.push({ call, outcome: together[k]! }))
        const lines: string[] = []
        // One at a time, in the order the calls were recorded: the judge reads the summaries back in that order.
        for (const { call, outcome } of outcomes) lines.push(await releasedObservation(ctx, client, model, options.temperature, call, outcome))
        history.push([`Round ${round}: ${plan.reasoning}`, ...lines].join('\n'))
      }
      ctx.nextRound()
      const final = await completeTurn(ctx, client(), { model, temperature: options.temperature, messages: finalPrompt(ctx, history) })
      return final.content ?? null
    },
  }
}

/** Python's truthiness of a JSON value (`if not should_continue`). */
function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

/** The plan in a reply, when it is a JSON object with `should_continue`; the planned tools that name a tool. */
function readReleasedPlan(text: string): (ReleasedPlan & { reasoning: string }) | null {
  const obj = extractJsonObjects(text).find((o) => 'should_continue' in o)
  if (!obj) return null
  const raw = Array.isArray(obj.planned_tools) ? obj.planned_tools : []
  const calls = raw.flatMap((c): PlannedCall[] => {
    if (!c || typeof c !== 'object' || Array.isArray(c)) return []
    const call = c as Record<string, unknown>
    if (!truthy(call.tool)) return []
    return [{ tool: String(call.tool), parameters: 'parameters' in call ? call.parameters : {} }]
  })
  return { continue: truthy(obj.should_continue), calls, reasoning: typeof obj.reasoning === 'string' ? obj.reasoning : '' }
}

/** After a failed fix: a reply that was a bare JSON list of tools goes on with it as the plan (while rounds remain); anything else stops. */
function listFallback(text: string, roundsLeft: boolean): ReleasedPlan & { reasoning: string } {
  let value: unknown
  try {
    value = JSON.parse(text.trim())
  } catch {
    value = undefined
  }
  if (!Array.isArray(value)) return { continue: false, calls: [], reasoning: '' }
  const calls = value.flatMap((c): PlannedCall[] => {
    const call = c && typeof c === 'object' && !Array.isArray(c) ? c as Record<string, unknown> : undefined
    return call && truthy(call.tool) ? [{ tool: String(call.tool), parameters: 'parameters' in call ? call.parameters : {} }] : []
  })
  return { continue: value.length > 0 && roundsLeft, calls, reasoning: '' }
}

function formatFixPrompt(reply: string): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: 'Rewrite a planning reply as the JSON object the planner expects, and nothing else.' },
    { role: 'user', content: `The reply below is not a plan in the expected format. Rewrite it as one JSON object: {"reasoning": "…", "should_continue": true or false, "planned_tools": [{"tool": "<tool name>", "parameters": {…}}]}. A list of tools goes in "planned_tools".\n\nReply:\n${reply}` },
  ]
}

/** The calls grouped by server in the order each server first appears (unknown tools together), as the executor sends them. */
function groupByServer(calls: readonly PlannedCall[], ctx: AgentContext): PlannedCall[] {
  const serverOf = new Map(ctx.tools.map((t) => [t.name, t.name.split('__')[0]!]))
  const groups = new Map<string, PlannedCall[]>()
  for (const c of calls) {
    const server = serverOf.get(c.tool) ?? '\u0000unknown'
    groups.set(server, [...(groups.get(server) ?? []), c])
  }
  return [...groups.values()].flat()
}

/** One line of the history: the call, whether it succeeded, and its output, the model's summary of it when long. */
async function releasedObservation(
  ctx: AgentContext, client: () => OpenAI, model: string, temperature: number | undefined,
  call: PlannedCall, outcome: Awaited<ReturnType<AgentContext['callTool']>>,
): Promise<string> {
  const ok = !outcome.isError
  const cut = ok ? RELEASED_RESULT_CUT : RELEASED_ERROR_CUT
  const chars = Array.from(outcome.text)
  let shown: string
  if (Math.floor(chars.length / 4) <= RELEASED_SUMMARY_CHARS / 4) shown = outcome.text
  else {
    try {
      shown = `(summary) ${Array.from((await summarise(ctx, client, model, outcome.text, temperature, RELEASED_SUMMARY_TOKENS)).replace(/^\(summary\) /, '').trim()).slice(0, cut).join('')}`
    } catch {
      shown = `${chars.slice(0, cut).join('')}...`
    }
  }
  return `- ${call.tool} ${JSON.stringify(call.parameters) ?? 'null'} ${ok ? 'succeeded' : 'FAILED'}:\n${shown}`
}
