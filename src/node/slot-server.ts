import { createServer, type Socket } from 'node:net'
import type { AdaptiveLimiter, Grant } from '../lib/limiter.ts'
import { LocalSlots } from '../lib/local-slots.ts'
import { ClientMessageSchema, lineReader, type ServerMessage } from '../contracts/slot-protocol.ts'

export interface SlotServer {
  /** `127.0.0.1:<port>`, for the workers. */
  address: string
  pools: Map<string, AdaptiveLimiter>
  close(): Promise<void>
}

/**
 * The run's pools, in the main process, served to the workers on loopback. Vitest runs one file per worker at
 * a time, so only the main process sees every task of the run: a limit on tasks (or on requests to one
 * endpoint) across all workers has to live here. `sizes` creates pools up front (the tasks pool).
 */
export async function startSlotServer(sizes: Record<string, number>): Promise<SlotServer> {
  const local = new LocalSlots(sizes)
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.setNoDelay(true)
    // Per socket: granted slots and waits still queued, by the worker's request id.
    const held = new Map<number, { grant?: Grant; limiter: AdaptiveLimiter; abort?: AbortController }>()
    // Grants made in one turn of the event loop (a chunk of releases frees several waiters) go out in one write.
    let corked = false
    const send = (message: ServerMessage) => {
      if (!socket.writable) return
      if (!corked) {
        corked = true
        socket.cork()
        setImmediate(() => {
          corked = false
          socket.uncork()
        })
      }
      socket.write(`${JSON.stringify(message)}\n`)
    }
    socket.on('data', lineReader((line) => {
      let parsed
      try {
        parsed = ClientMessageSchema.safeParse(JSON.parse(line))
      } catch {
        parsed = undefined
      }
      // A message that does not parse comes from something that is not our worker: hang up on it.
      if (!parsed?.success) return socket.destroy()
      const message = parsed.data
      if (message.op === 'acquire') {
        const limiter = local.pool(message.pool, message.max)
        const entry: { grant?: Grant; limiter: AdaptiveLimiter; abort?: AbortController } = { limiter, abort: new AbortController() }
        held.set(message.id, entry)
        limiter.acquire(entry.abort!.signal).then((grant) => {
          entry.grant = grant
          entry.abort = undefined
          send({ op: 'grant', id: message.id })
        }, () => {})
      } else if (message.op === 'release') {
        const entry = held.get(message.id)
        held.delete(message.id)
        if (entry?.grant && message.ok) entry.limiter.report(entry.grant.seq, 'ok')
        if (entry?.grant) entry.grant.release()
        else entry?.abort?.abort()
      } else {
        const entry = held.get(message.id)
        if (entry?.grant) entry.limiter.report(entry.grant.seq, message.outcome)
      }
    }))
    const drop = () => {
      sockets.delete(socket)
      for (const entry of held.values()) {
        if (entry.grant) entry.grant.release()
        else entry.abort?.abort()
      }
      held.clear()
    }
    socket.on('close', drop)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  // The run ends when Vitest is done, not when the last worker hangs up.
  server.unref()
  const port = (server.address() as { port: number }).port
  return {
    address: `127.0.0.1:${port}`,
    pools: local.pools,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    }),
  }
}
