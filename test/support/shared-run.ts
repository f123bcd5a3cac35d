import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'

/**
 * A child run that several e2e test files compare with, made once per test session: the first file to ask makes it
 * (`make`, in a directory of its own under the session's directory, test/setup/e2e-shared-runs.ts) and the others,
 * in other workers, wait for its result. A file run alone makes it itself. `make` only runs and collects (what it
 * returns is JSON), and each file checks what it needs of the result, as it did of a run of its own.
 */
export async function sharedRun<T>(name: string, make: (dir: string) => Promise<T>): Promise<T> {
  const dir = join(inject('sharedRunsDir'), name)
  const result = join(dir, 'result.json')
  let maker = true
  try {
    mkdirSync(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    maker = false
  }
  if (maker) {
    let outcome: { value: T } | { error: string }
    try {
      outcome = { value: await make(dir) }
    } catch (error) {
      outcome = { error: (error as Error).stack ?? String(error) }
    }
    writeFileSync(`${result}.tmp`, JSON.stringify(outcome))
    renameSync(`${result}.tmp`, result)
    if ('error' in outcome) throw new Error(`the shared run ${name} failed: ${outcome.error}`)
    return outcome.value
  }
  // Made by another file: its worker writes the result whole (a rename), once, failed or not; the hook's timeout
  // ends the wait should that worker die first.
  while (!existsSync(result)) await new Promise((r) => setTimeout(r, 200))
  const outcome = JSON.parse(readFileSync(result, 'utf8')) as { value: T } | { error: string }
  if ('error' in outcome) throw new Error(`the shared run ${name}, made by another test file, failed: ${outcome.error}`)
  return outcome.value
}
