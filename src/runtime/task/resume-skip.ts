import { inject } from 'vitest'
import { keptKey, type ResumeProvided } from '../../contracts/run-journal.ts'

declare module 'vitest' {
  interface ProvidedContext {
    /** On a resumed run, the tasks whose results the main process keeps from the journal (src/node/resume.ts). */
    mcpBenchResume: ResumeProvided | undefined
  }
}

let cache: { provided: ResumeProvided; kept: Set<string> } | undefined

function kept(): Set<string> | undefined {
  let provided: ResumeProvided | undefined
  try {
    provided = inject('mcpBenchResume')
  } catch {
    // Outside a Vitest worker (a script calling the task code directly): nothing is resumed.
    return undefined
  }
  if (!provided) return undefined
  if (cache?.provided !== provided) cache = { provided, kept: new Set(provided.kept) }
  return cache.kept
}

/**
 * On a resumed run, whether this task's result is kept from the run being resumed: its test is then skipped
 * before it takes a slot, starts a server or sends a request, and the main process puts the kept result in its
 * place (reporters/leaderboard.ts).
 */
export function keptByResume(file: string, identity: { taskId: string; agent: string; trial: number }): boolean {
  return kept()?.has(keptKey(file, identity)) ?? false
}
