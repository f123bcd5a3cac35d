import { afterAll, beforeAll } from 'vitest'
import { startScriptedModel, type ScriptedModelServer, type ScriptedTurn } from '../../fixtures/models/scripted-server.ts'
import { parseServers } from '../../src/config/load-servers.ts'
import type { Agent } from '../../src/runtime/agents/types.ts'
import { ServerHub, type ServerSession } from '../../src/runtime/servers/hub.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'

/**
 * The setup the built-in loops' integration tests share: the math fixture in-process for the whole file, and a
 * run that starts a fresh scripted model, lets an agent made for its URL solve `prompt`, and returns the
 * trajectory. A thrown error lands in the trajectory, as the harness records it.
 */
export function mathAgentRuns(agentName: string, prompt: string) {
  let hub: ServerHub
  let session: ServerSession
  let model: ScriptedModelServer | undefined
  beforeAll(async () => {
    hub = new ServerHub({
      ...parseServers({ mcpServers: { math: { module: './fixtures/servers/math/server.ts' } } }, 't'),
      root: process.cwd(),
    })
    session = await hub.acquire(['math'])
  })
  afterAll(async () => {
    await model?.close()
    await hub.close()
  })
  return {
    /** The scripted model of the last run, with the requests it received. */
    model: () => model!,
    async run(script: ScriptedTurn[], maxRounds: number, agentFor: (baseURL: string) => Agent) {
      await model?.close()
      model = await startScriptedModel({ script })
      const recorder = new TrajectoryRecorder({
        task: { id: 't', prompt },
        agent: agentName,
        catalog: session.catalog,
        connections: session.connections,
        maxRounds,
        signal: new AbortController().signal,
        maxToolOutputChars: 20_000,
        maxRecordedOutputChars: 1_000,
        callTimeoutMs: () => 5_000,
      })
      let answer: string | null = null
      let error: string | null = null
      try {
        answer = (await agentFor(model.url).run(recorder.context())) ?? null
      } catch (e) {
        error = (e as Error).message
      }
      return recorder.finish(answer, error)
    },
  }
}
