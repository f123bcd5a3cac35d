import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { compileServers } from '../support/compiled-servers.ts'
import { isAlive } from '../support/process.ts'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { drawDistractors } from '../../src/runtime/servers/distractors.ts'
import { createRng, shuffled } from '../../src/lib/random.ts'
import { workspaceDirectory } from '../../src/runtime/servers/orphan-guard.ts'

const root = process.cwd()
// The probe server compiled once for the file, which starts it many times (test/support/compiled-servers.ts says why).
const compiled = await compileServers({ 'probe-stdio': 'test/support/probe-stdio.ts' })
const probe = { command: process.execPath, args: [compiled['probe-stdio']] }

function hubWith(mcpServers: Record<string, unknown>): ServerHub {
  return new ServerHub({ ...parseServers({ mcpServers }, 'test'), root })
}

async function text(hub: ServerHub, server: string, tool: string, args: Record<string, unknown> = {}) {
  const session = await hub.acquire([server])
  const result = await session.connections.get(server)!.client.callTool({ name: tool, arguments: args })
  await session.release()
  return (result.content as Array<{ text: string }>)[0]!.text
}

let hub: ServerHub | undefined
afterEach(async () => {
  await hub?.close()
  hub = undefined
})

describe('server hub', () => {
  it('gives a stdio server only the variables it declares, plus a minimal base', async () => {
    process.env.OPENAI_API_KEY_FOR_LEAK_TEST = 'sk-secret'
    process.env.PROBE_PASSTHROUGH = 'from-parent'
    hub = hubWith({ probe: { ...probe, env: { DECLARED: 'yes', FROM_PARENT: '${PROBE_PASSTHROUGH}' } } })
    const { env } = JSON.parse(await text(hub, 'probe', 'env')) as { env: Record<string, string> }
    expect(env.DECLARED).toBe('yes')
    expect(env.FROM_PARENT).toBe('from-parent')
    expect(env.PATH).toBeTruthy()
    expect(env.OPENAI_API_KEY_FOR_LEAK_TEST).toBeUndefined()
    expect(env.PROBE_PASSTHROUGH).toBeUndefined()
    delete process.env.OPENAI_API_KEY_FOR_LEAK_TEST
  })

  it('shares a file-isolated server and gives task-isolated servers a fresh instance each', async () => {
    hub = hubWith({ shared: probe, isolated: { ...probe, isolation: 'task' } })
    expect(await text(hub, 'shared', 'increment')).toBe('1')
    expect(await text(hub, 'shared', 'increment')).toBe('2')
    expect(await text(hub, 'isolated', 'increment')).toBe('1')
    expect(await text(hub, 'isolated', 'increment')).toBe('1')
  })

  it('stops task-isolated processes on release and everything on close', async () => {
    hub = hubWith({ shared: probe, isolated: { ...probe, isolation: 'task' } })
    const session = await hub.acquire(['shared', 'isolated'])
    const isolatedPid = session.connections.get('isolated')!.pid!
    const sharedPid = session.connections.get('shared')!.pid!
    expect(isAlive(isolatedPid) && isAlive(sharedPid)).toBe(true)
    await session.release()
    expect(isAlive(isolatedPid)).toBe(false)
    expect(isAlive(sharedPid)).toBe(true)
    await hub.close()
    expect(isAlive(sharedPid)).toBe(false)
    expect(hub.pids()).toEqual([])
  })

  it('runs in-process servers over the in-memory transport', async () => {
    hub = hubWith({ local: { module: './test/support/probe-server.ts', options: { name: 'local-probe' } } })
    expect(await text(hub, 'local', 'echo', { text: 'hi' })).toBe('hi')
  })

  it('names a server whose command does not exist', async () => {
    hub = hubWith({ ghost: { command: 'definitely-not-a-command-xyz' } })
    await expect(hub.acquire(['ghost'])).rejects.toThrow(
      /Server "ghost" failed to start \(command: definitely-not-a-command-xyz\): .*(ENOENT|not found)/i,
    )
  })

  it('names a server that exits at start and shows its stderr', async () => {
    hub = hubWith({ dies: { command: process.execPath, args: ['-e', 'console.error("boom: missing config"); process.exit(3)'] } })
    await expect(hub.acquire(['dies'])).rejects.toThrow(/Server "dies" failed to start[\s\S]*boom: missing config/)
  })

  it('gives up on a server that hangs at start after its startup timeout', async () => {
    hub = hubWith({ hangs: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], startupTimeoutMs: 300 } })
    await expect(hub.acquire(['hangs'])).rejects.toThrow(/Server "hangs" failed to start.*did not start within 300 ms/)
  })

  it('names unknown and invalid servers with what is configured', async () => {
    hub = new ServerHub({ ...parseServers({ mcpServers: { ok: probe, broken: { command: 5 } } }, 'cfg.json'), root })
    await expect(hub.acquire(['nope'])).rejects.toThrow('Unknown server "nope". Configured servers: broken, ok')
    await expect(hub.acquire(['broken'])).rejects.toThrow(/mcpServers\.broken\.command/)
  })

  it('restarts a shared server that crashed, for the next task', async () => {
    hub = hubWith({ shared: probe })
    const first = await hub.acquire(['shared'])
    const pid = first.connections.get('shared')!.pid!
    await first.connections.get('shared')!.client.callTool({ name: 'crash', arguments: {} })
    await expect.poll(() => isAlive(pid)).toBe(false)
    await expect.poll(() => first.connections.get('shared')!.alive()).toBe(false)
    const second = await hub.acquire(['shared'])
    expect(second.connections.get('shared')!.pid).not.toBe(pid)
    expect(await text(hub, 'shared', 'echo', { text: 'back' })).toBe('back')
  })
})

