import type { Agent, AgentContext, AgentTool } from '../types.ts'
import { argumentsFromSentence } from './sentence-arguments.ts'
import { keywords, sentences } from './words.ts'

/**
 * A one-step keyword matcher: for each sentence of the prompt it calls the
 * single tool whose name and description share the most keywords with the
 * sentence (ties go to the tool whose name shares more, then to catalog
 * order), with arguments filled from that sentence. All calls go out at
 * once, none informed by another's output, and the answer is the outputs.
 * It finds a task's first step when the wording gives it away and never the
 * steps that depend on what the first one found.
 */
export function greedyOneStepAgent(): Agent {
  return { name: 'greedy-one-step', run: greedyOneStep }
}

async function greedyOneStep(ctx: AgentContext): Promise<string> {
  const plan = sentences(ctx.task.prompt)
    .map((sentence) => ({ sentence, tool: bestTool(sentence, ctx.tools) }))
    .filter((step): step is { sentence: string; tool: AgentTool } => step.tool !== undefined)
  const budget = ctx.maxToolCalls ?? Infinity
  const round = ctx.nextRound()
  const outcomes = await Promise.all(plan.slice(0, budget).map(async ({ sentence, tool }) => ({
    tool,
    outcome: await ctx.callTool(tool.name, argumentsFromSentence(tool.inputSchema, sentence), { round }),
  })))
  const useful = outcomes.filter((o) => !o.outcome.isError).map((o) => `${o.tool.name}: ${o.outcome.text}`)
  return useful.length ? `Here is what I found:\n\n${useful.join('\n\n')}` : 'I could not find anything useful.'
}

/** The tool sharing the most keywords with the sentence, or none when no tool shares any. */
export function bestTool(sentence: string, tools: readonly AgentTool[]): AgentTool | undefined {
  const words = new Set(keywords(sentence))
  let best: { tool: AgentTool; score: number; nameScore: number } | undefined
  for (const tool of tools) {
    const nameWords = new Set(keywords(tool.name))
    const allWords = new Set([...nameWords, ...keywords(tool.description)])
    const score = [...allWords].filter((w) => words.has(w)).length
    const nameScore = [...nameWords].filter((w) => words.has(w)).length
    if (score > 0 && (!best || score > best.score || (score === best.score && nameScore > best.nameScore))) {
      best = { tool, score, nameScore }
    }
  }
  return best?.tool
}

/** `agent: { module: './src/agents/baselines/greedy-one-step.ts' }`. */
export default greedyOneStep
