import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { ModelTurnSchema } from '../../../contracts/trajectory.ts'
import type { AgentContext } from '../types.ts'
import { AgentSetupError } from './bundle.ts'
import type { Isolation, Launch } from './launch.ts'
import { lineReader, ToWorkerSchema, type ToAgent, type ToWorker } from '../../../contracts/agent-process.ts'

const TurnSchema = ModelTurnSchema.omit({ round: true })
/** Stderr kept to explain a crash. */
const STDERR_TAIL = 2_000

interface InFlight {
  ctx: AgentContext
  resolve: (answer: string | null) => void
  reject: (error: Error) => void
}

/**
 * One isolated agent process and its channel. Tasks are multiplexed by a key of the worker's choosing;
 * the worker's recorder answers every tool call, so the record is built on the referee's side. When the
 * child dies, only the tasks in flight fail, with a message that says so; the pool starts a new child for
 * the next task.
 */
export class AgentProcess {
  private readonly child: ChildProcessWithoutNullStreams
  private readonly inFlight = new Map<string, InFlight>()
  private stderrTail = ''
  private exited: string | null = null
  readonly ready: Promise<void>
  readonly isolation: Isolation

  constructor(
    private readonly name: string,
    launch: Launch,
    env: NodeJS.ProcessEnv,
    cwd: string,
  ) {
    this.isolation = launch.isolation
    // A session of its own: a signal the agent sends to its process group (kill(0, …)) reaches no process
    // of the harness, even from inside a PID namespace. It still ends with the worker (its stdin closes).
    this.child = spawn(launch.command, launch.args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' })
    let onReady!: () => void
    let onSetupError!: (error: Error) => void
    this.ready = new Promise<void>((resolve, reject) => ((onReady = resolve), (onSetupError = reject)))
    this.ready.catch(() => {}) // observed by whoever acquires this process
    this.child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk)
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-STDERR_TAIL)
    })
    this.child.stdout.on(
      'data',
      lineReader((line) => this.receive(line, onReady, onSetupError)),
    )
    this.child.stdin.on('error', () => {}) // a dead child's pipe: reported through 'exit'
    this.child.on('error', (error) => this.died(`could not be started: ${error.message}`, onSetupError))
    this.child.on('exit', (code, signal) => {
      launch.cleanup?.()
      this.died(signal ? `was killed (${signal})` : `exited with code ${code}`, onSetupError)
    })
    // Held while starting and while tasks are in flight; an idle agent process must not keep its worker alive.
    void this.ready.then(
      () => this.hold(),
      () => {},
    )
  }

  /** Keeps the event loop alive for this child only while something waits on it. */
  private hold(): void {
    const on = this.inFlight.size > 0
    const method = on ? 'ref' : 'unref'
    this.child[method]()
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr])
      (stream as { ref?: () => void; unref?: () => void })[method]?.()
  }

  get alive(): boolean {
    return this.exited === null
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  /** Runs one task in the child, answering its tool calls, rounds and turns through the worker's context. */
  run(key: string, ctx: AgentContext): Promise<string | null> {
    if (this.exited) return Promise.reject(new Error(`the agent process of ${this.name} ${this.exited}`))
    return new Promise<string | null>((resolve, reject) => {
      this.inFlight.set(key, { ctx, resolve, reject })
      this.hold()
      // The task is over for the worker at once; the child is told, and whatever it still sends is dropped.
      const abort = () => {
        const reason = String((ctx.signal.reason as Error)?.message ?? ctx.signal.reason ?? 'aborted')
        this.send({ t: 'abort', task: key, reason })
        this.finish(key, new Error(reason))
      }
      if (ctx.signal.aborted) abort()
      else ctx.signal.addEventListener('abort', abort, { once: true })
      this.send({
        t: 'run',
        task: key,
        info: { id: ctx.task.id, prompt: ctx.task.prompt },
        // Exactly what AgentContext promises of a tool: no field of the catalog beyond it.
        tools: ctx.tools.map(({ name, server, tool, description, inputSchema }) => ({ name, server, tool, description, inputSchema })),
        maxRounds: ctx.maxRounds,
        ...(ctx.maxToolCalls !== undefined ? { maxToolCalls: ctx.maxToolCalls } : {}),
      })
    })
  }

  /** Closes the channel (the child exits on it) and kills the child if it lingers. */
  close(): void {
    if (this.exited) return
    this.child.stdin.end()
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2_000)
    timer.unref()
  }

  /** Synchronous: for the worker's exit handler. */
  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL')
  }

  private send(message: ToAgent): void {
    // Tool outcomes travel as JSON: anything that is not (a bigint in structured content) becomes its string.
    if (!this.exited && this.child.stdin.writable)
      this.child.stdin.write(`${JSON.stringify(message, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}\n`)
  }

  private receive(line: string, onReady: () => void, onSetupError: (error: Error) => void): void {
    let message: ToWorker
    try {
      message = ToWorkerSchema.parse(JSON.parse(line))
    } catch {
      // Only the host writes to stdout (the agent's output is moved to stderr): a bad line is a broken child.
      this.child.kill('SIGKILL')
      this.died(`wrote a line that is not the agent protocol: ${line.slice(0, 200)}`, onSetupError)
      return
    }
    if (message.t === 'ready') return onReady()
    if (message.t === 'setup-error') {
      onSetupError(new AgentSetupError(`agent ${this.name}: ${message.message}`))
      return this.close()
    }
    const task = this.inFlight.get(message.task)
    if (!task) {
      // A task that already ended (timed out, cancelled): nothing more is recorded, and a late call is
      // answered as the recorder answers one, so the agent's code can unwind instead of waiting forever.
      if (message.t === 'call')
        this.send({
          t: 'result',
          task: message.task,
          call: message.call,
          outcome: { content: [], isError: true, text: 'The task has ended; this call was not made.' },
        })
      return
    }
    const { ctx } = task
    if (message.t === 'round') ctx.nextRound()
    else if (message.t === 'turn') {
      const turn = TurnSchema.safeParse(message.turn)
      if (turn.success) ctx.recordTurn(turn.data)
      else
        this.finish(
          message.task,
          new Error(`agent ${this.name} recorded a model turn that does not fit the trajectory format: ${turn.error.issues[0]?.message}`),
        )
    } else if (message.t === 'call') {
      const { call, name, args, id, round } = message
      void ctx
        .callTool(name, args, { ...(id ? { id } : {}), ...(round ? { round } : {}) })
        .then((outcome) => this.send({ t: 'result', task: message.task, call, outcome }))
    } else if (message.t === 'done') this.finish(message.task, null, message.answer)
    else this.finish(message.task, new Error(message.message))
  }

  private finish(key: string, error: Error | null, answer: string | null = null): void {
    const task = this.inFlight.get(key)
    if (!task) return
    this.inFlight.delete(key)
    this.hold()
    if (error) task.reject(error)
    else task.resolve(answer)
  }

  private died(how: string, onSetupError: (error: Error) => void): void {
    if (this.exited) return
    this.exited = how
    // The last lines that say something: not a stack frame, not the runtime's version line.
    const tail = this.stderrTail
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('at ') && !/^Node\.js v/.test(l) && !/^\^+$/.test(l))
      .slice(-2)
      .join(' | ')
    const message = `the agent process of ${this.name} ${how}${tail ? `; its last output: ${tail}` : ''}`
    onSetupError(new AgentSetupError(message))
    for (const key of [...this.inFlight.keys()]) this.finish(key, new Error(message))
  }
}
