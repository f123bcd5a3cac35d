// Split from samples.test.ts: this part starts the real memory, filesystem and everything servers.
import { describe, expect, it } from 'vitest'
import { loadServersFile } from '../../src/config/load-servers.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { callSafety } from '../../src/synth/call-safety.ts'

describe('which tools synthesis may call for a sample', () => {
  it('on the real memory, filesystem and everything servers, calls only what only reads', async () => {
    const hub = new ServerHub({ ...loadServersFile('mcp.servers.json'), root: process.cwd() })
    try {
      const session = await hub.acquire(['memory', 'filesystem', 'everything'])
      const safe = [...session.connections.values()].flatMap((c) =>
        c.tools
          .filter((t) => callSafety({ tool: t.name, description: t.description ?? '', annotations: t.annotations }).safe)
          .map((t) => `${c.name}.${t.name}`),
      )
      await session.release()
      expect(safe.filter((t) => /create|add_|delete|write|edit|move|toggle|trigger|env|gzip/.test(t))).toEqual([])
      expect(safe).toEqual(
        expect.arrayContaining([
          'memory.read_graph',
          'memory.search_nodes',
          'filesystem.read_text_file',
          'filesystem.list_directory',
          'everything.echo',
        ]),
      )
    } finally {
      await hub.close()
    }
  }, 60_000)
})
