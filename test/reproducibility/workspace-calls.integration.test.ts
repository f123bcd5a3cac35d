import { afterAll, describe, expect, it } from 'vitest'
import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'
import { SEED_TIME } from '../../src/runtime/servers/workspace.ts'

const hub = new ServerHub({
  ...parseServers(
    {
      mcpServers: {
        filesystem: { command: 'node', args: ['node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', '${TASK_DIR}'] },
        memory: {
          command: 'node',
          args: ['node_modules/@modelcontextprotocol/server-memory/dist/index.js'],
          env: { MEMORY_FILE_PATH: '${TASK_DIR}/memory.jsonl' },
        },
        probe: { module: './test/support/probe-server.ts' },
        ordered: { module: './test/support/probe-server.ts', calls: 'in-order' },
      },
    },
    't',
  ),
  root: process.cwd(),
})
afterAll(() => hub.close())

async function task(servers: string[], files?: Record<string, string>) {
  const session = await hub.acquire(servers, { files })
  const recorder = new TrajectoryRecorder({
    task: { id: 't', prompt: 'p' },
    agent: 'a',
    catalog: session.catalog,
    connections: session.connections,
    maxRounds: 5,
    signal: new AbortController().signal,
    maxToolOutputChars: 10_000,
    maxRecordedOutputChars: 10_000,
    callTimeoutMs: () => 20_000,
    inOrder: (server) => hub.callsInOrder(server),
  })
  recorder.nextRound()
  return { session, recorder }
}

describe('nothing random reaches the agent: the workspace is /workspace', { timeout: 60_000 }, () => {
  it("shows server-filesystem's directory as /workspace in results, errors and tool descriptions, and takes /workspace paths", async () => {
    const { session, recorder } = await task(['filesystem'], { 'notes/trip.txt': 'Day 1: Denver\n' })
    try {
      const real = session.workspaces.get('filesystem')!
      const allowed = await recorder.callTool('filesystem__list_allowed_directories', {})
      expect(allowed.text).toContain('/workspace')
      const read = await recorder.callTool('filesystem__read_text_file', { path: '/workspace/notes/trip.txt' })
      expect(read).toMatchObject({ isError: false, text: 'Day 1: Denver\n' })
      const found = await recorder.callTool('filesystem__search_files', { path: '.', pattern: '**/*.txt' })
      expect(found.text).toContain('/workspace/notes/trip.txt')
      const outside = await recorder.callTool('filesystem__read_text_file', { path: '../elsewhere.txt' })
      expect(outside.isError).toBe(true)
      const info = await recorder.callTool('filesystem__get_file_info', { path: 'notes/trip.txt' })
      expect(info.text).toContain(`modified: ${SEED_TIME.toString()}`)
      const trajectory = recorder.finish('done', null)
      const everything = JSON.stringify([trajectory, session.catalog.entries, allowed, read, found, outside])
      expect(everything).not.toContain(real)
      expect(everything).not.toContain('mcp-bench-ws-')
    } finally {
      await session.release()
    }
  })
})

describe('calls that touch state run in the order the model listed them', { timeout: 120_000 }, () => {
  it("applies server-memory's create_entities and create_relations of one turn in order, every time", async () => {
    for (let i = 0; i < 4; i++) {
      const { session, recorder } = await task(['memory'])
      try {
        const turn = await Promise.all([
          recorder.callTool('memory__create_entities', {
            entities: [
              { name: 'Alan Turing', entityType: 'person', observations: [] },
              { name: 'Bletchley Park', entityType: 'place', observations: [] },
            ],
          }),
          recorder.callTool('memory__create_relations', {
            relations: [{ from: 'Alan Turing', to: 'Bletchley Park', relationType: 'worked_at' }],
          }),
        ])
        expect(turn.map((c) => c.isError)).toEqual([false, false])
        recorder.nextRound()
        expect(
          (
            await recorder.callTool('memory__add_observations', {
              observations: [{ entityName: 'Alan Turing', contents: ['broke Enigma'] }],
            })
          ).isError,
        ).toBe(false)
        const graph = JSON.parse((await recorder.callTool('memory__read_graph', {})).text) as { entities: unknown[]; relations: unknown[] }
        expect([graph.entities.length, graph.relations.length]).toEqual([2, 1])
        // Recorded as the model made them: both calls in round 1, side by side.
        expect(recorder.finish('done', null).calls.map((c) => c.round)).toEqual([1, 1, 2, 2])
      } finally {
        await session.release()
      }
    }
  })

  it('queues a shared server\'s calls only when its config says "in-order"', async () => {
    expect([hub.callsInOrder('memory'), hub.callsInOrder('filesystem'), hub.callsInOrder('probe'), hub.callsInOrder('ordered')]).toEqual([
      true,
      true,
      false,
      true,
    ])
    const { session, recorder } = await task(['ordered'])
    const order: string[] = []
    // The slow call first: in order, the quick one waits for it, however fast it is.
    await Promise.all([
      recorder.callTool('ordered__sleep', { ms: 200 }).then(() => order.push('slow')),
      recorder.callTool('ordered__echo', { text: 'quick' }).then(() => order.push('quick')),
    ])
    await session.release()
    expect(order).toEqual(['slow', 'quick'])
  })
})
