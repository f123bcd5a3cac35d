import type { TaskRecord } from '../src/contracts/leaderboard.ts'

/** The key under which the reporters keep a task's trajectory: file, agent, id and trial. */
export function trajectoryKey(t: Pick<TaskRecord, 'id' | 'agent' | 'trial' | 'file'>): string {
  return `${t.file}\u0000${t.agent}\u0000${t.id}\u0000${t.trial}`
}
