import type { TaskSpecInput } from '../../contracts/task-spec.ts'

/** Set on globalThis to collect task specs instead of registering tests (suite linting, importers). */
const COLLECT = Symbol.for('vitest-mcp-bench.collect')
export interface CollectedTask {
  id: string
  spec: TaskSpecInput
  /** The task's checks callback, so the suite lint can tell a task whose end state is checked. */
  checks?: (...args: never[]) => unknown
}

/** Imports task files and returns their tasks without running anything. */
export async function collectTasks(files: string[], load: (file: string) => Promise<unknown>): Promise<CollectedTask[]> {
  const tasks: CollectedTask[] = []
  const scope = globalThis as Record<symbol, unknown>
  scope[COLLECT] = tasks
  try {
    for (const file of files) await load(file)
  } finally {
    delete scope[COLLECT]
  }
  return tasks
}

/** The collector, while `collectTasks` is importing task files. */
export function collecting(): CollectedTask[] | undefined {
  return (globalThis as Record<symbol, unknown>)[COLLECT] as CollectedTask[] | undefined
}
