import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AdaptiveLimiter, Grant } from '../lib/limiter.ts'
import { LocalSlots } from '../lib/local-slots.ts'
import { ClientMessageSchema, lineReader, type ServerMessage } from '../contracts/slot-protocol.ts'

export interface SlotServer {
  /** The socket's path, for the workers (a named pipe on Windows). */
  address: string
  pools: Map<string, AdaptiveLimiter>
  close(): Promise<void>
}

/** Decides, as a slot becomes free, whether it may be given at all (the run's budget, src/node/budget-ledger.ts). */
export interface SlotGatekeeper {
  admit(pool: string): boolean
}

/**
 * The run's pools, in the main process, served to the workers. Vitest runs one file per worker at a time, so
 * only the main process sees every task of the run: a limit on tasks (or on requests to one endpoint) across
 * all workers has to live here (docs/explanation/processes.md). `sizes` creates pools up front (the tasks pool).
 *
 * It listens on a Unix domain socket in a directory of its own (mkdtemp makes it mode 0700), never on a TCP
 * port: a sandboxed agent shares the host's network, so anything on loopback is within its reach, while this
 * directory is neither this user's to anyone else nor mounted into the sandbox. On Windows, a named pipe.
 */
export async function startSlotServer(sizes: Record<string, number>, gatekeeper?: SlotGatekeeper): Promise<SlotServer> {
  const local = new LocalSlots(sizes)
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
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
    socket.on(
      'data',
      lineReader((line) => {
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
          limiter.acquire(entry.abort!.signal).then(
            (grant) => {
              // Asked when the slot is free, not when it was asked for: a task that waited does not start past the budget.
              if (gatekeeper && !gatekeeper.admit(message.pool)) {
                held.delete(message.id)
                grant.release()
                send({ op: 'refuse', id: message.id, reason: 'budget' })
                return
              }
              entry.grant = grant
              entry.abort = undefined
              send({ op: 'grant', id: message.id })
            },
            () => {},
          )
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
      }),
    )
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
  const { address, dir } = socketPath()
  // Removed when the server closes, or at the latest when this process exits.
  const remove = () => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    process.off('exit', remove)
  }
  process.once('exit', remove)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(address, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    remove()
    throw error
  }
  // The run ends when Vitest is done, not when the last worker hangs up.
  server.unref()
  return {
    address,
    pools: local.pools,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => {
          remove()
          resolve()
        })
      }),
  }
}

/** Where the server listens: a socket in a new private directory, or a named pipe on Windows (no directory). */
function socketPath(): { address: string; dir: string | null } {
  if (process.platform === 'win32')
    return { address: `\\\\.\\pipe\\vitest-mcp-bench-${process.pid}-${randomBytes(6).toString('hex')}`, dir: null }
  // Short on purpose: a socket's path is limited to about 100 bytes.
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-'))
  return { address: join(dir, 'slots'), dir }
}
