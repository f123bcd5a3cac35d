import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { processGroups } from '../../src/runtime/servers/orphan-guard.ts'
import { isRunning } from '../support/run-processes.ts'

/**
 * A stdio server's whole process tree ends with it: on teardown, and when the
 * server exits by itself leaving a child behind. The server here ignores
 * SIGTERM, ignores its stdin closing, and starts a child that ignores SIGTERM
 * too (test/support/stubborn-stdio.ts). The worker-death path (the watchdog)
 * is tested end to end in test/e2e/interrupt-hostile.test.ts.
 */
let hub: ServerHub | undefined
afterEach(async () => {
  await hub?.close()
  hub = undefined
})

function stubbornHub(): { hub: ServerHub; pids: () => number[] } {
  const pidFile = join(mkdtempSync(join(tmpdir(), 'mcp-bench-tree-')), 'pids.txt')
  const config = {
    command: process.execPath,
    args: ['--import', 'tsx', 'test/support/stubborn-stdio.ts'],
    env: { PROBE_PID_FILE: pidFile },
  }
  hub = new ServerHub({ ...parseServers({ mcpServers: { stubborn: config } }, 'test'), root: process.cwd() })
  return { hub, pids: () => readFileSync(pidFile, 'utf8').trim().split('\n').map(Number) }
}

describe.skipIf(!processGroups || process.platform !== 'linux')("a stdio server's process tree", () => {
  it('ends whole on teardown: the server that ignores SIGTERM and its stdin closing, and its child', async () => {
    const { hub, pids } = stubbornHub()
    await hub.acquire(['stubborn'])
    // The server and the child it started.
    expect(pids()).toHaveLength(2)
    expect(pids().filter(isRunning)).toHaveLength(2)
    await hub.close()
    expect(pids().filter(isRunning)).toEqual([])
  })

  it('ends the child a server left when it exited by itself, without waiting for teardown', async () => {
    const { hub, pids } = stubbornHub()
    const session = await hub.acquire(['stubborn'])
    expect(pids().filter(isRunning)).toHaveLength(2)
    await session.connections.get('stubborn')!.client.callTool({ name: 'crash', arguments: {} })
    await expect.poll(() => pids().filter(isRunning), { timeout: 15_000, interval: 100 }).toEqual([])
  })
})
