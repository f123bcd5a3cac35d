import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { ProgressRecord } from '../../src/scoring/progress.ts'
import { isProcessAlive } from '../../src/lib/process-alive.ts'
import { runtimeKind } from '../../src/lib/runtime-kind.ts'
import { ReplySchema, type Properties, type Reply, type Request, type RefereeSettings, type RunEnd, type TestItem, type Verdict } from './protocol.ts'
import type { Referee } from './referee.ts'

/** Test results per `end-part` message: a run of 10,000 tasks ends in a few dozen lines, not one. */
const END_PART_TESTS = 256

type Pending = { request: Request & { id: number }; resolve: (reply: Reply) => void; reject: (error: Error) => void; onProperties?: (properties: Properties) => void }

/**
 * Vitest's main process's side of the referee (referee.ts): it starts the referee's process when a run with
 * benchmark files starts (or at the first benchmark result), hands it each result and the end of the run, and gives back what it answers.
 *
 * Why a process of its own: validating and scoring each outcome and making the reports (a burst of work and
 * allocation at the end of the run) in Vitest's main process made it the largest process of a run, its young
 * generation doubled by that work (docs/explanation/performance.md). In a process of its own the referee uses
 * the core the main process mostly leaves idle, and Vitest's main process stays near plain Vitest's.
 *
 * When that process cannot be started, or ends or answers out of turn, the referee runs in this process
 * instead, from where it stood: the requests not answered yet are made again there, and the end of the run sends
 * every outcome the new referee has not had. A warning says so; no result is lost.
 */
export class RefereeClient {
  private child: ChildProcess | null = null
  private starting: Promise<ChildProcess | null> | null = null
  private local: Referee | null = null
  private localLoading: Promise<Referee> | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  /** The outcomes sent to the referee's process with their results: the end of the run need not send them again. */
  private sent = new WeakSet<object>()
  private failed = false

  constructor(
    private readonly settings: () => RefereeSettings,
    private readonly warn: (message: string) => void,
    /** Where the referee runs: in a process of its own, or here (the fallback, and tests that need no process). */
    private readonly where: 'process' | 'here' = 'process',
  ) {}

  /** The referee's process id, while it runs in a process of its own. */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /** Starts the referee's process ahead of the first result (at the start of a run that holds benchmark files). */
  prepare(): void {
    if (this.where === 'process' && !this.failed) this.starting ??= this.start()
  }

  /** A benchmark test's result; its record, once the referee has made it. */
  async result(item: TestItem): Promise<ProgressRecord | null> {
    const reply = await this.ask({ type: 'result', id: this.nextId++, item })
    if (reply.type !== 'record') throw new Error(`referee: a ${reply.type} reply to a result`)
    return reply.record
  }

  /** The end of the run: each task's JUnit properties to `onProperties` as soon as they are known, then the verdict once the reports are written. */
  async end(run: RunEnd, onProperties: (properties: Properties) => void): Promise<Verdict> {
    const parts: RunEnd['files'][] = []
    // Files go whole into a part; a part ends once it holds END_PART_TESTS tests or more.
    let part: RunEnd['files'] = []
    let size = 0
    for (const file of run.files) {
      part.push(file)
      size += file.tests.length
      if (size >= END_PART_TESTS) {
        parts.push(part)
        part = []
        size = 0
      }
    }
    const reply = await this.ask({ type: 'end', id: this.nextId++, run: { ...run, files: part } }, parts, onProperties)
    if (reply.type !== 'verdict') throw new Error(`referee: a ${reply.type} reply to the end of the run`)
    return reply.verdict
  }

  /** Ends the referee's process (it ends by itself when this process does) and its temporary files. */
  close(): void {
    this.child?.stdin?.end()
    this.child = null
    this.local?.close()
  }

