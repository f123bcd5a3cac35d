import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { PassThrough } from 'node:stream'
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js'
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { guardGroup, releaseGroup } from './orphan-guard.ts'
import { WorkerClosingError, workerClosing } from '../worker-closing.ts'
import { StdioLines, type StdioLine } from './stdio-lines.ts'

/** How long a server whose stdout closed may take to exit before its pipe is taken for dead with the process running. */
const STDOUT_CLOSED_GRACE_MS = 2_000

export interface GroupStdioParams {
  command: string
  args: string[]
  env: Record<string, string>
  cwd: string
  /** The server's name in the config, for the errors this transport makes up. */
  name?: string
}

/** How long a server may take to exit once its stdin closes, and then once it got SIGTERM. */
const STDIN_GRACE_MS = 1_000
const TERM_GRACE_MS = 2_000
const POLL_MS = 50
const KILL_WAIT_MS = 1_000

/**
 * The SDK's stdio client transport, but the server starts as the leader of a
 * process group of its own (`detached`), and every path that ends it ends
 * the whole group: the processes the server started die with it.
 *
 * - close (teardown): stdin is closed, as the SDK does; after a grace period
 *   the group gets SIGTERM, after another SIGKILL. A server that ignores
 *   SIGTERM, and its children, end all the same.
 * - the server exits on its own (a crash, a kill): what it left in its group
 *   gets SIGTERM at once and SIGKILL after the grace period.
 * - this process dies without closing: the orphan guard's watchdog ends the
 *   group (orphan-guard.ts).
 *
 * Its own group also keeps a terminal's Ctrl-C away from the server: the
 * worker that owns it decides when it stops, after the task's results are
 * in, instead of every server dying mid-call with the signal.
 */
