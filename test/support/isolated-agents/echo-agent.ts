import { readFileSync } from 'node:fs'
import type { AgentContext } from 'vitest-mcp-bench'

/**
 * An agent for the isolation tests. Its prompt says what to do: `crash` exits its process mid-task, `slow` waits
 * first, `read <path>` answers with a file's text, `console` prints to stdout, `late` waits and then calls
 * `probe__echo` (after its task was aborted, in the test that uses it) and keeps what it got, which a later task
 * `late-call` answers with once it is there; anything else calls `probe__echo` with the prompt, records a turn in
 * a new round and answers with the tool's text.
 */
/** What the `late` task's call got, and the `late-call` tasks waiting for it: tasks of one child share the module. */
const late: { text?: string; waiting: Array<(text: string) => void> } = { waiting: [] }

export default async function echo(ctx: AgentContext): Promise<string> {
  const [command, arg] = ctx.task.prompt.split(' ')
  if (command === 'late-call') return `late call got: ${late.text ?? (await new Promise<string>((r) => late.waiting.push(r)))}`
  if (command === 'late') {
    await new Promise((r) => setTimeout(r, 400))
    const text = await ctx.callTool('probe__echo', { text: ctx.task.prompt }).then(
      (o) => o.text,
      (e: Error) => `threw ${e.message}`,
    )
    late.text = text
    for (const settle of late.waiting.splice(0)) settle(text)
    return text
  }
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