  private async ask(request: Request & { id: number }, before: RunEnd['files'][] = [], onProperties?: (properties: Properties) => void): Promise<Reply> {
    if (this.where === 'process' && !this.failed) {
      // Requests wait for the process in the order they came, so they reach it in that order.
      const child = await (this.starting ??= this.start())
      if (child && !this.failed) {
        return new Promise<Reply>((resolve, reject) => {
          this.pending.set(request.id, { request: withParts(request, before), resolve, reject, onProperties })
          refStream(child, true)
          // What the referee's process already has is not sent again; what is kept here for a replay is whole.
          for (const files of before) this.write(child, { type: 'end-part', files: this.lighter(files) })
          this.write(child, request.type === 'end' ? { ...request, run: { ...request.run, files: this.lighter(request.run.files) } } : request)
          // The process reads its requests in order: by the end of the run it has every outcome sent before.
          if (request.type === 'result' && request.item.outcomeIs === 'included' && isObject(request.item.outcome)) this.sent.add(request.item.outcome)
        })
      }
    }
    return this.askHere(withParts(request, before), onProperties)
  }

  /** The tests of an end of the run, without the outcomes the referee's process has already (it keeps them). */
  private lighter(files: RunEnd['files']): RunEnd['files'] {
    return files.map((file) => ({
      ...file,
      tests: file.tests.map((t) => (t.outcomeIs === 'included' && isObject(t.outcome) && this.sent.has(t.outcome) ? { ...t, outcomeIs: 'arrived' as const, outcome: undefined } : t)),
    }))
  }

  private async askHere(request: Request & { id: number }, onProperties: (properties: Properties) => void = () => {}): Promise<Reply> {
    const referee = await this.here()
    if (request.type === 'result') return { type: 'record', id: request.id, record: await referee.result(request.item) }
    if (request.type === 'end') return { type: 'verdict', id: request.id, verdict: await referee.end(request.run, onProperties) }
    throw new Error(`referee: no reply to ${request.type}`)
  }

  private here(): Promise<Referee> {
    this.localLoading ??= import('./referee.ts').then(({ Referee }) => (this.local = new Referee(this.settings())))
    return this.localLoading
  }

  private write(child: ChildProcess, request: Request): void {
    child.stdin?.write(`${JSON.stringify(request)}\n`)
  }

  /** The referee's process, with the run's settings as its first message; null when it cannot be started. */
  private async start(): Promise<ChildProcess | null> {
    let child: ChildProcess
    try {
      const launch = await refereeCommand()
      child = spawn(launch.command, launch.args, { stdio: ['pipe', 'pipe', 'inherit'] })
    } catch (error) {
      this.fail(`could not be started (${(error as Error).message})`)
      return null
    }
    this.child = child
    child.on('error', (error) => this.fail(`could not be started or stopped working (${error.message})`))
    child.on('exit', (code, signal) => {
      if (this.child === child) this.fail(`ended unexpectedly (${signal ?? `exit code ${code}`})`)
    })
    child.stdin!.on('error', () => {})
    createInterface({ input: child.stdout!, crlfDelay: Infinity }).on('line', (line) => this.onLine(line))
    // The referee never keeps this process alive by itself; it is waited for only while it owes an answer.
    child.unref()
    refStream(child, false)
    this.write(child, { type: 'init', settings: this.settings() })
    return child
  }

  private onLine(line: string): void {
    let reply: Reply
    try {
      reply = ReplySchema.parse(JSON.parse(line))
    } catch (error) {
      return this.fail(`answered with something that is not a reply (${(error as Error).message.slice(0, 200)})`)
    }
    if (reply.type === 'error' && reply.id === null) return this.fail(`failed: ${reply.message}`)
    const pending = this.pending.get(reply.id!)
    if (!pending || (reply.type === 'properties' && !pending.onProperties)) return this.fail(`answered request ${reply.id}, which it was not asked`)
    if (reply.type === 'properties') return pending.onProperties!(reply.properties)
    this.pending.delete(reply.id!)
    if (this.pending.size === 0 && this.child) refStream(this.child, false)
    if (reply.type === 'error') pending.reject(new Error(`vitest-mcp-bench: the referee failed: ${reply.message}`))
    else pending.resolve(reply)
  }

