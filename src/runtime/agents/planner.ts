import type OpenAI from 'openai'
import { extractJsonObjects } from '../../lib/tolerant-json.ts'
import { truncate } from '../../lib/text.ts'
import type { McpBenchTemplates } from '../../contracts/mcp-bench-templates.ts'
import { completeTurn, modelClient, type ModelOptions } from './model-client.ts'
import { finalPrompt, planningPrompt, summaryPrompt } from './planner-prompt.ts'
import { releasedPlanner } from './released-planner.ts'
import type { Sleep } from './released-recovery.ts'
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
   * `released-code`: the control flow of MCP-Bench's released executor (agent/executor.py; see
   * released-planner.ts): an unreadable plan gets one request to fix its format, then the task stops (a bare
   * JSON list is read as the planned tools); `should_continue` is required and read as Python does; a
   * stopping plan's calls are dropped; `sequentialTools` run one at a time before the rest, and the rest are
   * sent grouped by server; results over 4,000 characters are replaced by the model's summary cut to 4,000
   * (errors 1,000); the history says whether each call succeeded; failed requests are retried, max_tokens
   * reduced and the history compressed as the released code does; `parameters` reach the recorder as the
   * model wrote them. In MCP-Bench's words with `templates`, else in this project's. Default: the project's own loop.
   */
  executor?: 'project' | 'released-code'
  /**
   * With `executor: 'released-code'`: tools (qualified names) called one at a time. Default: the templates'
   * `sequential_only_tools`, else MCP-Bench's (config/benchmark_config.yaml), Google Maps's, under the key `mcp-bench import` gives it.
   */
  sequentialTools?: readonly string[]
  /** With `executor: 'released-code'`: MCP-Bench's templates from the user's checkout (`mcp-bench import`); their planner part gives the prompts. */
  templates?: McpBenchTemplates
  /** With `executor: 'released-code'`: how to wait between retries (default: a timer); tests pass one that does not sleep. */
  sleep?: Sleep
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
  if (options.executor === 'released-code') return releasedPlanner({ ...options, model }, options.name ?? `${model} (planner)`, client)
  return {
    name: options.name ?? `${model} (planner)`,
    async run(ctx) {
      const history: string[] = []
      for (let i = 0; i < ctx.maxRounds; i++) {
        const round = ctx.nextRound()
        const reply = await completeTurn(ctx, client(), {
          model,
          temperature: options.temperature,
          messages: planningPrompt(ctx, history.join('\n\n'), options.systemPrompt, i + 1),
        })
        const plan = parsePlan(reply.content ?? '')
        if (typeof plan === 'string') {
          history.push(`Round ${round}: your reply could not be read as a plan (${plan}). Reply with the JSON object only.`)
          continue
        }
        if (!plan.continue && options.stoppingPlan === 'drop') break
        const outcomes = await Promise.all(plan.calls.map((c) => ctx.callTool(c.tool, c.parameters, { round })))
        const max = options.observationChars ?? 2_000
        const observations = await Promise.all(
          outcomes.map((o) =>
            o.text.length <= max
              ? o.text
              : options.compress === 'model'
                ? summarise(ctx, client, model, o.text, options.temperature)
                : truncate(o.text, max),
          ),
        )
        history.push(describeRound(round, plan, observations))
        if (!plan.continue || plan.calls.length === 0) break
      }
      ctx.nextRound()
      const final = await completeTurn(ctx, client(), {
        model,
        temperature: options.temperature,
        messages: finalPrompt(ctx, history.join('\n\n')),
      })
      return final.content ?? null
    },
  }
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
  const reply = await completeTurn(ctx, client(), { model, temperature, messages: summaryPrompt(ctx, text) })
  return `(summary) ${reply.content ?? ''}`
}
