import { AgentSetupError } from '../agents/isolated/bundle.ts'
import { refereePaths } from '../agents/isolated/referee-paths.ts'
import { loadAgent, type AgentIsolation, type LoadedAgent } from '../agents/resolve.ts'
import { checkedTurn } from '../agents/reply-shape.ts'
import type { AgentSetting } from '../../contracts/options.ts'
import type { PromptSource } from '../../contracts/fidelity.ts'
import type { Runtime } from '../state.ts'
import type { ServerSession } from '../servers/hub.ts'
import { TrajectoryRecorder } from '../trajectory/recorder.ts'
import type { Trajectory } from '../../contracts/trajectory.ts'
import type { TaskSpec } from '../../contracts/task-spec.ts'
import { linkedSignal } from '../../lib/linked-signal.ts'
import { isBudgetRefusal, isEndpointFault } from '../agents/endpoint-fault.ts'

export interface AgentRunArgs {
  id: string
  spec: TaskSpec
  setting: AgentSetting
  name: string
  /** The server variant (null: the servers as configured): its servers' limits and call order hold. */
  variant?: string | null
  runtime: Runtime
  session: ServerSession
  /** The agent's own time budget (ms). */
  timeout: number
  /** Vitest's signal for the test: aborted when the run is cancelled (Ctrl-C) or the test times out. */
  signal: AbortSignal
}

export interface AgentRun {
  trajectory: Trajectory
  /** Every successful tool output the agent received, in full (the trajectory keeps them shorter). */
  outputs: readonly string[]
  /** Where the agent's code ran; null when it never loaded. */
  isolation: AgentIsolation | null
  /** The released-code planner's wording (see Agent.promptSource). */
  promptSource?: PromptSource
  /** The agent could not be set up (module or export missing, a referee file included): the run's fault, not the agent's answer. */
  setupError?: string
  /** The agent stopped because its model endpoint failed (src/runtime/agents/endpoint-fault.ts), not by its own doing. */
  fault?: 'endpoint' | 'budget'
}

/**
 * Runs the agent until it answers, its time budget runs out or Vitest
 * cancels the test, whichever comes first; in-flight tool calls and model
 * requests are aborted with it. Never throws: failures end up in the trajectory.
 */
export async function runAgent({ id, spec, setting, name, variant, runtime, session, timeout, signal }: AgentRunArgs): Promise<AgentRun> {
  const { settings } = runtime
  const hub = runtime.hubFor(variant ?? null)
  // Stops on Vitest's cancel, the time budget or the task's end, whichever comes first.
  // A linked signal, not AbortSignal.any (src/lib/linked-signal.ts): it and what hangs on it go with the task.
  const run = linkedSignal([signal])
  const stop = run.signal
  const stopped = new Promise<never>((_, reject) => {
    if (stop.aborted) reject(asError(stop.reason))
    else stop.addEventListener('abort', () => reject(asError(stop.reason)), { once: true })
  })
  stopped.catch(() => {}) // observed through the races below
  // The recorder starts once the agent is loaded: bundling and starting an isolated agent's process is
  // neither its time nor its latency.
  const record = () =>
    new TrajectoryRecorder({
      task: { id, prompt: spec.useConcretePrompt || !spec.fuzzy ? spec.prompt : spec.fuzzy },
      agent: name,
      catalog: session.catalog,
      connections: session.connections,
      maxRounds: spec.maxRounds ?? settings.maxRounds,
      maxToolCalls: spec.maxToolCalls ?? settings.maxToolCalls,
      signal: stop,
      maxToolOutputChars: settings.maxToolOutputChars,
      maxRecordedOutputChars: settings.maxRecordedOutputChars,
      callTimeoutMs: (server) => hub.config.servers[server]?.callTimeoutMs ?? 60_000,
      schemaSemantics: settings.fidelity ? 'mcp-bench' : 'project',
      inOrder: (server) => hub.callsInOrder(server),
    })
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    let agent: LoadedAgent
    try {
      const volatile = new Map([...session.workspaces].map(([server, dir]) => [`workspace:${server}`, dir]))
      // Only the reference agent is handed the plan; every other agent gets the recorder's context alone.
      const reference = setting === 'reference' ? spec.reference : undefined
      agent = await Promise.race([
        loadAgent(setting, settings.root, { reference, volatile, secrets: runtime.redactor.secrets, referee: refereePaths(settings) }),
        stopped,
      ])
    } catch (error) {
      const message = asError(error).message
      const recorder = record()
      return {
        trajectory: recorder.finish(null, message),
        outputs: [],
        isolation: null,
        ...(error instanceof AgentSetupError ? { setupError: message } : {}),
      }
    }
    const recorder = record()
    timer = setTimeout(() => run.abort(new Error(`agent timed out after ${timeout} ms`)), timeout)
    const startedAt = performance.now()
    try {
      const context = recorder.context()
      // A turn a custom agent records is checked before it joins the trajectory (src/runtime/agents/reply-shape.ts).
      // This package's own agents record only what readReply made of the reply, already in the turn's shape;
      // checking each of theirs again cost a schema parse per model turn (the referee checks the whole record).
      const ctx =
        agent.isolation === 'builtin'
          ? context
          : { ...context, recordTurn: (turn: Parameters<typeof context.recordTurn>[0]) => context.recordTurn(checkedTurn(turn)) }
      const answer = await Promise.race([agent.run(ctx), stopped])
      // The timer cannot fire while the worker's thread is busy: an in-process server's (or agent's) synchronous
      // loop answers long after the budget, and the answer would win the race. Time is what decides, not the race.
      const took = Math.round(performance.now() - startedAt)
      if (took > timeout) {
        const late = `agent timed out after ${timeout} ms (it answered after ${took} ms: the worker's thread was busy, an in-process server's or agent's synchronous work, so the timeout could not fire in time)`
        return { trajectory: recorder.finish(null, late), outputs: recorder.outputs(), isolation: agent.isolation, ...promptOf(agent) }
      }
      return {
        trajectory: recorder.finish(typeof answer === 'string' ? answer : null, null),
        outputs: recorder.outputs(),
        isolation: agent.isolation,
        ...promptOf(agent),
      }
    } catch (error) {
      const fault = isEndpointFault(error) ? { fault: 'endpoint' as const } : isBudgetRefusal(error) ? { fault: 'budget' as const } : {}
      return {
        trajectory: recorder.finish(null, asError(error).message),
        outputs: recorder.outputs(),
        isolation: agent.isolation,
        ...promptOf(agent),
        ...fault,
      }
    }
  } finally {
    clearTimeout(timer)
    if (!stop.aborted) run.abort(new Error('the task has ended'))
  }
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason ?? 'aborted'))
}

/** The released-code planner's wording, when the agent is that planner. */
function promptOf(agent: LoadedAgent): { promptSource?: PromptSource } {
  return agent.promptSource ? { promptSource: agent.promptSource } : {}
}
