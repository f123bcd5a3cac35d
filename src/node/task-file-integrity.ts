import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { relative } from 'node:path'
import type { TaskFileIntegrity } from '../contracts/leaderboard.ts'

interface Seen {
  hash: string | null
  links: number
}

/**
 * The run's task files as they were when it started: a hash of each, and how many names each has. A task
 * file that changes while the run goes on (agent code that reached it, a debugger, another process) or that
 * has a second name elsewhere (a hard link, which read limits by path cannot see) is named at the end, and
 * the run fails: its numbers rest on specs nobody can vouch for.
 */
export class TaskFileSnapshot {
  private readonly seen = new Map<string, Seen>()

  constructor(private readonly root: string) {}

  /** Takes the files the run is about to collect (again in watch mode: the latest content is the one judged). */
  take(files: Iterable<string>): void {
    for (const file of files) this.seen.set(file, read(file))
  }

  /** Each file's hash as it was taken, by path relative to the root (files that could not be read left out). */
  hashes(): Record<string, string> {
    const hashes: Record<string, string> = {}
    for (const [file, seen] of this.seen) if (seen.hash) hashes[relative(this.root, file)] = seen.hash
    return hashes
  }

  /** What changed since `take`, and the files with more than one name, by paths relative to the root. */
  check(): TaskFileIntegrity {
    const changed: string[] = []
    const hardLinked: string[] = []
    for (const [file, before] of this.seen) {
      const now = read(file)
      if (now.hash !== before.hash) changed.push(relative(this.root, file))
      if (Math.max(now.links, before.links) > 1) hardLinked.push(relative(this.root, file))
    }
    return { taskFiles: this.seen.size, changed: changed.sort(), hardLinked: hardLinked.sort() }
  }
}

function read(file: string): Seen {
  try {
    return { hash: createHash('sha256').update(readFileSync(file)).digest('hex'), links: statSync(file).nlink }
  } catch {
    return { hash: null, links: 0 }
  }
}

/** The sentence a run with broken task files fails with, or null. */
export function integrityProblem(integrity: TaskFileIntegrity | undefined): string | null {
  if (!integrity) return null
  const parts = [
    integrity.changed.length ? `task files changed during the run: ${integrity.changed.join(', ')}` : '',
    integrity.hardLinked.length
      ? `task files with a second name (a hard link) that agent code may read: ${integrity.hardLinked.join(', ')}`
      : '',
  ].filter(Boolean)
  return parts.length ? parts.join('; ') : null
}
