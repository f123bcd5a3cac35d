import type OpenAI from 'openai'
import type { McpBenchTemplates } from '../../contracts/mcp-bench-templates.ts'
import { fixtureSlug } from '../../import/mcp-bench-fixtures.ts'
import { extractJsonObjects } from '../../lib/tolerant-json.ts'
import { markWholeFloats, pathsUnder, restoreWholeFloats } from '../../lib/whole-floats.ts'
import type { ReleasedCall } from '../judge/released-evidence.ts'
import { fillTemplate } from '../../contracts/mcp-bench-templates.ts'
import { completeTurn } from './model-client.ts'
import { compressHistory, planWithRecovery, providerAsk, realSleep, type Ask, type History, type Sleep } from './released-recovery.ts'
import { checkoutWording, projectWording, type ReleasedWording } from './released-wording.ts'
import type { Agent, AgentContext, AgentTool, ToolCallOutcome } from './types.ts'

/**
 * The planner under `executor: 'released-code'`: the control flow of MCP-Bench's released executor
 * (agent/executor.py, commit 09e5233), in MCP-Bench's own words when the templates `mcp-bench import` took
 * from the user's checkout carry the planner's part, else in this project's (see released-wording.ts).
 */
export interface ReleasedPlannerOptions {
  model: string
  temperature?: number
  systemPrompt?: string
  /** Qualified names of tools called one at a time (default: the templates' `sequential_only_tools`, else Google Maps's). */
  sequentialTools?: readonly string[]
  templates?: McpBenchTemplates
  /** Waits between retries (1 s, 2 s, 60 s in the released code); tests pass one that does not sleep. */
  sleep?: Sleep
}

/** config/benchmark_config.yaml `sequential_only_tools` of commit 09e5233, under the keys `mcp-bench import` gives the servers. */
const MCP_BENCH_SEQUENTIAL_TOOLS = [
  'search_nearby',
  'get_place_details',
  'maps_geocode',
  'maps_reverse_geocode',
  'maps_distance_matrix',
  'maps_directions',
  'maps_elevation',
].map((tool) => `google-maps__${tool}`)

interface PlannedCall {
  /** As the model wrote it (a name the prompt showed, or anything else). */
  tool: string
  parameters: unknown
  /** Where in `parameters` the model wrote whole floats (`1.0`), which Python prints so. */
  wholeFloats: string[]
}

interface ReleasedPlan {
  continue: boolean
  calls: PlannedCall[]
  reasoning: string
}

/** The wording a run uses: MCP-Bench's when the templates carry the planner's part. */
function releasedWording(templates: McpBenchTemplates | undefined, systemPrompt?: string): ReleasedWording {
  return templates?.planner ? checkoutWording({ ...templates, planner: templates.planner }) : projectWording(systemPrompt)
}

export function releasedPlanner(options: ReleasedPlannerOptions, name: string, client: () => OpenAI): Agent {
  const wording = releasedWording(options.templates, options.systemPrompt)
  const sleep = options.sleep ?? realSleep
  return {
    name,
    promptSource: wording.source,
    async run(ctx) {
      const ask = providerAsk(askOnce(ctx, client, options), wording, sleep, ctx.signal)
      const byShownName = new Map(ctx.tools.map((t) => [wording.toolName(t), t]))
      const sequential = sequentialNames(options, ctx.tools, wording)
      const history: History = { text: '' }
      let callsSoFar = 0
      for (let i = 0; i < ctx.maxRounds; i++) {
        const round = ctx.nextRound()
        const planningRound = i + 1
        const plan = await planWithRecovery<ReleasedPlan>({
          request: (maxTokens) => ask(wording.planning(ctx, planningRound, wording.summaryOf(callsSoFar, history.text)), maxTokens),
          read: readReleasedPlan,
          fix: (reply) => formatFix(ask, wording, reply, planningRound < ctx.maxRounds),
          compress: () => compressHistory(history, ask, wording),
          wording,
          sleep,
          signal: ctx.signal,
        })
        if (!plan || !plan.continue || plan.calls.length === 0) break
        // Sequential-only tools first, one at a time; then the rest together, grouped by server as the executor sends them.
        const first = plan.calls.filter((c) => sequential.has(c.tool))
        const rest = groupByServer(
          plan.calls.filter((c) => !sequential.has(c.tool)),
          byShownName,
        )
        const call = (c: PlannedCall) =>
          ctx.callTool(byShownName.get(c.tool)?.name ?? c.tool, c.parameters, { round, asWritten: true, wholeFloats: c.wholeFloats })
        const outcomes: Array<{ call: PlannedCall; outcome: ToolCallOutcome }> = []
        for (const c of first) outcomes.push({ call: c, outcome: await call(c) })
        const together = await Promise.all(rest.map(call))
        rest.forEach((c, k) => outcomes.push({ call: c, outcome: together[k]! }))
        let text = wording.roundHeader(planningRound, plan.reasoning)
        // One at a time, in the order the calls were made: the judge reads the summaries back in that order.
        for (const { call: c, outcome } of outcomes) {
          const released = releasedCall(c, outcome, byShownName.get(c.tool), options.templates)
          text += `${wording.line(released, await summaryOf(ctx, ask, wording, released.content))}\n`
        }
        history.text += text
        callsSoFar += outcomes.length
      }
      ctx.nextRound()
      return finalAnswer(ctx, ask, wording, callsSoFar, history)
    },
  }
}

/** One request, recorded as a turn; the planner's retries are `providerAsk`'s. */
function askOnce(ctx: AgentContext, client: () => OpenAI, options: ReleasedPlannerOptions): Ask {
  return async (messages, maxTokens) =>
    (await completeTurn(ctx, client(), { model: options.model, temperature: options.temperature, messages, maxTokens })).content ?? ''
}

