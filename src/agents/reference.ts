import { referenceLayers } from '../checks/dependencies.ts'
import type { Agent } from './types.ts'

/**
 * Replays the task's reference plan through real MCP calls, one dependency
 * layer per round with the calls of a layer in parallel. It proves a task is
 * solvable and is the oracle row of the leaderboard. Its answer is the
 * reference answer; a step that fails makes the run fail, naming the step.
 */
export function referenceAgent(): Agent {
  return {
    name: 'reference',
    async run(ctx) {
      const plan = ctx.task.reference
      if (!plan || plan.calls.length === 0) {
        throw new Error(`task "${ctx.task.id}" has no reference plan (reference.calls), so the reference agent cannot run it`)
      }
      const byId = new Map(plan.calls.map((c) => [c.id, c]))
      for (const layer of referenceLayers(plan)) {
        const round = ctx.nextRound()
        const outcomes = await Promise.all(layer.map(async (id) => {
          const call = byId.get(id)!
          return { call, outcome: await ctx.callTool(call.tool, call.args, { id, round }) }
        }))
        const failed = outcomes.find((o) => o.outcome.isError)
        if (failed) {
          throw new Error(`reference step "${failed.call.id}" (${failed.call.tool}) failed: ${failed.outcome.text.slice(0, 500)}`)
        }
      }
      return plan.answer ?? null
    },
  }
}
