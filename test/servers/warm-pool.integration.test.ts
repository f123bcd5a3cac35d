import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { compileServers } from '../support/compiled-servers.ts'
import { isAlive } from '../support/process.ts'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub, type ServerSession } from '../../src/runtime/servers/hub.ts'
import { workspaceDirectory } from '../../src/runtime/servers/orphan-guard.ts'

const root = process.cwd()
// The probe server compiled once for the file, which starts it many times (test/support/compiled-servers.ts says why).
const compiled = await compileServers({ 'probe-stdio': 'test/support/probe-stdio.ts' })
const probe = { command: process.execPath, args: [compiled['probe-stdio']] }
// Started through tsx, about a second: the test of an instance still starting when the file ends needs a slow start.
const slowProbe = { command: process.execPath, args: ['--import', 'tsx', 'test/support/probe-stdio.ts'] }

function hubWith(mcpServers: Record<string, unknown>): ServerHub {
  return new ServerHub({ ...parseServers({ mcpServers }, 'test'), root })
}

async function increment(session: ServerSession, server: string): Promise<string> {
  const result = await session.connections.get(server)!.client.callTool({ name: 'increment', arguments: {} })
  return (result.content as Array<{ text: string }>)[0]!.text
}

const pidOf = (session: ServerSession, server: string) => session.connections.get(server)!.pid!

/** The pids a probe server wrote at each start (PROBE_PID_FILE, PROBE_ATTEMPTS_FILE): every start is one line. */
function startsIn(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []
}

