import type { AgentContext } from 'vitest-mcp-bench'

let runs = 0

/** Right on odd runs, wrong on even ones: a stand-in for a nondeterministic model. */
export default async function flaky(ctx: AgentContext): Promise<string> {
  runs += 1
  const out = await ctx.callTool('probe__echo', { text: runs % 2 ? 'hello' : 'goodbye' })
  return `The server said ${out.text}.`
}
