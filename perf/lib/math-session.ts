import { parseServers } from '../../src/config/load-servers.ts'
import { ServerHub } from '../../src/runtime/servers/hub.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'

/**
 * The math fixture twice, in-process (`memory`) and over stdio (`stdio`), for the perf scripts that time
 * tool calls through the harness, with a recorder as a task would have one.
 */
export async function mathSession() {
  const hub = new ServerHub({
    ...parseServers(
      {
        mcpServers: {
          memory: { module: './fixtures/servers/math/server.ts' },
          stdio: { command: process.execPath, args: ['--import', 'tsx', 'fixtures/servers/math/main.ts'] },
        },
      },
      'perf',
    ),
    root: process.cwd(),
  })
  const session = await hub.acquire(['memory', 'stdio'])
  const recorder = (prompt = 'p') =>
    new TrajectoryRecorder({
      task: { id: 'perf', prompt },
      agent: 'perf',
      catalog: session.catalog,
      connections: session.connections,
      maxRounds: 20,
      signal: new AbortController().signal,
      maxToolOutputChars: 20_000,
      maxRecordedOutputChars: 4_000,
      callTimeoutMs: () => 60_000,
    })
  return { hub, session, recorder }
}
