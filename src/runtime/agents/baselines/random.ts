import { createRng } from '../../../lib/random.ts'
import type { Agent, AgentContext } from '../types.ts'
import { pick, randomArguments } from './random-arguments.ts'

export interface RandomAgentOptions {
  /** Seeds the draws; the task id is mixed in, so each task gets its own sequence and reruns repeat it. */
  seed?: number | string
  /** Tool calls per task (default 20, about what MCP-Bench's gpt-4o makes). The task's own cap wins when lower. */
  maxCalls?: number
}

/**
 * The floor of the scale: a seeded agent that calls catalog tools at random,
 * one per round, with random arguments generated from each tool's schema
 * alone (it does not read the prompt), then answers with every output it
 * got. It plans nothing, so a task whose facts it states has facts that
 * luck can match.
 */
export function randomAgent({ seed = 0, maxCalls = 20 }: RandomAgentOptions = {}): Agent {
  return {
    name: 'random',
    async run(ctx: AgentContext) {
      const rng = createRng(`random:${seed}:${ctx.task.id}`)
      const calls = Math.min(maxCalls, ctx.maxToolCalls ?? Infinity)
      const seen: string[] = []
      for (let i = 0; i < calls && ctx.tools.length && !ctx.signal.aborted; i++) {
        const tool = pick(ctx.tools, rng)
        const round = ctx.nextRound()
        const outcome = await ctx.callTool(tool.name, randomArguments(tool.inputSchema, rng), { round })
        if (!outcome.isError) seen.push(`${tool.name}: ${outcome.text}`)
      }
      return seen.length ? `Here is what the tools returned:\n\n${seen.join('\n\n')}` : 'None of my tool calls returned anything useful.'
    },
  }
}

/** `agent: { module: './src/runtime/agents/baselines/random.ts' }`: the random agent with seed 0 and 20 calls. */
export default randomAgent().run
