import type { AgentContext } from 'vitest-mcp-bench'

/** A deliberately worse agent: right on the first twelve tasks, it echoes the wrong word on w13 to w20. */
export default async function worse(ctx: AgentContext): Promise<string> {
  const word = /the word (\w+)/.exec(ctx.task.prompt)?.[1] ?? 'hello'
  const n = Number(/\/w(\d+)-/.exec(ctx.task.id)?.[1] ?? 0)
  const out = await ctx.callTool('probe__echo', { text: n > 12 ? 'goodbye' : word })
  return `The server said ${out.text}.`
}