/** The tools run one at a time, under the names the model is shown. */
function sequentialNames(options: ReleasedPlannerOptions, tools: readonly AgentTool[], wording: ReleasedWording): Set<string> {
  const fromTemplates = options.templates?.executor.config.sequentialOnlyTools.map((name) => {
    const at = name.indexOf(':')
    return at < 0 ? name : `${fixtureSlug(name.slice(0, at))}__${name.slice(at + 1)}`
  })
  const qualified = new Set(options.sequentialTools ?? fromTemplates ?? MCP_BENCH_SEQUENTIAL_TOOLS)
  // A name no tool has stays as it is, so that a model writing it still has it run one at a time.
  return new Set(
    [...qualified].map((q) => {
      const tool = tools.find((t) => t.name === q)
      return tool ? wording.toolName(tool) : q
    }),
  )
}

/** A call as the executor records it: the tool as written, its server, success, and the result or error text. */
function releasedCall(
  c: PlannedCall,
  outcome: ToolCallOutcome,
  tool: AgentTool | undefined,
  templates: McpBenchTemplates | undefined,
): ReleasedCall {
  const written = { tool: c.tool, parameters: c.parameters, round: 0, wholeFloats: new Set(c.wholeFloats) }
  if (!tool && templates)
    return {
      ...written,
      server: templates.executor.unknownToolServer,
      success: false,
      content: fillTemplate(templates.executor.unknownTool, { TOOL: c.tool }),
    }
  return { ...written, server: tool?.server ?? 'unknown', success: !outcome.isError, content: outcome.text }
}

/** The model's summary of a long result, or what stands for it when that request fails. */
async function summaryOf(ctx: AgentContext, ask: Ask, wording: ReleasedWording, content: string): Promise<string | undefined> {
  if (Math.floor(Array.from(content).length / 4) <= wording.summaryThresholdTokens) return undefined
  try {
    return await ask(wording.summary(ctx, content), wording.limits.summaryTokens)
  } catch (error) {
    if (ctx.signal.aborted) throw error
    return wording.summaryFailed(content)
  }
}

/** `_synthesize_final_solution`: three tries; a token limit compresses the history before the next. */
async function finalAnswer(ctx: AgentContext, ask: Ask, wording: ReleasedWording, calls: number, history: History): Promise<string> {
  const tries = 3
  for (let attempt = 0; ; attempt++) {
    try {
      return await ask(wording.final(ctx, calls, history.text), wording.limits.planningTokens)
    } catch (error) {
      if (ctx.signal.aborted || attempt === tries - 1) throw error
      if (wording.isTokenLimit(error)) await compressHistory(history, ask, wording)
    }
  }
}

/** Python's truthiness of a JSON value (`if not should_continue`). */
function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

/** The planned tools that name a tool; missing `parameters` are `{}`. `floats`: the whole floats' places, `at` the list's. */
function plannedCalls(raw: readonly unknown[], floats: readonly string[], at: string): PlannedCall[] {
  return raw.flatMap((c, i): PlannedCall[] => {
    if (!c || typeof c !== 'object' || Array.isArray(c)) return []
    const call = c as Record<string, unknown>
    if (!truthy(call.tool)) return []
    const parameters = 'parameters' in call ? call.parameters : {}
    return [{ tool: String(call.tool), parameters, wholeFloats: 'parameters' in call ? pathsUnder(floats, `${at}/${i}/parameters`) : [] }]
  })
}

/** The plan in a reply, when it is a JSON object with `should_continue` (whole floats kept apart, as Python reads them). */
function readReleasedPlan(text: string): ReleasedPlan | null {
  const found = extractJsonObjects(markWholeFloats(text)).find((o) => 'should_continue' in o)
  if (!found) return null
  const { value, paths } = restoreWholeFloats(found)
  const obj = value as Record<string, unknown>
  const calls = plannedCalls(Array.isArray(obj.planned_tools) ? obj.planned_tools : [], paths, '/planned_tools')
  return { continue: truthy(obj.should_continue), calls, reasoning: typeof obj.reasoning === 'string' ? obj.reasoning : '' }
}

/**
 * `_fix_invalid_json_format`: one request to rewrite the reply; what it cannot fix stops the task, but a reply
 * that was a bare JSON list of tools goes on with it as the plan (while rounds remain).
 */
async function formatFix(ask: Ask, wording: ReleasedWording, reply: string, roundsLeft: boolean): Promise<ReleasedPlan> {
  try {
    const fixed = readReleasedPlan(await ask(wording.formatFix(reply), wording.limits.formatFixTokens))
    if (fixed) return fixed
  } catch {
    // the fallback below, as the executor's
  }
  let read: ReturnType<typeof restoreWholeFloats> | undefined
  try {
    read = restoreWholeFloats(JSON.parse(markWholeFloats(reply.trim())))
  } catch {
    read = undefined
  }
  if (!read || !Array.isArray(read.value)) return { continue: false, calls: [], reasoning: '' }
  return { continue: read.value.length > 0 && roundsLeft, calls: plannedCalls(read.value, read.paths, ''), reasoning: '' }
}

/** The calls grouped by server in the order each server first appears (unknown tools together), as the executor sends them. */
function groupByServer(calls: readonly PlannedCall[], byShownName: ReadonlyMap<string, AgentTool>): PlannedCall[] {
  const groups = new Map<string, PlannedCall[]>()
  for (const c of calls) {
    const server = byShownName.get(c.tool)?.server ?? '\u0000unknown'
    groups.set(server, [...(groups.get(server) ?? []), c])
  }
  return [...groups.values()].flat()
}
