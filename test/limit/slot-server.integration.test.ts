import { existsSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SlotClient } from '../../src/runtime/limit/slot-client.ts'
import { startSlotServer, type SlotServer } from '../../src/node/slot-server.ts'
import { BudgetLedger } from '../../src/node/budget-ledger.ts'
import { BudgetRefusal } from '../../src/contracts/budget.ts'

let server: SlotServer | undefined
afterEach(() => server?.close())

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(check()).toBe(true)
}

describe('the slot server (one limit across worker processes)', () => {
  it('holds two clients together to the pool size, and a 429 reported by either cuts the shared limit', async () => {
    server = await startSlotServer({ tasks: 3 })
    const a = new SlotClient(server.address)
    const b = new SlotClient(server.address)
    const held = await Promise.all([a.acquire('tasks', 3), b.acquire('tasks', 3), a.acquire('tasks', 3)])
    let fourth = false
    const waiting = b.acquire('tasks', 3).then((slot) => ((fourth = true), slot))
    await until(() => server!.pools.get('tasks')!.waiting === 1)
    expect(fourth).toBe(false)
    held[0]!.release()
    await waiting
    expect(server.pools.get('tasks')!.peak).toBe(3)

    const endpoint = await a.acquire('agent http://127.0.0.1/v1', undefined)
    const other = await b.acquire('agent http://127.0.0.1/v1', undefined)
    endpoint.report('throttled')
    await until(() => server!.pools.get('agent http://127.0.0.1/v1')!.limit === 1)
    other.release()
    endpoint.release()
  })

  it('turns a task away once the budget is spent, also one that was waiting for its slot, and frees the slot for the next', async () => {
    const ledger = new BudgetLedger({ usd: 1, inFlight: 'finish' })
    server = await startSlotServer({ tasks: 1 }, { admit: (pool) => (pool === 'tasks' ? ledger.admit() : true) })
    const client = new SlotClient(server.address)
    const first = await client.acquire('tasks', 1)
    // Waits for the one slot; by the time it is free the first task has spent the whole budget.
    const second = client.acquire('tasks', 1)
    const third = client.acquire('tasks', 1)
    await until(() => server!.pools.get('tasks')!.waiting === 2)
    ledger.spend({ usd: 1, tokens: 10 })
    first.release()
    await expect(second).rejects.toBeInstanceOf(BudgetRefusal)
    await expect(third).rejects.toThrow('not run (budget)')
    expect(server.pools.get('tasks')!.inFlight).toBe(0)
    // Other pools are the gatekeeper's to decide: this one lets the judge's requests through.
    ;(await client.acquire('judge http://127.0.0.1/v1', undefined)).release()
  })

  it('counts a success told with the release: a pool cut by a 429 wins its slot back', async () => {
    server = await startSlotServer({})
    const client = new SlotClient(server.address)
    const pool = 'agent http://127.0.0.1/v1'
    const [a, b] = await Promise.all([client.acquire(pool, 2), client.acquire(pool, 2)])
    a!.report('throttled')
    await until(() => server!.pools.get(pool)!.limit === 1)
    a!.release()
    b!.release()
    const next = await client.acquire(pool, 2)
    next.report('ok')
    expect(server.pools.get(pool)!.limit).toBe(1)
    next.release()
    await until(() => server!.pools.get(pool)!.limit === 2)
  })

  it('gives back the slots of a client that goes away', async () => {
    server = await startSlotServer({ tasks: 1 })
    const dying = new SlotClient(server.address)
    await dying.acquire('tasks', 1)
    const survivor = new SlotClient(server.address)
    const waiting = survivor.acquire('tasks', 1)
    ;(dying as unknown as { socket: { destroy(): void } }).socket.destroy()
    await expect(waiting).resolves.toBeDefined()
  })

  it('withdraws a wait the client aborts', async () => {
    server = await startSlotServer({ tasks: 1 })
    const client = new SlotClient(server.address)
    const first = await client.acquire('tasks', 1)
    const controller = new AbortController()
    const aborted = client.acquire('tasks', 1, controller.signal)
    controller.abort(new Error('test timed out'))
    await expect(aborted).rejects.toThrow('test timed out')
    first.release()
    await expect(client.acquire('tasks', 1)).resolves.toBeDefined()
  })

  it('falls back to limits of its own when the server is gone, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server = await startSlotServer({ tasks: 1 })
    const address = server.address
    const client = new SlotClient(address)
    await client.acquire('tasks', 1)
    const waiting = client.acquire('tasks', 1)
    await until(() => server!.pools.get('tasks')!.waiting === 1)
    await server.close()
    server = undefined
    await expect(waiting).resolves.toBeDefined()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`lost the main process's slot server at ${address}`))
    warn.mockRestore()
  })

  // A sandboxed agent shares the host's network: a port on loopback would be within its reach, a socket in a
  // private directory that is not mounted into its sandbox is not.
  it.skipIf(process.platform === 'win32')(
    'listens on a Unix domain socket in a directory only this user can enter, removed when it closes',
    async () => {
      server = await startSlotServer({ tasks: 1 })
      const { address } = server
      expect(address).not.toMatch(/^[\d.]+:\d+$/)
      expect(statSync(address).isSocket()).toBe(true)
      expect(statSync(dirname(address)).mode & 0o777).toBe(0o700)
      await expect(new SlotClient(address).acquire('tasks', 1)).resolves.toBeDefined()
      await server.close()
      server = undefined
      expect(existsSync(dirname(address))).toBe(false)
    },
  )
})
