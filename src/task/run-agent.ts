import { loadAgent } from '../agents/resolve.ts'
import type { AgentSetting } from '../config/options.ts'
import type { Runtime } from '../runtime.ts'
import type { ServerSession } from '../servers/hub.ts'
import { TrajectoryRecorder } from '../trajectory/recorder.ts'
import type { Trajectory } from '../trajectory/schema.ts'
import type { TaskSpec } from './spec.ts'

export interface AgentRunArgs {
  id: string
  spec: TaskSpec
  setting: AgentSetting
  name: string
  runtime: Runtime
  session: ServerSession
  timeout: number
}

/** Runs the agent under the task's deadline. Never throws: failures end up in the trajectory. */
export async function runAgent({ id, spec, setting, name, runtime, session, timeout }: AgentRunArgs): Promise<Trajectory> {
  const { settings } = runtime
  const controller = new AbortController()
  const recorder = new TrajectoryRecorder({
    task: { id, prompt: spec.useConcretePrompt || !spec.fuzzy ? spec.prompt : spec.fuzzy },
    agent: name,
    catalog: session.catalog,
    connections: session.connections,
    maxRounds: spec.maxRounds ?? settings.maxRounds,
    maxToolCalls: spec.maxToolCalls ?? settings.maxToolCalls,
    signal: controller.signal,
    maxToolOutputChars: settings.maxToolOutputChars,
    maxRecordedOutputChars: settings.maxRecordedOutputChars,
    callTimeoutMs: (server) => settings.servers.servers[server]?.callTimeoutMs ?? 60_000,
  })
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`agent timed out after ${timeout} ms`)
      controller.abort(error)
      reject(error)
    }, timeout)
  })
  try {
    const agent = await loadAgent(setting, settings.root, spec.reference)
    const answer = await Promise.race([agent.run(recorder.context()), deadline])
    return recorder.finish(typeof answer === 'string' ? answer : null, null)
  } catch (error) {
    return recorder.finish(null, (error as Error)?.message ?? String(error))
  } finally {
    clearTimeout(timer)
  }
}

