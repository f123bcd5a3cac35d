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
async function summarise(ctx: AgentContext, client: () => OpenAI, model: string, text: string, temperature?: number): Promise<string> {
  const reply = await completeTurn(ctx, client(), {
    model, temperature,
    messages: [
      { role: 'system', content: 'Summarise this tool output for the task below. Keep every figure, name, date and id the task may need; drop the rest.' },
      { role: 'user', content: `Task: ${ctx.task.prompt}\n\nTool output:\n${text}` },
    ],
  })
  return `(summary) ${reply.content ?? ''}`
}
