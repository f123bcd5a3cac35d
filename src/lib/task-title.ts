import { cleanText } from './text.ts'

/**
 * The Vitest test name of one task for one row (an agent, or an agent against a server variant) and trial: the
 * task id, then the row when a run has several, then the trial when it has several. One function, so the
 * pre-count of a run's tasks (src/node/task-count.ts) matches the names `-t` is tested against exactly as mcpTask
 * registers them.
 */
export function taskTitle(id: string, row: string, trial: number, counts: { rows: number; trials: number }): string {
  return `${cleanText(id)}${counts.rows > 1 ? ` [${row}]` : ''}${counts.trials > 1 ? ` #${trial}` : ''}`
}