export class GroupStdioTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  /** The server's stderr, available before start so no early line is lost. */
  readonly stderr = new PassThrough()
  private child?: ChildProcess
  private readonly lines = new StdioLines()
  /** Ids of our requests still waiting for their answer: the ones a dropped line may have answered. */
  private readonly waiting = new Set<string | number>()
  /** Set once stdout ended while the process runs on. */
  private stdoutClosed = false
  private exited?: Promise<void>
  private ending?: Promise<void>

  constructor(private readonly params: GroupStdioParams) {}

  get pid(): number | null {
    return this.child?.pid ?? null
  }

  start(): Promise<void> {
    if (this.child) throw new Error('GroupStdioTransport already started')
    if (workerClosing()) return Promise.reject(new WorkerClosingError('no server starts any more'))
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, this.params.args, {
        env: { ...getDefaultEnvironment(), ...this.params.env },
        cwd: this.params.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        windowsHide: true,
      })
      this.child = child
      // Guarded from the first moment, not on 'spawn': a worker that exits in between must not leave it unlisted.
      if (child.pid) guardGroup(child.pid)
      this.exited = new Promise((done) => child.once('exit', () => done()))
      child.once('error', (error) => {
        reject(error)
        this.onerror?.(error)
      })
      child.once('spawn', () => resolve())
      // The leader is gone: whatever it started is ended with it (unless close() is already doing that).
      child.once('exit', () => void this.endGroup())
      child.once('close', () => this.onclose?.())
      child.stdin?.on('error', (error) => this.onerror?.(error))
      child.stdout?.on('error', (error) => this.onerror?.(error))
      // Its stdout closed while it runs on: no answer can come any more. Waiting requests fail now with the cause,
      // and later ones at once, instead of each waiting out its timeout as "Request timed out".
      // A process that is exiting closes its stdout first: its exit gets a moment before the pipe is called dead
      // (a crash is then reported as the closed connection it is, not as a process still running).
      child.stdout?.once('end', () => {
        const timer = setTimeout(() => {
          if (child.exitCode !== null || child.signalCode !== null) return
          this.stdoutClosed = true
          for (const id of [...this.waiting]) this.answerWithError(id, this.closedMessage())
        }, STDOUT_CLOSED_GRACE_MS)
        timer.unref()
        child.once('exit', () => clearTimeout(timer))
      })
      child.stdout?.on('data', (chunk: Buffer) => {
        for (const line of this.lines.push(chunk)) this.receive(line)
      })
      child.stderr?.pipe(this.stderr)
    })
  }

  private receive(line: StdioLine): void {
    if (line.kind === 'invalid') return this.onerror?.(line.error)
    if (line.kind === 'message') {
      if ('id' in line.message && line.message.id !== undefined && !('method' in line.message)) this.waiting.delete(line.message.id)
      return this.onmessage?.(line.message)
    }
    // Too long to keep: the request it answered fails now with the reason, instead of waiting out its timeout.
    // When the line's edges do not show which request that was, every request still waiting fails: one of them
    // will never get its answer, and which one cannot be told.
    const mb = (line.bytes / 1024 / 1024).toFixed(1)
    const message = `${this.params.name ? `server "${this.params.name}"` : 'the server'} sent a message of ${mb} MB (${line.bytes} bytes) on stdout, over the ${this.lines.maxMb} MB a stdio message may be; it was dropped`
    this.onerror?.(new Error(message))
    const ids = line.id === undefined ? [...this.waiting] : this.waiting.has(line.id) ? [line.id] : []
    for (const id of ids) this.answerWithError(id, message)
  }

  private answerWithError(id: string | number, message: string): void {
    this.waiting.delete(id)
    this.onmessage?.({ jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message } })
  }

  private closedMessage(): string {
    return `${this.params.name ? `server "${this.params.name}"` : 'the server'} closed its stdout but its process is still running: it can answer nothing more`
  }

  send(message: JSONRPCMessage): Promise<void> {
    if ('id' in message && 'method' in message) {
      if (this.stdoutClosed) {
        const id = message.id
        queueMicrotask(() => this.answerWithError(id, this.closedMessage()))
        return Promise.resolve()
      }
      this.waiting.add(message.id)
    }
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin
      if (!stdin || !stdin.writable) return reject(new Error('Not connected'))
      if (stdin.write(serializeMessage(message))) resolve()
      else stdin.once('drain', resolve)
    })
  }

  async close(): Promise<void> {
    const child = this.child
    if (!child) return
    try {
      child.stdin?.end()
    } catch {
      // already closed
    }
    // A well-behaved server exits when its stdin closes; the group is ended either way.
    await Promise.race([this.exited, delay(STDIN_GRACE_MS)])
    await this.endGroup()
    this.lines.clear()
    this.waiting.clear()
  }

  /** SIGTERM to the group, then SIGKILL to what is left after the grace period. Runs once. */
  private endGroup(): Promise<void> {
    this.ending ??= (async () => {
      const pgid = this.child?.pid
      if (!pgid) return
      if (!groupAlive(pgid)) return releaseGroup(pgid)
      signalGroup(pgid, 'SIGTERM')
      const until = Date.now() + TERM_GRACE_MS
      while (groupAlive(pgid) && Date.now() < until) await delay(POLL_MS)
      if (groupAlive(pgid)) {
        signalGroup(pgid, 'SIGKILL')
        // SIGKILL lands asynchronously: closed means gone, so wait (briefly) until it has.
        const killed = Date.now() + KILL_WAIT_MS
        while (groupAlive(pgid) && Date.now() < killed) await delay(POLL_MS / 5)
      }
      releaseGroup(pgid)
    })()
    return this.ending
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

/** Signals every process of a group; a runtime that cannot address groups gets the leader signalled instead. */
function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return
    try {
      process.kill(pgid, signal)
    } catch {
      // gone
    }
  }
}

/**
 * True while a process of the group still runs. Where /proc exists (Linux) a zombie does not count: under
 * an init that does not reap orphans (a container's PID 1 often does not), a killed child stays a zombie
 * forever, and each close would wait out the grace period for it. Elsewhere, signal 0 to the group.
 * Signal 0 comes first on Linux too: a group with no process at all, zombie or not (ESRCH: the usual case once
 * a server has exited on its own), is known gone without reading the stat file of every process on the machine.
 */
function groupAlive(pgid: number): boolean {
  let signalled: NodeJS.ErrnoException | undefined
  try {
    process.kill(-pgid, 0)
  } catch (error) {
    signalled = error as NodeJS.ErrnoException
  }
  if (signalled?.code === 'ESRCH') return false
  if (hasProc) return liveMembers(pgid)
  return signalled === undefined || signalled.code === 'EPERM'
}

const hasProc = process.platform === 'linux' && existsSync('/proc/self/stat')

function liveMembers(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (entry.charCodeAt(0) > 57) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1')
    } catch {
      continue
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so fields count from the last ")".
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true
  }
  return false
}
