import type { AgentContext } from 'vitest-mcp-bench'

/** A custom agent that first calls a tool that does not exist, then does the job. */
export default async function sloppy(ctx: AgentContext): Promise<string> {
  await ctx.callTool('probe__no_such_tool', {})
  ctx.nextRound()
  const out = await ctx.callTool('probe__echo', { text: 'hello' })
  return `The server said ${out.text}.`
}
