// The entry of an isolated agent process (bundled with the agent module by ./bundle.ts). It rebuilds an
// `AgentContext` for every task the worker sends, from the task's id, prompt, tools and limits alone, and
// forwards tool calls, rounds and model turns back over the channel, where the worker's recorder keeps
// the record. Nothing else of the task ever reaches this process.
import type { Agent, AgentContext, AgentTool, ToolCallOutcome } from '../types.ts'
import { ToAgentSchema, type ToAgent, type ToWorker } from '../../../contracts/agent-process.ts'
import { lineReader } from '../../../contracts/agent-process.ts'
import { describeDenied } from './denied-read.ts'

type Module = Record<string, unknown>

interface Running {
  controller: AbortController
  calls: Map<number, (outcome: ToolCallOutcome) => void>
}

/** Starts serving tasks with the agent `exportName` of `mod`. */
export function startHost(mod: Module, exportName: string, name: string): void {
  // stdout is the channel: whatever the agent prints goes to stderr, so it cannot corrupt the protocol.
  const write = process.stdout.write.bind(process.stdout)
  const toStderr = (...args: unknown[]) => void process.stderr.write(`${args.map(show).join(' ')}\n`)
  console.log = console.info = console.debug = console.warn = console.error = console.trace = toStderr
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) =>
    (process.stderr.write as (...a: unknown[]) => boolean)(chunk, ...rest)) as typeof process.stdout.write
  const send = (message: ToWorker) => void write(`${JSON.stringify(message)}\n`)

  const agent = agentFrom(mod, exportName, name)
  if (typeof agent === 'string') {
    send({ t: 'setup-error', message: agent })
    return
  }
  const running = new Map<string, Running>()
  let callSeq = 0

  const run = async (message: Extract<ToAgent, { t: 'run' }>) => {
    const controller = new AbortController()
    const state: Running = { controller, calls: new Map() }
    running.set(message.task, state)
    // Mirrors the worker's round counter: `nextRound()` answers at once, and the worker counts the same way.
    let round = 0
    const ctx: AgentContext = {
      task: { id: message.info.id, prompt: message.info.prompt },
      tools: message.tools as AgentTool[],
      maxRounds: message.maxRounds,
      ...(message.maxToolCalls !== undefined ? { maxToolCalls: message.maxToolCalls } : {}),
      signal: controller.signal,
      callTool: (toolName, args, options) => {
        if (round === 0) round = 1
        const call = ++callSeq
        const reply = new Promise<ToolCallOutcome>((resolve) => state.calls.set(call, resolve))
        send({
          t: 'call',
          task: message.task,
          call,
          name: toolName,
          ...(args === undefined ? {} : { args }),
          ...(options?.id ? { id: options.id } : {}),
          ...(options?.round ? { round: options.round } : {}),
        })
        return reply
      },
      nextRound: () => {
        send({ t: 'round', task: message.task })
        return ++round
      },
      recordTurn: (turn) => send({ t: 'turn', task: message.task, turn: turn as Record<string, unknown> }),
    }
    try {
      const answer = await agent.run(ctx)
      send({ t: 'done', task: message.task, answer: typeof answer === 'string' ? answer : null })
    } catch (error) {
      send({ t: 'failed', task: message.task, message: describeDenied(error, name) ?? errorText(error) })
    } finally {
      running.delete(message.task)
    }
  }

  process.stdin.on(
    'data',
    lineReader((line) => {
      // The worker's messages are checked against the channel's contract like any that cross a process boundary.
      const parsed = ToAgentSchema.safeParse(JSON.parse(line))
      if (!parsed.success)
        return void process.stderr.write(`vitest-mcp-bench agent host: a message out of shape from the worker: ${parsed.error.message}\n`)
      const message = parsed.data
      if (message.t === 'run') void run(message)
      else if (message.t === 'abort') running.get(message.task)?.controller.abort(new Error(message.reason))
      else if (message.t === 'result') {
        const state = running.get(message.task)
        const resolve = state?.calls.get(message.call)
        state?.calls.delete(message.call)
        resolve?.(message.outcome)
      }
    }),
  )
  // The worker is gone (or closed the channel): nothing more to do, whatever the agent left running.
  process.stdin.on('end', () => process.exit(0))
  process.stdin.on('error', () => process.exit(0))
  send({ t: 'ready' })
}

/** The agent an export names, or why there is none. */
function agentFrom(mod: Module, exportName: string, name: string): Agent | string {
  const exported = mod[exportName]
  if (typeof exported === 'function') return { name, run: exported as Agent['run'] }
  if (exported && typeof (exported as Agent).run === 'function') return exported as Agent
  const has = Object.keys(mod).filter((k) => k !== '__esModule')
  return `has no export "${exportName}" that is an agent function or { name, run } (its exports: ${has.join(', ') || 'none'})`
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function show(value: unknown): string {
  if (typeof value === 'string') return value
  if (value instanceof Error) return value.stack ?? value.message
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}
