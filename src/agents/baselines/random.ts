import { createRng } from '../../random.ts'
import type { Agent, AgentContext } from '../types.ts'
import { pick, randomArguments, type Vocabulary } from './random-arguments.ts'
import { numbers, properNouns, keywords } from './words.ts'

export interface RandomAgentOptions {
  /** Seeds the draws; the task id is mixed in, so each task gets its own sequence and reruns repeat it. */
  seed?: number | string
  /** Tool calls per task (default 20, about what MCP-Bench's gpt-4o makes). The task's own cap wins when lower. */
  maxCalls?: number
}

/**
 * The floor of the scale: a seeded agent that calls catalog tools at random,
 * one per round, with random arguments valid against each tool's schema
 * (free text and numbers drawn from what the prompt mentions), then answers
 * with every output it got. It plans nothing, so a task it passes has facts
 * that luck can match.
 */
export function randomAgent({ seed = 0, maxCalls = 20 }: RandomAgentOptions = {}): Agent {
  return {
    name: 'random',
    async run(ctx: AgentContext) {
      const rng = createRng(`random:${seed}:${ctx.task.id}`)
      const vocabulary = vocabularyOf(ctx.task.prompt)
      const calls = Math.min(maxCalls, ctx.maxToolCalls ?? Infinity)
      const seen: string[] = []
      for (let i = 0; i < calls && ctx.tools.length && !ctx.signal.aborted; i++) {
        const tool = pick(ctx.tools, rng)
        const round = ctx.nextRound()
        const outcome = await ctx.callTool(tool.name, randomArguments(tool.inputSchema, rng, vocabulary), { round })
        if (!outcome.isError) seen.push(`${tool.name}: ${outcome.text}`)
      }
      return seen.length ? `Here is what the tools returned:\n\n${seen.join('\n\n')}` : 'None of my tool calls returned anything useful.'
    },
  }
}

/** The prompt's names, content words and numbers: what a random argument may be made of. */
export function vocabularyOf(prompt: string): Vocabulary {
  return { words: [...new Set([...properNouns(prompt), ...keywords(prompt)])], numbers: [...new Set(numbers(prompt))] }
}

/** `agent: { module: './src/agents/baselines/random.ts' }`: the random agent with seed 0 and 20 calls. */
export default randomAgent().run
