import { referenceLayers } from '../../scoring/dependencies.ts'
import type { ReferencePlan } from '../../contracts/task-spec.ts'
import type { Agent } from './types.ts'

/**
 * Replays a task's reference plan through real MCP calls, one dependency
 * layer per round with the calls of a layer in parallel. It proves a task is
 * solvable and is the oracle row of the leaderboard. Its answer is the
 * reference answer, whose facts the harness then checks against the tool
 * outputs of this very run, so a server that answers wrongly fails it. A step
 * that fails makes the run fail, naming the step.
 *
 * The plan is handed over by the harness: no agent reads it from its context.
 */
export function referenceAgent(plan: ReferencePlan | undefined): Agent {
  return {
    name: 'reference',
    async run(ctx) {
      if (!plan || plan.calls.length === 0) {
        throw new Error(`task "${ctx.task.id}" has no reference plan (reference.calls), so the reference agent cannot run it`)
      }
      const byId = new Map(plan.calls.map((c) => [c.id, c]))
      for (const layer of referenceLayers(plan)) {
        const round = ctx.nextRound()
        const outcomes = await Promise.all(
          layer.map(async (id) => {
            const call = byId.get(id)!
            return { call, outcome: await ctx.callTool(call.tool, call.args, { id, round }) }
          }),
        )
        const failed = outcomes.find((o) => o.outcome.isError)
        if (failed) {
          throw new Error(`reference step "${failed.call.id}" (${failed.call.tool}) failed: ${failed.outcome.text.slice(0, 500)}`)
        }
      }
      return plan.answer ?? null
    },
  }
}
