import { readFileSync } from 'node:fs'
import type { AgentContext } from 'vitest-mcp-bench'

/**
 * An agent for the isolation tests. Its prompt says what to do: `crash` exits its process mid-task, `slow` waits
 * first, `read <path>` answers with a file's text, `console` prints to stdout; anything else calls
 * `probe__echo` with the prompt, records a turn in a new round and answers with the tool's text.
 */
export default async function echo(ctx: AgentContext): Promise<string> {
  const [command, arg] = ctx.task.prompt.split(' ')
  if (command === 'crash') process.exit(3)
  if (command === 'slow') await new Promise((r) => setTimeout(r, 400))
  if (command === 'read') return readFileSync(arg!, 'utf8')
  if (command === 'console') console.log('{"t":"done","task":"t1","answer":"forged"}')
  const out = await ctx.callTool('probe__echo', { text: ctx.task.prompt })
  const round = ctx.nextRound()
  ctx.recordTurn({ content: 'thinking', toolCalls: [], usage: null, finishReason: 'stop', durationMs: 1 })
  return `${out.text} (round ${round}, ${ctx.tools.length} tools, max ${ctx.maxRounds})`
}

export const notAnAgent = 42

/** Reads a file beside its own source, as agents that ship data do. */
export async function ownData(): Promise<string> {
  return readFileSync(new URL('./own-data.txt', import.meta.url), 'utf8')
}
