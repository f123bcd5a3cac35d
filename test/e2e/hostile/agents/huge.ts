import type { AgentContext } from 'vitest-mcp-bench'

const n = Number(process.env.E2E_HUGE ?? 1_200_000)

/** A model gone wrong: a huge tool name, huge arguments, a huge reply and a huge answer. */
export default async function huge(ctx: AgentContext): Promise<string> {
  ctx.nextRound()
  ctx.recordTurn({
    content: 'C'.repeat(n),
    toolCalls: [{ id: 'h', name: 'N'.repeat(n), arguments: JSON.stringify({ a: 'A'.repeat(n) }) }],
    usage: null,
    finishReason: 'tool_calls',
    durationMs: 1,
  })
  await ctx.callTool('N'.repeat(n), { a: 'A'.repeat(n) }, { id: 'h' })
  await ctx.callTool('hostile__blob', { n })
  return 'W'.repeat(n)
}