let hub: ServerHub | undefined
const scratch: string[] = []
afterEach(async () => {
  await hub?.close()
  hub = undefined
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('warm pool for task-isolated servers', () => {
  it("starts the next planned task's instance while the current task runs, and hands it over unused", async () => {
    hub = hubWith({ isolated: { ...probe, isolation: 'task' } })
    for (let i = 0; i < 3; i++) hub.plan(['isolated'])
    const first = await hub.acquire(['isolated'])
    // One instance warms for the second task, no more, however many tasks are planned.
    expect(hub.warmCount()).toBe(1)
    await hub.warmed()
    const warmPid = hub.pids().find((p) => p !== pidOf(first, 'isolated'))!
    expect(isAlive(warmPid)).toBe(true)
    expect(await increment(first, 'isolated')).toBe('1')
    expect(await increment(first, 'isolated')).toBe('2')
    await first.release()

    const second = await hub.acquire(['isolated'])
    expect(pidOf(second, 'isolated')).toBe(warmPid)
    // Nobody touched it before: its state starts clean, as a cold instance's does.
    expect(await increment(second, 'isolated')).toBe('1')
    // The third task's instance warms now; after it, nothing is planned and nothing warms.
    expect(hub.warmCount()).toBe(1)
    const third = await hub.acquire(['isolated'])
    expect(hub.warmCount()).toBe(0)
    expect(new Set([pidOf(second, 'isolated'), pidOf(third, 'isolated')]).size).toBe(2)
    await Promise.all([second.release(), third.release()])
    expect(hub.pids()).toEqual([])
  })

  it('warms nothing that no test planned, nor shared servers', async () => {
    hub = hubWith({ isolated: { ...probe, isolation: 'task' }, shared: { module: './test/support/probe-server.ts' } })
    hub.plan(['shared'])
    hub.plan(['shared'])
    const session = await hub.acquire(['isolated', 'shared'])
    expect(hub.warmCount()).toBe(0)
    await session.release()
    expect(hub.pids()).toEqual([])
  })

  it("gives a warm ${TASK_DIR} server a fresh workspace made from the same seed, and never another seed's", async () => {
    hub = hubWith({ files: { module: './test/support/probe-server.ts', options: { name: '${TASK_DIR}' } } })
    const seedA = { 'in/a.txt': 'A' }
    hub.plan(['files'], seedA)
    hub.plan(['files'], { 'in/b.txt': 'B' })
    hub.plan(['files'], { 'in/a.txt': 'A' })
    const first = await hub.acquire(['files'], { files: seedA })
    await hub.warmed()
    const dirA1 = first.workspaces.get('files')!
    // The next seed-A task's workspace exists already, made and seeded while this task runs.
    const ahead = readdirSync(workspaceDirectory())
      .map((d) => join(workspaceDirectory(), d))
      .filter((d) => d !== dirA1 && d.includes('files-'))
    expect(ahead).toHaveLength(1)
    expect(readdirSync(join(ahead[0]!, 'in'))).toEqual(['a.txt'])
    // It now holds a file only this task wrote; the warm one for the next seed-A task must not see it.
    const { writeFileSync } = await import('node:fs')
    writeFileSync(join(dirA1, 'in/written.txt'), 'by task 1')
    await first.release()

    const b = await hub.acquire(['files'], { files: { 'in/b.txt': 'B' } })
    const dirB = b.workspaces.get('files')!
    expect(readFileSync(join(dirB, 'in/b.txt'), 'utf8')).toBe('B')
    expect(existsSync(join(dirB, 'in/a.txt'))).toBe(false)

    const a2 = await hub.acquire(['files'], { files: { 'in/a.txt': 'A' } })
    const dirA2 = a2.workspaces.get('files')!
    expect(dirA2).toBe(ahead[0])
    expect(new Set([dirA1, dirB, dirA2]).size).toBe(3)
    expect(readdirSync(join(dirA2, 'in')).sort()).toEqual(['a.txt'])
    await Promise.all([b.release(), a2.release()])
    expect([dirA1, dirB, dirA2].filter((d) => existsSync(d))).toEqual([])
  })

  it('closes an instance no task took, its process group and its workspace, when the file ends', async () => {
    hub = hubWith({ files: { ...probe, args: [...probe.args, '${TASK_DIR}'] } })
    hub.plan(['files'])
    hub.plan(['files'])
    const first = await hub.acquire(['files'])
    await first.release()
    await hub.warmed()
    const [warmPid] = hub.pids()
    expect(warmPid).toBeDefined()
    expect(isAlive(warmPid!)).toBe(true)
    await hub.close()
    expect(isAlive(warmPid!)).toBe(false)
    expect(hub.pids()).toEqual([])
  })

  it('closes an instance still starting when the file ends, once it has started', async () => {
    const pids = join(mkdtempSync(join(tmpdir(), 'warm-pool-')), 'pids')
    scratch.push(join(pids, '..'))
    hub = hubWith({ isolated: { ...slowProbe, isolation: 'task', env: { PROBE_PID_FILE: pids } } })
    hub.plan(['isolated'])
    hub.plan(['isolated'])
    const first = await hub.acquire(['isolated'])
    await first.release()
    // The second instance is still starting (tsx takes a while): closing now must not leave it behind.
    expect(hub.warmCount()).toBe(1)
    await hub.close()
    const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number)
    expect(started).toHaveLength(2)
    expect(started.filter(isAlive)).toEqual([])
  })

  it("counts a failed warm start as the task's first attempt, so a failing server is tried as often as without the pool", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warm-pool-'))
    scratch.push(dir)
    const log = join(dir, 'starts')
    const failing = {
      command: process.execPath,
      args: ['-e', `require('fs').appendFileSync(${JSON.stringify(log)}, 'x'); console.error('boom'); process.exit(3)`],
      isolation: 'task',
    }
    hub = hubWith({ failing })
    hub.plan(['failing'])
    hub.plan(['failing'])
    await expect(hub.acquire(['failing'])).rejects.toThrow(/Server "failing" failed to start .*\(tried 2 times\)[\s\S]*boom/)
    await hub.warmed()
    await expect(hub.acquire(['failing'])).rejects.toThrow(/Server "failing" failed to start .*\(tried 2 times\)[\s\S]*boom/)
    // Two tasks, two attempts each: the warm start was the second task's first.
    expect(readFileSync(log, 'utf8')).toBe('xxxx')
  })

  it('drops a warm instance that died while it waited and starts the task its own', async () => {
    hub = hubWith({ isolated: { ...probe, isolation: 'task' } })
    hub.plan(['isolated'])
    hub.plan(['isolated'])
    const first = await hub.acquire(['isolated'])
    await hub.warmed()
    const warmPid = hub.pids().find((p) => p !== pidOf(first, 'isolated'))!
    process.kill(-warmPid, 'SIGKILL')
    await expect.poll(() => isAlive(warmPid)).toBe(false)
    await new Promise((r) => setTimeout(r, 100))
    const second = await hub.acquire(['isolated'])
    expect(pidOf(second, 'isolated')).not.toBe(warmPid)
    expect(await increment(second, 'isolated')).toBe('1')
    await Promise.all([first.release(), second.release()])
  })
})

