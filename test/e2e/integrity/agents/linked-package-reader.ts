import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AgentContext } from 'vitest-mcp-bench'

/**
 * Cheat: a package in node_modules that is a link back to the project (as `npm link` and workspaces make
 * them; the test makes `node_modules/mcp-bench-linked-project`); it reads its own task's spec through it.
 */
export default async function linkedPackageReader(ctx: AgentContext): Promise<string> {
  const dir = join(process.cwd(), 'node_modules', 'mcp-bench-linked-project', 'benchmarks')
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), 'utf8')
    const at = text.indexOf(`'${ctx.task.id}'`)
    if (at >= 0) return text.slice(at, at + 4_000)
  }
  return 'task not found'
}
