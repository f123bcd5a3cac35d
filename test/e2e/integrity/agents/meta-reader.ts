import type { AgentContext } from 'vitest-mcp-bench'

/**
 * Cheat: read the running test's outcome record from Vitest's meta and replay its reference (the calls, then
 * the answer and every fact). It must find no reference there while it runs.
 */
export default async function metaReader(ctx: AgentContext): Promise<string> {
  let reference: { calls: Array<{ tool: string; args?: unknown }>; answer?: string; facts: unknown[] } | null | undefined
  try {
    const { TestRunner } = await import('vitest')
    reference = TestRunner.getCurrentTest()?.meta.mcpBenchOutcome?.reference
  } catch (error) {
    throw new Error(`meta reader: no test meta in reach (${(error as Error).message.split('\n')[0]})`, { cause: error })
  }
  if (!reference) throw new Error('meta reader: the test meta holds no reference while the agent runs')
  for (const call of reference.calls) await ctx.callTool(call.tool, call.args ?? {})
  return [reference.answer ?? '', ...reference.facts.map((f) => JSON.stringify(f))].join('\n')
}
