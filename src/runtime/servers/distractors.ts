import { createRng, shuffled } from '../../lib/random.ts'

/**
 * MCP-Bench adds unrelated servers to each task so the agent must pick the
 * right tools from a noisy catalog. The draw is seeded by the task id: the
 * same task always gets the same distractors, on any machine.
 */
export function drawDistractors(taskId: string, pool: string[], count: number, exclude: string[]): string[] {
  const candidates = [...new Set(pool)].filter((s) => !exclude.includes(s)).sort()
  return shuffled(candidates, createRng(distractorSeed(taskId))).slice(0, count)
}

/** The seed of a task's draw: its id alone, so a rerun, a shard or a replay draws the same servers. */
export function distractorSeed(taskId: string): string {
  return `distractors:${taskId}`
}
