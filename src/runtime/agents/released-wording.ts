import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { fillTemplate, type McpBenchPlannerTemplates, type McpBenchTemplates } from '../../contracts/mcp-bench-templates.ts'
import { pyJsonDumps } from '../../lib/py-json.ts'
import { historyLine, pySlice, type ReleasedCall } from '../judge/released-evidence.ts'
import { finalPrompt, planningPrompt, summaryPrompt } from './planner-prompt.ts'
import type { AgentContext, AgentTool } from './types.ts'

/**
 * What the released-code planner says to the model, and how it writes its history: MCP-Bench's own words,
 * from the templates `mcp-bench import` took out of the user's checkout, or, without them, this project's.
 * The control flow (src/runtime/agents/released-planner.ts) is the same for both.
 */
export interface ReleasedWording {
  /** `mcp-bench-checkout` or `project`: whose words the model reads. */
  source: 'mcp-bench-checkout' | 'project'
  /** The name the model is shown for a tool, and writes back. */
  toolName(tool: AgentTool): string
  /** A round's planning request: `summary` is what `summaryOf` gave. */
  planning(ctx: AgentContext, round: number, summary: string): ChatCompletionMessageParam[]
  /** The history as the planning request shows it: `calls` made so far, `history` the (maybe compressed) round summaries. */
  summaryOf(calls: number, history: string): string
  formatFix(reply: string): ChatCompletionMessageParam[]
  /** The request summarising a long result or error. */
  summary(ctx: AgentContext, content: string): ChatCompletionMessageParam[]
  /** What stands for the summary when that request fails (undefined: the result cut). */
  summaryFailed(content: string): string | undefined
  compression(history: string, targetTokens: number): ChatCompletionMessageParam[]
  /** The rules that shorten the history when the model does not (`_fallback_rule_based_compression`). */
  compressionRules: McpBenchPlannerTemplates['compressionRules']
  final(ctx: AgentContext, calls: number, history: string): ChatCompletionMessageParam[]
  roundHeader(round: number, reasoning: string): string
  /** A call's line in the history; `summary` for a long result (its text, or what `summaryFailed` gave). */
  line(call: ReleasedCall, summary: string | undefined): string
  /** Is an error a token limit (reduce max_tokens, then compress) or a content filter's refusal (no retry)? */
  isTokenLimit(error: unknown): boolean
  isContentFilter(error: unknown): boolean
  /** Per-request limits. */
  limits: {
    planningTokens: number
    formatFixTokens: number
    summaryTokens: number
    tokenReductionFactors: readonly number[]
    compressionTargetTokens: number
  }
  /** Results over this many estimated tokens (characters / 4) are summarised. */
  summaryThresholdTokens: number
}

const system = (content: string, user: string): ChatCompletionMessageParam[] => [
  { role: 'system', content },
  { role: 'user', content: user },
]
const messageOf = (error: unknown) => String((error as { message?: unknown } | null)?.message ?? error).toLowerCase()

/** MCP-Bench's words, from templates that carry the planner's part. */
export function checkoutWording(templates: McpBenchTemplates & { planner: McpBenchPlannerTemplates }): ReleasedWording {
  const p = templates.planner
  const e = templates.executor
  const cut = (text: string) => pySlice(text, p.config.promptCut)
  return {
    source: 'mcp-bench-checkout',
    toolName: (tool) => `${tool.server}:${tool.tool}`,
    planning(ctx, round, summary) {
      const tools = ctx.tools
        .map((t) => {
          const schema = t.inputSchema as unknown
          const values = { NAME: `${t.server}:${t.tool}`, SERVER: t.server, DESCRIPTION: t.description ?? 'None' }
          return hasKeys(schema)
            ? fillTemplate(p.toolWithSchema, { ...values, SCHEMA: pyJsonDumps(schema, 2) })
            : fillTemplate(p.tool, values)
        })
        .join('')
      return system(
        fillTemplate(p.planningSystem, { ROUND: round }),
        fillTemplate(p.planning, { TASK: ctx.task.prompt, ROUND: round, TOOLS: tools, MAX_ROUNDS: ctx.maxRounds, SUMMARY: summary }),
      )
    },
    summaryOf: (calls, history) =>
      calls === 0 ? p.firstRound : history ? fillTemplate(p.accumulated, { ACCUMULATED: history }) : p.nothingYet,
    formatFix: (reply) => system(p.formatFixSystem, fillTemplate(p.formatFix, { REPLY: reply })),
    summary: (_ctx, content) =>
      system(p.summarySystem, cut(fillTemplate(p.summary, { THRESHOLD: e.config.summaryThresholdTokens, CONTENT: content }))),
    summaryFailed: (content) => pySlice(content, e.config.summaryThresholdTokens) + p.summaryFailed,
    compression: (history, target) => system(p.compressionSystem, cut(fillTemplate(p.compression, { TARGET: target, HISTORY: history }))),
    compressionRules: p.compressionRules,
    final: (ctx, calls, history) =>
      system(p.finalSystem, fillTemplate(p.final, { TASK: ctx.task.prompt, CALLS: calls, ACCUMULATED: history })),
    roundHeader: (round) => fillTemplate(e.roundHeader, { ROUND: round }),
    line: (call, summary) => historyLine(call, summary, templates),
    isTokenLimit: (error) => p.config.tokenLimitErrors.some((phrase) => messageOf(error).includes(phrase)),
    isContentFilter: (error) => p.config.contentFilterErrors.some((phrase) => messageOf(error).includes(phrase)),
    limits: {
      planningTokens: e.config.planningTokens,
      formatFixTokens: p.config.formatFixTokens,
      summaryTokens: p.config.summaryTokens,
      tokenReductionFactors: p.config.tokenReductionFactors,
      compressionTargetTokens: p.config.compressionTargetTokens,
    },
    summaryThresholdTokens: e.config.summaryThresholdTokens,
  }
}