describe("shared servers started ahead of a file's tasks (the run's server plan)", () => {
  function scratchFile(name: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'shared-ahead-'))
    scratch.push(dir)
    return join(dir, name)
  }

  it('starts a shared server once, however often it is asked, and hands that process to every task', async () => {
    const pids = scratchFile('pids')
    hub = hubWith({ shared: { ...probe, env: { PROBE_PID_FILE: pids } }, isolated: { ...probe, isolation: 'task' } })
    for (let i = 0; i < 5; i++) hub.startAhead(['shared', 'isolated', 'not-configured'])
    // Started before any task asked: its process has written its pid. The task-isolated one is the warm pool's.
    await expect.poll(() => startsIn(pids).length, { timeout: 10_000 }).toBe(1)
    expect(hub.warmCount()).toBe(0)
    const sessions = await Promise.all([1, 2, 3].map(() => hub!.acquire(['shared'])))
    expect(sessions.map((s) => String(pidOf(s, 'shared')))).toEqual([startsIn(pids)[0], startsIn(pids)[0], startsIn(pids)[0]])
    // One state for the file: the second task sees what the first did.
    expect(await increment(sessions[0]!, 'shared')).toBe('1')
    expect(await increment(sessions[1]!, 'shared')).toBe('2')
    await Promise.all(sessions.map((s) => s.release()))
    expect(startsIn(pids)).toHaveLength(1)
  })

  it("fails the first tasks with a failed early start's own error, without starting it again for them; the next task tries afresh", async () => {
    const attempts = scratchFile('attempts')
    const flag = scratchFile('ok')
    // Exits 5 at every start until the flag file exists; each attempt writes a line first.
    hub = hubWith({ flaky: { ...probe, env: { PROBE_ATTEMPTS_FILE: attempts, PROBE_START_WHEN: flag } } })
    hub.startAhead(['flaky'])
    // The early start makes its two attempts before any task asks.
    await expect.poll(() => startsIn(attempts).length, { timeout: 15_000 }).toBe(2)
    const first = await Promise.allSettled([hub.acquire(['flaky']), hub.acquire(['flaky'])])
    for (const result of first) expect(result.status === 'rejected' && String(result.reason)).toMatch(/failed to start .*\(tried 2 times\)/)
    expect(startsIn(attempts)).toHaveLength(2)
    writeFileSync(flag, '')
    const session = await hub.acquire(['flaky'])
    expect(session.connections.get('flaky')!.alive()).toBe(true)
    expect(startsIn(attempts)).toHaveLength(3)
    await session.release()
  })

  it('closes a server started ahead that no task acquired, with the file, and starts nothing once closed', async () => {
    const pids = scratchFile('pids')
    hub = hubWith({ shared: { ...probe, env: { PROBE_PID_FILE: pids } } })
    hub.startAhead(['shared'])
    await expect.poll(() => startsIn(pids).length, { timeout: 10_000 }).toBe(1)
    await expect.poll(() => hub!.pids().length, { timeout: 10_000 }).toBe(1)
    const pid = Number(startsIn(pids)[0])
    await hub.close()
    hub.startAhead(['shared'])
    hub = undefined
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false)
    expect(startsIn(pids)).toHaveLength(1)
  })
})
