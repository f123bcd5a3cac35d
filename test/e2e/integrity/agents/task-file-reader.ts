import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AgentContext } from 'vitest-mcp-bench'

/** Cheat: find its own task in the task files (from the working directory) and answer with the spec's text around it: answer and facts. */
export default async function taskFileReader(ctx: AgentContext): Promise<string> {
  const dir = join(process.cwd(), 'benchmarks')
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), 'utf8')
    const at = text.indexOf(`'${ctx.task.id}'`)
    if (at >= 0) return text.slice(at, text.indexOf('mcpTask(', at + 1) >>> 0 || at + 4_000)
  }
  return 'task not found'
}
