import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AgentContext } from 'vitest-mcp-bench'

/**
 * Cheat: a link in its own directory, `tasks`, leads to the project's task files (the test copies this agent
 * beside such a link); it reads its own task's spec through it, as the task-file reader does from the root.
 */
export default async function linkedDirReader(ctx: AgentContext): Promise<string> {
  const dir = join(import.meta.dirname, 'tasks')
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), 'utf8')
    const at = text.indexOf(`'${ctx.task.id}'`)
    if (at >= 0) return text.slice(at, at + 4_000)
  }
  return 'task not found'
}
