import type { Agent, AgentContext, AgentTool } from '../types.ts'
import { bm25Rank, type Ranked } from './bm25.ts'
import { schemaDefaultArguments } from './schema-defaults.ts'

/**
 * The "weak but not useless" floor classic retrieval papers report, frozen
 * so it cannot drift towards the bundled suite: it ranks the catalog's tools
 * by BM25 between the prompt and each tool's server-qualified name plus
 * description (./bm25.ts), calls the best one once with arguments from the
 * tool's schema alone (defaults, first enum members, least values:
 * ./schema-defaults.ts), and answers with what it got. It reads no value
 * out of the prompt, plans nothing and chains nothing; a task it passes is a
 * task whose answer one default call gives away.
 */
export function greedyOneStepAgent(): Agent {
  return { name: 'greedy-one-step', run: greedyOneStep }
}

async function greedyOneStep(ctx: AgentContext): Promise<string> {
  const best = rankTools(ctx.task.prompt, ctx.tools)[0]
  if (!best || ctx.maxToolCalls === 0) return 'I found no tool for this.'
  const outcome = await ctx.callTool(best.item.name, schemaDefaultArguments(best.item.inputSchema), { round: ctx.nextRound() })
  return outcome.isError ? 'I could not find anything useful.' : `Here is what I found:\n\n${best.item.name}: ${outcome.text}`
}

/** The catalog's tools that share a word with the prompt, best BM25 match first (name + description). */
export function rankTools(prompt: string, tools: readonly AgentTool[]): Array<Ranked<AgentTool>> {
  return bm25Rank(
    prompt,
    tools.map((tool) => ({ item: tool, text: `${tool.name} ${tool.description ?? ''}` })),
  )
}

/** `agent: { module: './src/runtime/agents/baselines/greedy-one-step.ts' }`. */
export default greedyOneStep
