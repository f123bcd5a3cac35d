import { cleanText } from './text.ts'

/**
 * The Vitest test name of one task for one agent and trial: the task id, then the agent when a run has several,
 * then the trial when it has several. One function, so the pre-count of a run's tasks (src/node/task-count.ts)
 * matches the names `-t` is tested against exactly as mcpTask registers them.
 */
export function taskTitle(id: string, agent: string, trial: number, counts: { agents: number; trials: number }): string {
  return `${cleanText(id)}${counts.agents > 1 ? ` [${agent}]` : ''}${counts.trials > 1 ? ` #${trial}` : ''}`
}
