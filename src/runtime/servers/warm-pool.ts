import type { ServerConnection } from './connect.ts'
import type { WorkspaceSeed } from './workspace.ts'

/**
 * Warm instances of task-isolated servers (`isolation: "task"`, `${TASK_DIR}`), so a task finds its fresh
 * instance already started instead of waiting for it: while one task runs, the instance for the next task
 * of the same server starts.
 *
 * - Demand-driven and bounded. mcpTask tells the hub at collection which isolated servers each of the
 *   file's tests will take (`plan`); an instance is warmed only for a planned acquisition still to come,
 *   and at most one per key waits at a time. The first task of each key starts its own (nothing is warm
 *   yet); a task filtered out after collection (`-t`, tags) can leave one warm instance unused, which
 *   closes with the file.
 * - Never shared: `take` removes the instance from the pool; it belongs to that one task, which closes it
 *   with its other instances.
 * - Fresh workspaces. A `${TASK_DIR}` server needs its task's directory at start, seeded with the task's
 *   files: the key holds the seed (its directory, or its files' content), so a warm instance's workspace
 *   was made from exactly the seed the task gives, for that instance alone, and is removed with it. A
 *   task with a seed no other task shares finds nothing warm and starts cold.
 * - Same results whatever the schedule: a warm instance is started by the same code with the same config
 *   and variables as a cold one, and no task has touched it. A warm start that failed counts as the task's
 *   first start attempt (the task makes the second, as a cold start would); an instance that died while
 *   it waited is dropped and the task starts its own.
 * - Teardown: `close` stops taking plans, waits for starts still under way and closes every instance no
 *   task took (a start that ends after `close` closes itself, see ServerHub.start). Its processes are in
 *   groups the orphan guard knows from spawn, so a worker that dies still leaves none behind.
 */
export class WarmPool {
  private readonly planned = new Map<string, number>()
  private readonly warm = new Map<string, Promise<ServerConnection>>()
  private closed = false

  /** `start` starts one instance (the hub's own start, under its start limit); `stop` closes one no task took. */
  constructor(
    private readonly start: (name: string, files: WorkspaceSeed | undefined) => Promise<ServerConnection>,
    private readonly stop: (connection: ServerConnection) => Promise<void>,
  ) {}

  /** One acquisition of `key` to come (a test of the file that takes the server). */
  plan(key: string): void {
    if (!this.closed) this.planned.set(key, (this.planned.get(key) ?? 0) + 1)
  }

  /**
   * An acquisition of `key` happens now: counts it off the plan, hands over the warm instance if there is
   * one (still starting, maybe) and starts the next one for the next planned acquisition.
   */
  take(key: string, name: string, files: WorkspaceSeed | undefined): Promise<ServerConnection> | undefined {
    const left = this.planned.get(key) ?? 0
    if (left > 1) this.planned.set(key, left - 1)
    else this.planned.delete(key)
    const warm = this.warm.get(key)
    this.warm.delete(key)
    this.refill(key, name, files)
    return warm
  }

  /** How many instances are warm or warming (for tests and the perf script). */
  size(): number {
    return this.warm.size
  }

  /** Settles once every instance now warming has started (or failed to). */
  async ready(): Promise<void> {
    await Promise.allSettled([...this.warm.values()])
  }

  async close(): Promise<void> {
    this.closed = true
    this.planned.clear()
    const left = [...this.warm.values()]
    this.warm.clear()
    await Promise.all(
      left.map((p) =>
        p.then(
          (c) => this.stop(c),
          () => {},
        ),
      ),
    )
  }

  private refill(key: string, name: string, files: WorkspaceSeed | undefined): void {
    if (this.closed || this.warm.has(key) || !this.planned.has(key)) return
    const started = this.start(name, files)
    // A failure is the taking task's to report (as its first attempt); none is left unhandled meanwhile.
    started.catch(() => {})
    this.warm.set(key, started)
  }
}
