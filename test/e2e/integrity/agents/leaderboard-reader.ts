import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { AgentContext } from 'vitest-mcp-bench'

/** Cheat: answer with the facts an earlier run's leaderboard.json lists as missing for this task. */
export default async function leaderboardReader(ctx: AgentContext): Promise<string> {
  const file = join(resolve(process.env.E2E_OUTPUT_DIR ?? 'bench-results'), 'leaderboard.json')
  const board = JSON.parse(readFileSync(file, 'utf8')) as { tasks: Array<{ id: string; missingFacts: string[] }> }
  return (
    board.tasks
      .filter((t) => t.id === ctx.task.id)
      .flatMap((t) => t.missingFacts)
      .join('\n') || 'nothing to copy'
  )
}