  /** The referee's process is gone or unusable: the referee runs here from now on, answering what is still owed. */
  private fail(why: string): void {
    if (this.failed) return
    this.failed = true
    const child = this.child
    this.child = null
    child?.stdin?.destroy()
    child?.kill()
    this.warn(`vitest-mcp-bench: the referee's process ${why}; the results are scored and the reports written in Vitest's main process instead`)
    // The referee here has had none of the outcomes: it is asked with every one it needs (requests are kept whole).
    this.sent = new WeakSet()
    const owed = [...this.pending.values()].sort((a, b) => a.request.id - b.request.id)
    this.pending.clear()
    for (const { request, resolve, reject, onProperties } of owed) this.askHere(request, onProperties).then(resolve, reject)
  }
}

/** An `end` request with the parts that went before it, whole: what the referee here is asked. */
function withParts(request: Request & { id: number }, before: RunEnd['files'][]): Request & { id: number } {
  if (request.type !== 'end' || before.length === 0) return request
  return { ...request, run: { ...request.run, files: [...before.flat(), ...request.run.files] } }
}

function refStream(child: ChildProcess, on: boolean): void {
  const stdout = child.stdout as (NodeJS.ReadableStream & { ref?: () => void; unref?: () => void }) | null
  if (on) stdout?.ref?.()
  else stdout?.unref?.()
}

// Built as .js in dist/, run as .ts from source.
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'

/**
 * How to run the referee's process with the runtime running this one. From the package it is plain JavaScript:
 * the bundle beside the plugin's (dist/src/referee.js), else the compiled file beside this one. Bun and Deno run
 * this repository's TypeScript sources as they are; Node 20 cannot, so they are bundled first (sourceBundle).
 */
async function refereeCommand(): Promise<{ command: string; args: string[] }> {
  const here = dirname(fileURLToPath(import.meta.url))
  const sibling = join(here, `referee-process${ext}`)
  const entry = existsSync(sibling) ? sibling : join(here, 'referee.js')
  const kind = runtimeKind()
  if (kind === 'bun') return { command: process.execPath, args: [entry] }
  if (kind === 'deno') return { command: process.execPath, args: ['run', '-A', '--quiet', entry] }
  return { command: process.execPath, args: [ext === '.ts' ? await sourceBundle(entry) : entry] }
}

let bundled: Promise<string> | undefined

/**
 * This repository's referee sources bundled into one module by esbuild (a tenth of a second), once per process,
 * rather than compiled module by module at run time by a TypeScript loader (about a second of CPU more at every
 * start). It goes under the repository's node_modules, where its bare imports (ECharts) still resolve, in a
 * directory of this process's own, removed when the process exits.
 */
function sourceBundle(entry: string): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild')
    const root = join(dirname(entry), '..', '..')
    const parent = join(root, 'node_modules', '.mcp-bench')
    removeOrphanBundles(parent)
    const outdir = join(parent, `referee-${process.pid}-${Date.now().toString(36)}`)
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }))
    await build({
      entryPoints: { referee: entry },
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: ['vitest', 'vitest/*', 'vite', 'echarts', 'echarts/*'],
      logLevel: 'error',
    })
    return join(outdir, 'referee.js')
  })()
  return bundled
}

/** Bundles left by processes that were killed before they could remove theirs. */
function removeOrphanBundles(parent: string): void {
  if (!existsSync(parent)) return
  for (const name of readdirSync(parent)) {
    const pid = Number(/^referee-(\d+)-/.exec(name)?.[1])
    if (pid && pid !== process.pid && !isProcessAlive(pid)) rmSync(join(parent, name), { recursive: true, force: true })
  }
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}
