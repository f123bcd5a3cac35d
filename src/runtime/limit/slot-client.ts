import { connect, type Socket } from 'node:net'
import { LocalSlots } from '../../lib/local-slots.ts'
import { BudgetRefusal } from '../../contracts/budget.ts'
import { lineReader, ServerMessageSchema, type ClientMessage, type Slot, type Slots } from '../../contracts/slot-protocol.ts'

/**
 * A worker's connection to the main process's slot server (src/node/slot-server.ts): one socket for the
 * whole worker. If the server cannot be reached, the worker says so once and falls back to pools of its own,
 * so a lost connection costs the run its shared limit, never a task.
 */
export class SlotClient implements Slots {
  private socket: Socket | undefined
  private nextId = 1
  /** Requests waiting for the server's answer: called with null for a grant, with the error for a refusal. */
  private waiting = new Map<number, (refused: Error | null) => void>()
  private fallback: LocalSlots | undefined
  private lostWhy = ''
  private warned = false

  constructor(readonly address: string) {}

  private open(): Socket {
    if (this.socket) return this.socket
    const socket = connect(this.address)
    // The worker's life is Vitest's to decide: a socket held open must not keep it running.
    socket.unref()
    socket.on(
      'data',
      lineReader((line) => {
        const message = ServerMessageSchema.safeParse(parseJson(line))
        if (!message.success) return
        const answer = this.waiting.get(message.data.id)
        this.waiting.delete(message.data.id)
        answer?.(message.data.op === 'refuse' ? new BudgetRefusal() : null)
      }),
    )
    socket.on('error', (error) => this.lost(error.message))
    socket.on('close', () => this.lost('the connection closed'))
    return (this.socket = socket)
  }

  /** Waits still queued on a lost server are served by the local pools instead. */
  private lost(why: string): void {
    if (this.fallback) return
    this.fallback = new LocalSlots()
    this.lostWhy = why
    // The server closing as the run ends is no news; only a wait or a later request shows something was lost.
    if (this.waiting.size > 0) this.warn()
    for (const wake of this.waiting.values()) wake(null)
    this.waiting.clear()
  }

  private warn(): void {
    if (this.warned) return
    this.warned = true
    console.warn(
      `vitest-mcp-bench: lost the main process's slot server at ${this.address} (${this.lostWhy}); this worker limits its own tasks and requests from now on`,
    )
  }

  private corked = false

  /**
   * Messages sent in one turn of the event loop go out in one write: each write on a loopback socket is a system
   * call that wakes the main process, and a busy worker sends a few per model request.
   */
  private send(message: ClientMessage): void {
    const socket = this.socket
    if (!socket?.writable) return
    if (!this.corked) {
      this.corked = true
      socket.cork()
      setImmediate(() => {
        this.corked = false
        socket.uncork()
      })
    }
    socket.write(`${JSON.stringify(message)}\n`)
  }

  async acquire(pool: string, max: number | undefined, signal?: AbortSignal): Promise<Slot> {
    if (this.fallback) {
      this.warn()
      return this.fallback.acquire(pool, max, signal)
    }
    if (signal?.aborted) throw signal.reason
    this.open()
    const id = this.nextId++
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.waiting.delete(id)
        this.send({ op: 'release', id })
        reject(signal!.reason)
      }
      this.waiting.set(id, (refused) => {
        signal?.removeEventListener('abort', onAbort)
        if (refused) reject(refused)
        else resolve()
      })
      signal?.addEventListener('abort', onAbort, { once: true })
      this.send({ op: 'acquire', id, pool, max: max ?? null })
    })
    // Granted by a server that has since gone away: take a local slot instead.
    const fallback = this.fallback as LocalSlots | undefined
    if (fallback) return fallback.acquire(pool, max, signal)
    let released = false
    // A success is told with the release; a 429 at once, so the pool cuts while the SDK still retries.
    let ok = false
    return {
      release: () => {
        if (released) return
        released = true
        this.send(ok ? { op: 'release', id, ok: true } : { op: 'release', id })
      },
      report: (outcome) => {
        if (released) return
        if (outcome === 'ok') ok = true
        else {
          ok = false
          this.send({ op: 'report', id, outcome })
        }
      },
    }
  }
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}