/** Python's truthiness of a schema (`if info.get('input_schema')`): a non-empty object. */
function hasKeys(value: unknown): boolean {
  return !!value && typeof value === 'object' && Object.keys(value).length > 0
}

/**
 * This project's words for the same control flow, and the released code's limits (config/benchmark_config.yaml
 * of commit 09e5233: planning 12,000 tokens, format fix 8,000, summaries 10,000, token reductions to 90/80/70 %,
 * history compressed to 3,000 tokens, results over 1,000 tokens summarised and cut at 4,000 characters, errors
 * at 1,000). Errors are told apart by the OpenAI error codes an endpoint sends.
 */
export function projectWording(systemPrompt: string | undefined): ReleasedWording {
  const resultCut = 4_000
  const errorCut = 1_000
  const threshold = 1_000
  const rounds = 'Round '
  return {
    source: 'project',
    toolName: (tool) => tool.name,
    planning: (ctx, round, summary) => planningPrompt(ctx, summary, systemPrompt, round),
    summaryOf: (calls, history) => (calls === 0 ? '' : history || '(the history was compressed to nothing)'),
    formatFix: (reply) =>
      system(
        'Rewrite a planning reply as the JSON object the planner expects, and nothing else.',
        `The reply below is not a plan in the expected format. Rewrite it as one JSON object: {"reasoning": "…", "should_continue": true or false, "planned_tools": [{"tool": "<tool name>", "parameters": {…}}]}. A list of tools goes in "planned_tools".\n\nReply:\n${reply}`,
      ),
    summary: (ctx, content) => summaryPrompt(ctx, content),
    summaryFailed: () => undefined,
    compression: (history, target) =>
      system(
        'Shorten a planning history, keeping every result, figure and id found so far and what is still open.',
        `Shorten the history below to about ${target} tokens.\n\n${pySlice(history, 30_000)}`,
      ),
    compressionRules: {
      early: '(earlier rounds left out)\n\n',
      marker: `\n${rounds}`,
      middle: '(rounds 2 to {{LAST}} left out)',
      cut: '\n\n(middle of the history left out)\n\n',
    },
    final: (ctx, _calls, history) => finalPrompt(ctx, history),
    roundHeader: (round, reasoning) => `\n${rounds}${round}: ${reasoning}\n`,
    line(call, summary) {
      const chars = Array.from(call.content)
      const cut = call.success ? resultCut : errorCut
      const shown =
        Math.floor(chars.length / 4) <= threshold
          ? call.content
          : summary !== undefined
            ? `(summary) ${pySlice(summary, cut)}`
            : `${chars.slice(0, cut).join('')}...`
      return `- ${call.tool} ${JSON.stringify(call.parameters) ?? 'null'} ${call.success ? 'succeeded' : 'FAILED'}:\n${shown}`
    },
    isTokenLimit: (error) => (error as { code?: unknown } | null)?.code === 'context_length_exceeded',
    isContentFilter: (error) => (error as { code?: unknown } | null)?.code === 'content_filter',
    limits: {
      planningTokens: 12_000,
      formatFixTokens: 8_000,
      summaryTokens: 10_000,
      tokenReductionFactors: [0.9, 0.8, 0.7],
      compressionTargetTokens: 3_000,
    },
    summaryThresholdTokens: threshold,
  }
}
