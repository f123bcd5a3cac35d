import { createHash } from 'node:crypto'

/**
 * The fragment that opens one task × agent × trial in report.html (`report.html#task-…`): the page's script opens
 * that task's trajectory when the page loads with it. Made from the task's file, agent, id and trial, the key the
 * reports keep trajectories by, so the worker that ran the task (its annotation) and the report that shows it make
 * the same one without sharing anything. A hash, because ids and agent names are the user's (any character, any
 * length); the task id's plain part goes first so a reader can tell the link's task.
 */
export function taskAnchor(t: { file: string; agent: string; id: string; trial: number }): string {
  const hash = createHash('sha256').update(`${t.file}\u0000${t.agent}\u0000${t.id}\u0000${t.trial}`, 'utf8').digest('hex').slice(0, 16)
  const readable = t.id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
  return `task-${readable ? `${readable}-` : ''}${hash}`
}
