import type { Agent, AgentContext, AgentTool } from '../types.ts'
import { argumentsFromSentence, fillableFromSentence } from './sentence-arguments.ts'
import { keywords, sentences } from './words.ts'

/**
 * A one-step keyword matcher: for each sentence of the prompt it calls the
 * single tool whose name, description and parameters share the most
 * (rarity-weighted) keywords with the sentence, with arguments filled from
 * that sentence (a sentence that names no place or thing, "what is the
 * weather there?", borrows the names of the sentence before it). All calls go out at
 * once, none informed by another's output, and the answer is the outputs.
 * It finds a task's first step when the wording gives it away and never the
 * steps that depend on what the first one found.
 */
export function greedyOneStepAgent(): Agent {
  return { name: 'greedy-one-step', run: greedyOneStep }
}

async function greedyOneStep(ctx: AgentContext): Promise<string> {
  const match = rankTools(ctx.tools)
  const all = sentences(ctx.task.prompt)
  const plan = all
    .map((sentence, i) => ({ sentence, context: all.slice(0, i).reverse(), tool: match(sentence) }))
    .filter((step): step is { sentence: string; context: string[]; tool: AgentTool } => step.tool !== undefined)
  const budget = ctx.maxToolCalls ?? Infinity
  const round = ctx.nextRound()
  const outcomes = await Promise.all(plan.slice(0, budget).map(async ({ sentence, context, tool }) => ({
    tool,
    outcome: await ctx.callTool(tool.name, argumentsFromSentence(tool.inputSchema, sentence, context), { round }),
  })))
  const useful = outcomes.filter((o) => !o.outcome.isError).map((o) => `${o.tool.name}: ${o.outcome.text}`)
  return useful.length ? `Here is what I found:\n\n${useful.join('\n\n')}` : 'I could not find anything useful.'
}

/**
 * The tool whose words best match the sentence, or none when no tool shares
 * a word with it. A tool's words are its name, its description and its
 * parameters' names, descriptions and allowed values; each shared word
 * counts by how rare it is in the catalog (inverse document frequency), so
 * "forecast" says more than "get", and the sum is scaled down for required
 * parameters the sentence has nothing to fill with. Ties go to the tool
 * whose name shares more, then to catalog order.
 */
export function bestTool(sentence: string, tools: readonly AgentTool[]): AgentTool | undefined {
  return rankTools(tools)(sentence)
}

/** A matcher over one catalog (word weights are computed once). */
export function rankTools(tools: readonly AgentTool[]): (sentence: string) => AgentTool | undefined {
  const indexed = tools.map((tool) => ({ tool, name: new Set(keywords(tool.name)), all: toolWords(tool) }))
  const documents = new Map<string, number>()
  for (const { all } of indexed) for (const w of all) documents.set(w, (documents.get(w) ?? 0) + 1)
  const weight = (w: string) => Math.log(1 + indexed.length / (documents.get(w) ?? 1))
  return (sentence) => {
    const words = new Set(keywords(sentence))
    let best: { tool: AgentTool; score: number; nameScore: number } | undefined
    for (const { tool, name, all } of indexed) {
      const shared = [...all].filter((w) => words.has(w))
      const overlap = shared.reduce((sum, w) => sum + weight(w), 0)
      // A tool the sentence cannot feed (no place for a time zone, no number for a number) is a worse match.
      const { filled, required } = fillableFromSentence(tool.inputSchema, sentence)
      const score = overlap * (required ? 0.5 + (0.5 * filled) / required : 1)
      const nameScore = [...name].filter((w) => words.has(w)).length
      if (score > 0 && (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && nameScore > best.nameScore))) {
        best = { tool, score, nameScore }
      }
    }
    return best?.tool
  }
}

function toolWords(tool: AgentTool): Set<string> {
  const schema = tool.inputSchema as { properties?: Record<string, { description?: unknown; enum?: unknown[] }> }
  const params = Object.entries(schema.properties ?? {}).flatMap(([name, p]) => [
    name,
    typeof p?.description === 'string' ? p.description : '',
    ...(Array.isArray(p?.enum) ? p.enum.filter((v): v is string => typeof v === 'string') : []),
  ])
  return new Set(keywords([tool.name, tool.description, ...params].join(' ')))
}

/** `agent: { module: './src/agents/baselines/greedy-one-step.ts' }`. */
export default greedyOneStep
