import { argumentsFor } from './prompt-reading/prompt-arguments.ts'
import { readPrompt } from './prompt-reading/prompt-values.ts'
import { pick, randomArguments } from '../../src/runtime/agents/baselines/random-arguments.ts'
import type { Agent } from '../../src/runtime/agents/types.ts'
import { createRng } from '../../src/lib/random.ts'

/**
 * Agents that try to pass fact checks without solving anything, written
 * afresh for the tests: none reads anything but what `AgentContext` gives.
 */

let spray: string | undefined

/**
 * Every number from 0 to 10,000 at the precision a fact is usually written
 * with: the integers up to 10,000, and every value with one decimal up to
 * 1,000, two up to 100 and three up to 10 (about 40,000 numbers, 230 KB).
 * Within the rounding a fact allows, it "states" every number fact of the
 * bundled suite.
 */
export function numberSpray(): string {
  if (spray) return spray
  const parts: string[] = []
  for (let i = 0; i <= 10_000; i++) parts.push(String(i))
  for (let i = 0; i < 10_000; i++) parts.push((i / 10).toFixed(1))
  for (let i = 0; i < 10_000; i++) parts.push((i / 100).toFixed(2))
  for (let i = 0; i < 10_000; i++) parts.push((i / 1000).toFixed(3))
  return (spray = parts.join(' '))
}

/** Makes no call and answers with the prompt followed by the number spray. */
export function sprayAgent(): Agent {
  return { name: 'spray', run: async (ctx) => `${ctx.task.prompt}\n${numberSpray()}` }
}

/**
 * Calls every tool once with arguments taken from the prompt, and answers
 * with the prompt, every output it got, and the number spray.
 */
export function callEverythingAgent(): Agent {
  return {
    name: 'call-everything+spray',
    async run(ctx) {
      const reading = readPrompt(ctx.task.prompt)
      const outputs: string[] = []
      for (const tool of ctx.tools.slice(0, ctx.maxToolCalls ?? Infinity)) {
        const outcome = await ctx.callTool(tool.name, argumentsFor(tool.inputSchema, reading, 0), { round: ctx.nextRound() })
        if (!outcome.isError) outputs.push(outcome.text)
      }
      return [ctx.task.prompt, ...outputs, numberSpray()].join('\n')
    },
  }
}

/**
 * A random agent unlike the leaderboard's baseline: a seeded number of
 * calls (3 to 8) to random tools, each with arguments from the prompt or,
 * half the time, random ones from the schema; it answers with what came
 * back.
 */
export function promptRandomAgent(seed = 'fresh'): Agent {
  return {
    name: 'prompt-random',
    async run(ctx) {
      const rng = createRng(`prompt-random:${seed}:${ctx.task.id}`)
      const reading = readPrompt(ctx.task.prompt)
      const outputs: string[] = []
      const calls = Math.min(3 + Math.floor(rng() * 6), ctx.maxToolCalls ?? Infinity)
      for (let i = 0; i < calls && ctx.tools.length; i++) {
        const tool = pick(ctx.tools, rng)
        const args =
          rng() < 0.5
            ? argumentsFor(tool.inputSchema, reading, Math.floor(rng() * reading.sentences.length))
            : randomArguments(tool.inputSchema, rng)
        const outcome = await ctx.callTool(tool.name, args, { round: ctx.nextRound() })
        if (!outcome.isError) outputs.push(outcome.text)
      }
      return outputs.join('\n') || 'Nothing useful came back.'
    },
  }
}