describe('per-task state', () => {
  it('gives concurrent tasks on an isolated server separate instances', async () => {
    hub = hubWith({ isolated: { ...probe, isolation: 'task' } })
    const sessions = await Promise.all(Array.from({ length: 4 }, () => hub!.acquire(['isolated'])))
    const counts = await Promise.all(
      sessions.map(async (s) => {
        const c = s.connections.get('isolated')!.client
        await c.callTool({ name: 'increment', arguments: {} })
        return ((await c.callTool({ name: 'increment', arguments: {} })) as { content: Array<{ text: string }> }).content[0]!.text
      }),
    )
    expect(counts).toEqual(['2', '2', '2', '2'])
    expect(new Set(sessions.map((s) => s.connections.get('isolated')!.pid)).size).toBe(4)
    await Promise.all(sessions.map((s) => s.release()))
  })

  it('gives a ${TASK_DIR} server a fresh seeded directory per task and removes it after', async () => {
    const { existsSync, readFileSync } = await import('node:fs')
    hub = hubWith({ files: { module: './test/support/probe-server.ts', options: { name: '${TASK_DIR}' } } })
    const a = await hub.acquire(['files'], { files: { 'in/a.txt': 'A' } })
    const b = await hub.acquire(['files'], { files: { 'in/b.txt': 'B' } })
    const dirA = a.workspaces.get('files')!
    const dirB = b.workspaces.get('files')!
    expect(dirA).not.toBe(dirB)
    expect(readFileSync(`${dirA}/in/a.txt`, 'utf8')).toBe('A')
    expect(existsSync(`${dirA}/in/b.txt`)).toBe(false)
    await a.release()
    expect(existsSync(dirA)).toBe(false)
    expect(existsSync(dirB)).toBe(true)
    await b.release()
  })

  it('refuses workspace files that escape the directory', async () => {
    hub = hubWith({ files: { ...probe, args: [...probe.args, '${TASK_DIR}'] } })
    const workspaces = () => readdirSync(workspaceDirectory()).filter((f) => f.startsWith('files-')).length
    const before = workspaces()
    await expect(hub.acquire(['files'], { files: { '../escape.txt': 'x' } })).rejects.toThrow(
      /must be a relative path inside the workspace/,
    )
    await expect(hub.acquire(['files'], { files: 'no/such/dir' })).rejects.toThrow(/task files: no\/such\/dir is not a directory/)
    // A refused seed leaves no directory behind.
    expect(workspaces()).toBe(before)
  })

  it('adds distractors, in the order drawn, only while the catalog stays within the tool budget', async () => {
    const inproc = { module: './test/support/probe-server.ts' } // 8 tools each
    hub = hubWith({ main: inproc, a: inproc, b: inproc, c: inproc })
    const session = await hub.acquire(['main'], { distractors: ['b', 'a', 'c', 'not-configured'], maxTools: 24 })
    expect([...new Set(session.catalog.entries.map((e) => e.server))]).toEqual(['main', 'b', 'a'])
    expect(session.catalog.entries).toHaveLength(24)
    expect(session.connections.has('c')).toBe(false)
    expect(session.distractors).toEqual(['b', 'a'])
    expect(session.skipped).toEqual([
      { server: 'c', reason: 'its 8 tools would take the catalog past 24 (24 tools before it)' },
      { server: 'not-configured', reason: 'Unknown server "not-configured". Configured servers: a, b, c, main' },
    ])
    // Now its tool count is known, c is not even started for the next task.
    const next = await hub.acquire(['main'], { distractors: ['c'], maxTools: 8 })
    expect(next.skipped).toEqual([{ server: 'c', reason: 'its 8 tools would take the catalog past 8 (8 tools before it)' }])
  })

  it('fits the same distractors whichever servers earlier tasks happened to start (concurrent schedules)', async () => {
    const inproc = { module: './test/support/probe-server.ts' } // 8 tools each; excludeTools trims u to 2, k2 to 4
    const excludeTools = [
      ...['env', 'increment', 'echo', 'huge', 'fail', 'sleep'].map((t) => `u.${t}`),
      ...['env', 'increment', 'echo', 'huge'].map((t) => `k2.${t}`),
    ]
    const wanted = { distractors: ['u', 'k1', 'k2'], maxTools: 16, excludeTools }
    // Nothing started yet: in order, u (8 + 2) fits, k1 (+ 8) does not, k2 (+ 4) does.
    hub = hubWith({ main: inproc, u: inproc, k1: inproc, k2: inproc })
    const fresh = await hub.acquire(['main'], wanted)
    expect(fresh.distractors).toEqual(['u', 'k2'])
    await hub.close()
    // Another task has already started k1 and k2, but not u: the choice must not change.
    hub = hubWith({ main: inproc, u: inproc, k1: inproc, k2: inproc })
    await hub.acquire(['main'], { distractors: ['k1', 'k2'], maxTools: 100, excludeTools })
    const later = await hub.acquire(['main'], wanted)
    expect(later.distractors).toEqual(['u', 'k2'])
    expect(later.skipped).toEqual([{ server: 'k1', reason: 'its 8 tools would take the catalog past 16 (10 tools before it)' }])
  })

  it('leaves out a distractor that fails to start, saying why, and fails the task only when asked to be strict', async () => {
    hub = hubWith({ main: { module: './test/support/probe-server.ts' }, dead: { command: 'node', args: ['-e', 'process.exit(4)'] } })
    const session = await hub.acquire(['main'], { distractors: ['dead'] })
    expect(session.distractors).toEqual([])
    expect(session.skipped).toEqual([
      { server: 'dead', reason: expect.stringMatching(/^did not start: Server "dead" failed to start .*\(tried 2 times\)/) },
    ])
    await expect(hub.acquire(['main'], { distractors: ['dead'], strictDistractors: true })).rejects.toThrow(
      /^Distraction server "dead": did not start/,
    )
  })

  it('ends the start of an in-process server whose import never finishes at startupTimeoutMs, naming the server, once', {
    timeout: 60_000,
  }, async () => {
    hub = hubWith({ stuck: { module: './test/support/hanging-import-server.ts', startupTimeoutMs: 1_000 } })
    // Before: the import was awaited outside the startup timeout, and the task hung until Vitest's own timeout.
    const error = await hub.acquire(['stuck']).catch((e: Error) => e)
    expect((error as Error).message).toMatch(
      /^Server "stuck" failed to start \(module: \.\/test\/support\/hanging-import-server\.ts#createServer\): did not start within 1000 ms: its module had not finished loading/,
    )
    // The same import would hang the same way: not tried again.
    expect((error as Error).message).not.toContain('tried 2 times')
  })

  it('reports a server whose ${VAR} is not set at once, without trying it again', async () => {
    delete process.env.MCP_BENCH_TEST_UNSET_VAR
    hub = hubWith({ needs: { ...probe, env: { TOKEN: '${MCP_BENCH_TEST_UNSET_VAR}' } } })
    const error = await hub.acquire(['needs']).catch((e: Error) => e)
    expect((error as Error).message).toBe('Server "needs": TOKEN refers to ${MCP_BENCH_TEST_UNSET_VAR}, which is not set')
  })

  it('tries a server that failed again for the next task, and starts a dead shared server once however many tasks ask', async () => {
    const flag = join(mkdtempSync(join(tmpdir(), 'flaky-start-')), 'ok')
    // Fails to start until the flag file exists.
    hub = hubWith({ flaky: { ...probe, env: { PROBE_START_WHEN: flag } } })
    await expect(hub.acquire(['flaky'])).rejects.toThrow(/failed to start .*\(tried 2 times\)/)
    writeFileSync(flag, '')
    const session = await hub.acquire(['flaky'])
    const pid = session.connections.get('flaky')!.pid!
    process.kill(pid, 'SIGKILL')
    await expect.poll(() => session.connections.get('flaky')!.alive()).toBe(false)
    const again = await Promise.all([1, 2, 3, 4].map(() => hub!.acquire(['flaky'])))
    expect(new Set(again.map((s) => s.connections.get('flaky')!.pid)).size).toBe(1)
    expect(hub.pids()).toHaveLength(1)
  })

  it('leaves excluded tools out of the catalog, and out of its size when distractors are fitted in', async () => {
    const inproc = { module: './test/support/probe-server.ts' } // 8 tools each
    hub = hubWith({ main: inproc, a: inproc, b: inproc })
    const excludeTools = ['main.crash', 'main.sleep', 'a.crash', 'b.echo']
    const session = await hub.acquire(['main'], { distractors: ['a', 'b'], maxTools: 20, excludeTools })
    // 6 + 7 + 7 = 20 fit only because the excluded tools do not count.
    expect(session.distractors).toEqual(['a', 'b'])
    expect(session.catalog.entries).toHaveLength(20)
    for (const ref of excludeTools) expect(session.catalog.resolve(ref), ref).toBeUndefined()
    expect(session.catalog.resolve('main.echo')).toBeDefined()
    expect(session.catalog.resolve('b.crash')).toBeDefined()
    await session.release()
    // The second time the tool counts are known before a start: the same budget check, before connecting.
    const again = await hub.acquire(['main'], { distractors: ['a', 'b'], maxTools: 19, excludeTools })
    expect(again.distractors).toEqual(['a'])
    expect(again.skipped).toEqual([{ server: 'b', reason: 'its 7 tools would take the catalog past 19 (13 tools before it)' }])
  })

  it('gives each task the same distractors whatever ran before it in the file: 10 schedules, sharded and not', {
    timeout: 120_000,
  }, async () => {
    // Servers of 8 tools each and a budget that admits some but not all. `flaky` does not start during the
    // tasks; in some runs an earlier task of the file did start it (so its tool count is known). The outcome
    // must depend on the task's own list alone, never on what the file's earlier tasks started.
    const inproc = { module: './test/support/probe-server.ts' }
    const flag = join(mkdtempSync(join(tmpdir(), 'flaky-distractor-')), 'ok')
    const servers = {
      main: inproc,
      a: inproc,
      b: inproc,
      c: inproc,
      d: inproc,
      e: inproc,
      flaky: { module: './test/support/flag-server.ts', isolation: 'task', options: { flag } },
    }
    const pool = ['a', 'b', 'c', 'd', 'e', 'flaky']
    const tasks: Record<string, string[]> = {
      t1: drawDistractors('t1', pool, 4, ['main']),
      t2: drawDistractors('t2', pool, 5, ['main']),
      t3: ['c', 'flaky', 'a', 'e'],
      t4: ['flaky', 'b', 'd', 'a'],
    }
    const outcomes = new Map<string, string[]>()
    for (let runIndex = 0; runIndex < 10; runIndex++) {
      // A run: the tasks in a shuffled order, in one file (one hub) or in two shards (two hubs).
      const order = shuffled(Object.keys(tasks), createRng(`schedule-${runIndex}`))
      const shards = runIndex % 3 === 0 ? [order.slice(0, 2), order.slice(2)] : [order]
      for (const shard of shards) {
        const shardHub = hubWith(servers)
        try {
          if (runIndex % 2 === 0) {
            writeFileSync(flag, '')
            await (await shardHub.acquire(['flaky'])).release()
            rmSync(flag)
          }
          for (const id of shard) {
            const session = await shardHub.acquire(['main'], { distractors: tasks[id], maxTools: 32 })
            expect(session.distractors, `${id} in run ${runIndex}`).toEqual(outcomes.get(id) ?? session.distractors)
            expect(
              session.skipped.map((s) => s.server),
              `${id} in run ${runIndex}`,
            ).toContain('flaky')
            outcomes.set(id, session.distractors)
            await session.release()
          }
        } finally {
          await shardHub.close()
        }
      }
    }
    expect(outcomes.size).toBe(4)
  })

  it('marks distractor servers in the catalog', async () => {
    hub = hubWith({ main: { module: './test/support/probe-server.ts' }, noise: { module: './test/support/probe-server.ts' } })
    const session = await hub.acquire(['main'], { distractors: ['noise'] })
    expect(session.catalog.resolve('noise__echo')!.distractor).toBe(true)
    expect(session.catalog.resolve('main__echo')!.distractor).toBe(false)
  })
})
