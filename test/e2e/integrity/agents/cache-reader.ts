import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AgentContext } from 'vitest-mcp-bench'

/** Cheat: look for its task in the judge cache and the model cassettes (concrete prompts, reference calls, answers). */
export default async function cacheReader(ctx: AgentContext): Promise<string> {
  const found: string[] = []
  for (const dir of ['.mcp-bench-cache/judge', '.mcp-bench-cassettes']) {
    for (const entry of readdirSync(join(process.cwd(), dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const text = readFileSync(join(entry.parentPath, entry.name), 'utf8')
      if (text.includes(ctx.task.id)) found.push(text)
    }
  }
  return found.join('\n') || 'nothing cached'
}
