import type { AgentContext } from '../../src/runtime/agents/types.ts'

/** A custom agent that reports everything its context gives it, to check what an agent can see. */
export default async function snoop(ctx: AgentContext): Promise<string> {
  return JSON.stringify({ keys: Object.keys(ctx).sort(), task: ctx.task, tools: ctx.tools, maxRounds: ctx.maxRounds })
}
