/**
 * One queue per server for the calls of one task: a call takes its place when the agent makes it and starts when
 * the calls before it have ended. A model that asks, in one turn, for `create_entities` and `create_relations` on a
 * knowledge-graph server gets them applied in the order it listed them; run at once, the server's two
 * read-modify-write cycles race, and which one's write survives depends on timing (so on the run's concurrency).
 * Servers that keep no state between calls are not queued (ServerHub.callsInOrder decides).
 */
export class CallLanes {
  private readonly tails = new Map<string, Promise<void>>()

  /**
   * Takes the next place in `lane` now (synchronously: the order of `enter` calls is the order of the queue) and
   * resolves when it is this call's turn, or when `signal` aborts (the task is over: nothing waits for a turn).
   * The caller must call the returned function when its call has ended, whatever happened to it.
   */
  enter(lane: string, signal: AbortSignal): Promise<() => void> {
    const before = this.tails.get(lane) ?? Promise.resolve()
    let leave!: () => void
    const mine = new Promise<void>((resolve) => (leave = resolve))
    const tail = before.then(() => mine)
    this.tails.set(lane, tail)
    // The last call out leaves no queue behind.
    void tail.then(() => {
      if (this.tails.get(lane) === tail) this.tails.delete(lane)
    })
    return new Promise((resolve) => {
      const go = () => {
        signal.removeEventListener('abort', go)
        resolve(leave)
      }
      if (signal.aborted) return go()
      signal.addEventListener('abort', go, { once: true })
      void before.then(go)
    })
  }
}
