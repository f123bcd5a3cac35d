import * as z from 'zod'

/**
 * The slot protocol between workers and the main process: one JSON message per line over a Unix domain socket.
 * A worker asks for a slot in a named pool, the main process grants it when the pool has room, the worker
 * releases it. A socket that closes gives back every slot it held, so a worker that dies frees its share.
 */
export const ClientMessageSchema = z.discriminatedUnion('op', [
  /** `max`: the pool's limit, for a pool the server does not know yet (null: no limit but the adaptive one). */
  z.object({ op: z.literal('acquire'), id: z.number().int(), pool: z.string().min(1), max: z.number().int().positive().nullable() }),
  /**
   * Gives a granted slot back, or withdraws a request still waiting (the worker's wait was aborted). `ok`: the
   * request under it succeeded, told here rather than in a `report` of its own (one message per request fewer;
   * a success only feeds the limit's slow recovery, so it can wait for the release, where a 429 cannot).
   */
  z.object({ op: z.literal('release'), id: z.number().int(), ok: z.literal(true).optional() }),
  z.object({ op: z.literal('report'), id: z.number().int(), outcome: z.enum(['ok', 'throttled']) }),
])
export type ClientMessage = z.infer<typeof ClientMessageSchema>

export const ServerMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('grant'), id: z.number().int() }),
  /** The slot is not given and never will be: the run's budget is spent (src/node/budget-ledger.ts). */
  z.object({ op: z.literal('refuse'), id: z.number().int(), reason: z.literal('budget') }),
])
export type ServerMessage = z.infer<typeof ServerMessageSchema>

/** Splits a socket's text into whole lines, keeping the unfinished tail for the next chunk. */
export function lineReader(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  let tail = ''
  return (chunk) => {
    const lines = (tail + chunk.toString()).split('\n')
    tail = lines.pop() ?? ''
    for (const line of lines) if (line) onLine(line)
  }
}

/** What a worker holds: give it back once, and tell the pool how the request under it went. */
export interface Slot {
  release(): void
  report(outcome: 'ok' | 'throttled'): void
}

export interface Slots {
  /** Waits for a slot in `pool` (created with limit `max` if new); rejects if `signal` aborts the wait. */
  acquire(pool: string, max: number | undefined, signal?: AbortSignal): Promise<Slot>
}

/** The pool every task takes a slot from, sized by the `concurrency` option. */
export const TASKS_POOL = 'tasks'
