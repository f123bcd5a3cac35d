import { availableParallelism } from 'node:os'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { LoadedServers } from '../../config/load-servers.ts'
import { buildCatalog, type Catalog } from './catalog.ts'
import { connectServer, isFinalStartError, type ServerConnection } from './connect.ts'
import { resolve } from 'node:path'
import { stableStringify } from '../../lib/stable-json.ts'
import { WarmPool } from './warm-pool.ts'
import { createWorkspace, usesWorkspace, type WorkspaceSeed } from './workspace.ts'
import { workspacePaths } from './workspace-paths.ts'
import { AdaptiveLimiter, inSlot } from '../../lib/limiter.ts'

/** The servers one task runs against, and its tool catalog. */
export interface ServerSession {
  connections: Map<string, ServerConnection>
  /** The fresh directory (`${TASK_DIR}`) of each workspace server, by server name. */
  workspaces: Map<string, string>
  catalog: Catalog
  /** Distraction servers whose tools joined the catalog. */
  distractors: string[]
  /** Distraction servers left out, and why. */
  skipped: Array<{ server: string; reason: string }>
  /** Closes the task's own (isolated) instances; shared ones stay for the file's other tasks. */
  release(): Promise<void>
}

export interface HubConfig extends LoadedServers {
  root: string
  /** Set when the servers file itself could not be loaded: every task that needs a server fails with it. */
  fileError?: string
}

export interface AcquireOptions {
  /** Extra servers whose tools join the catalog, marked as distractors, in order of preference. */
  distractors?: string[]
  /** Seed for the `${TASK_DIR}` of workspace servers. */
  files?: WorkspaceSeed
  /** Distractors join only while the catalog stays within this many tools. */
  maxTools?: number
  /** A distractor that is not configured or fails to start fails the task, instead of being left out. */
  strictDistractors?: boolean
  /** Tools (`server.tool`) left out of the catalog, and out of its size. */
  excludeTools?: readonly string[]
}

/** Attempts per start: a server that fails once is tried once more before the task gives up on it. */
const START_ATTEMPTS = 2

/**
 * Starts servers on demand for a test file. Servers with `isolation: "file"`
 * start once and are shared by the file's tasks; `isolation: "task"` servers,
 * and servers whose config uses `${TASK_DIR}`, get a fresh instance per task,
 * so stateful servers start clean. A failed start is never remembered: the
 * next task tries again. A shared server that died is restarted once, however
 * many tasks ask at the same time. Starts run a few at a time, so each one's
 * start-up limit measures the server, not a queue. Isolated instances that
 * the file's tests are known to need (`plan`) are started ahead, one at a time
 * per server, while the tasks before them run (warm-pool.ts). `close()` stops
 * everything still open (the environment calls it at teardown).
 */
export class ServerHub {
  private shared = new Map<string, Promise<ServerConnection>>()
  private open = new Set<ServerConnection>()
  /** Each config entry's tool list, from its last start: a distractor that cannot fit the tool budget is not started just to find out. */
  private toolLists = new Map<string, Tool[]>()
  private starts = new AdaptiveLimiter(Math.max(2, availableParallelism()))
  private closed = false
  private pool = new WarmPool(
    (name, files) => inSlot(this.starts, () => this.start(name, files)),
    (c) => (this.open.has(c) ? this.stop(c) : Promise.resolve()),
  )

  constructor(readonly config: HubConfig) {}

  /** Names of every configured server (valid or not). */
  names(): string[] {
    return [...Object.keys(this.config.servers), ...Object.keys(this.config.invalid)].sort()
  }

  /** Why a server cannot be used, before anything starts; undefined when it can. */
  problemWith(name: string): string | undefined {
    if (this.config.fileError) return inOneLine(this.config.fileError)
    if (this.config.invalid[name]) return inOneLine(this.config.invalid[name])
    if (!this.config.servers[name]) return `Unknown server "${name}". Configured servers: ${this.names().join(', ') || '(none)'}`
    return undefined
  }

  isolated(name: string): boolean {
    const config = this.config.servers[name]
    return Boolean(config && (config.isolation === 'task' || usesWorkspace(config)))
  }

  /** A model's calls in one turn run one at a time, in its order (the config's `calls`; default: isolated servers). */
  callsInOrder(name: string): boolean {
    const calls = this.config.servers[name]?.calls
    return calls ? calls === 'in-order' : this.isolated(name)
  }

  /**
   * A test of this file will acquire `names` with this seed: its isolated servers may be started ahead of
   * it (warm-pool.ts). mcpTask calls it at collection, once per test; nothing starts until a first task of
   * the same server acquires it.
   */
  plan(names: readonly string[], files?: WorkspaceSeed): void {
    for (const name of names) if (!this.problemWith(name) && this.isolated(name)) this.pool.plan(this.poolKey(name, files))
  }

  /**
   * Starts the shared servers among `names` now, ahead of the tasks that will acquire them: the file about to be
   * imported names them in the run's server plan (start-ahead.ts). Their start-up, often the longest wait of a
   * file's first tasks, then runs while the worker imports and collects the file. A start that fails is the
   * failure of the first tasks that acquire the server, as their own would have been; the next ones try again.
   */
  startAhead(names: readonly string[]): void {
    for (const name of names) {
      if (this.closed || this.problemWith(name) || this.isolated(name) || this.shared.has(name)) continue
      const started = this.startWithRetry(name)
      started.catch(() => {})
      this.shared.set(name, started)
    }
  }

  /** Settles once every instance warming ahead of its task has started (or failed to). */
  warmed(): Promise<void> {
    return this.pool.ready()
  }

  /** Instances warm or warming for tasks to come. */
  warmCount(): number {
    return this.pool.size()
  }

  /** Instances are interchangeable when they come from one config entry and, for `${TASK_DIR}` servers, one seed. */
  private poolKey(name: string, files: WorkspaceSeed | undefined): string {
    if (!usesWorkspace(this.config.servers[name]!)) return name
    const seed =
      files === undefined ? '' : typeof files === 'string' ? `dir:${resolve(this.config.root, files)}` : `files:${stableStringify(files)}`
    return `${name}\u0000${seed}`
  }

  async acquire(
    names: string[],
    { distractors = [], files, maxTools = 128, strictDistractors = false, excludeTools = [] }: AcquireOptions = {},
  ): Promise<ServerSession> {
    const problem = names.map((n) => this.problemWith(n)).find(Boolean)
    if (problem) throw new Error(problem)
    const own: ServerConnection[] = []
    const release = async () => void (await Promise.all(own.splice(0).map((c) => this.stop(c))))
    const excluded = new Set(excludeTools)
    const shown = (server: string, tool: string) => !excluded.has(`${server}.${tool}`)
    // A workspace server's tools are described as the agent sees its directory: `/workspace` (workspace-paths.ts).
    const visible = (c: ServerConnection) => workspacePaths(c.workspace).toAgent(c.tools.filter((t) => shown(c.name, t.name)))
    try {
      const main = await Promise.all(names.map((name) => this.connection(name, files, own)))
      const connections = new Map(main.map((c) => [c.name, c] as const))
      const picked = await this.addDistractors(names, distractors, { files, own, connections, maxTools, strict: strictDistractors, shown })
      const workspaces = new Map(own.flatMap((c) => (c.workspace ? [[c.name, c.workspace] as const] : [])))
      const catalog = buildCatalog(
        [...names, ...picked.joined].map((name) => ({
          server: name,
          tools: visible(connections.get(name)!),
          distractor: !names.includes(name),
        })),
      )
      return { connections, workspaces, catalog, distractors: picked.joined, skipped: picked.skipped, release }
    } catch (error) {
      await release()
      throw error
    }
  }

  /**
   * Distractors join in the task's order of preference while the catalog fits
   * the tool budget. The outcome depends on the task alone (its list, the
   * servers' tool counts, the budget), never on which servers earlier tasks
   * of the file happened to start: the fit is always decided by one walk in
   * order over true tool counts. A count known from an earlier start only
   * spares starting a server that cannot fit; a server that will not start
   * is skipped with its reason (or fails the task when `strict`) and the walk
   * is done again without it, so it never takes the place of one that would
   * have fitted.
   */
  private async addDistractors(
    names: string[],
    wanted: string[],
    ctx: {
      files?: WorkspaceSeed
      own: ServerConnection[]
      connections: Map<string, ServerConnection>
      maxTools: number
      strict: boolean
      shown: (server: string, tool: string) => boolean
    },
  ): Promise<{ joined: string[]; skipped: Array<{ server: string; reason: string }> }> {
    const failed = new Map<string, string>()
    const count = (server: string, tools: readonly Tool[]) => tools.filter((tool) => ctx.shown(server, tool.name)).length
    const base = names.reduce((n, name) => n + count(name, ctx.connections.get(name)!.tools), 0)
    const candidates = [...new Set(wanted)].filter((s) => !names.includes(s))
    const started = new Map<string, ServerConnection>()
    const startAll = async (servers: string[]) => {
      const results = await Promise.allSettled(servers.map((s) => this.connection(s, ctx.files, ctx.own)))
      results.forEach((result, i) => {
        const server = servers[i]!
        if (result.status === 'fulfilled') started.set(server, result.value)
        else failed.set(server, `did not start: ${(result.reason as Error).message}`)
      })
    }
    // Tool counts come from a start of this config entry: those never started yet are started now, together.
    await startAll(candidates.filter((s) => !this.problemWith(s) && !this.toolLists.has(s)))
    for (;;) {
      const { joined, skipped, toStart } = this.fit(candidates, base, ctx.maxTools, failed, started, count)
      if (toStart.length === 0) {
        if (ctx.strict && skipped.length) throw new Error(`Distraction server "${skipped[0]!.server}": ${skipped[0]!.reason}`)
        for (const server of joined) ctx.connections.set(server, started.get(server)!)
        return { joined, skipped }
      }
      // Known to fit but not started for this task: start them, then walk again (one may fail to start).
      await startAll(toStart)
    }
  }

  /** One walk in order: which candidates join, which are skipped and why, and which must be started to know. */
  private fit(
    candidates: string[],
    base: number,
    maxTools: number,
    failed: ReadonlyMap<string, string>,
    started: ReadonlyMap<string, ServerConnection>,
    count: (server: string, tools: readonly Tool[]) => number,
  ) {
    const joined: string[] = []
    const skipped: Array<{ server: string; reason: string }> = []
    const toStart: string[] = []
    let size = base
    for (const server of candidates) {
      const problem = this.problemWith(server)?.split('\n')[0] ?? failed.get(server)
      if (problem) {
        skipped.push({ server, reason: problem })
        continue
      }
      const tools = started.get(server)?.tools ?? this.toolLists.get(server)!
      const n = count(server, tools)
      if (size + n > maxTools) {
        skipped.push({ server, reason: `its ${n} tools would take the catalog past ${maxTools} (${size} tools before it)` })
        continue
      }
      size += n
      joined.push(server)
      if (!started.has(server)) toStart.push(server)
    }
    return { joined, skipped, toStart }
  }

  /** A task's connection to a server: its own instance if the server is isolated, else the file's shared one. */
  private async connection(name: string, files: WorkspaceSeed | undefined, own: ServerConnection[]): Promise<ServerConnection> {
    if (!this.isolated(name)) return this.sharedConnection(name)
    const connection = await this.isolatedInstance(name, files)
    own.push(connection)
    return connection
  }

  /** A fresh instance for one task: the warm one if there is one, else started now. */
  private async isolatedInstance(name: string, files: WorkspaceSeed | undefined): Promise<ServerConnection> {
    const warm = this.pool.take(this.poolKey(name, files), name, files)
    if (!warm) return this.startWithRetry(name, files)
    let connection: ServerConnection
    try {
      connection = await warm
    } catch (error) {
      // The warm start was this task's first attempt: the task makes the others, as after a cold first attempt.
      return this.startWithRetry(name, files, { attempts: 1, error: error as Error })
    }
    if (connection.alive()) return connection
    // It died while it waited: dropped, and the task starts its own from scratch.
    void this.stop(connection)
    return this.startWithRetry(name, files)
  }

  /** The shared connection; a dead one is replaced once, however many tasks find it dead at the same time. */
  private async sharedConnection(name: string): Promise<ServerConnection> {
    const current = this.shared.get(name)
    if (!current) return this.startShared(name)
    let connection: ServerConnection
    try {
      connection = await current
    } catch (error) {
      // A start made ahead of the tasks failed: the tasks waiting for it fail with its error; the next ones try again.
      if (this.shared.get(name) === current) this.shared.delete(name)
      throw error
    }
    if (connection.alive()) return connection
    if (this.shared.get(name) !== current) return this.sharedConnection(name)
    void this.stop(connection) // its process is gone; release what is left of it
    return this.startShared(name)
  }

  private startShared(name: string): Promise<ServerConnection> {
    const started = this.startWithRetry(name)
    this.shared.set(name, started)
    // A failed start is not remembered: the next task tries again.
    started.catch(() => {
      if (this.shared.get(name) === started) this.shared.delete(name)
    })
    return started
  }

  private async startWithRetry(
    name: string,
    files?: WorkspaceSeed,
    before?: { attempts: number; error: Error },
  ): Promise<ServerConnection> {
    let last: Error | undefined = before?.error
    for (let attempt = (before?.attempts ?? 0) + 1; attempt <= START_ATTEMPTS; attempt++) {
      try {
        return await inSlot(this.starts, () => this.start(name, files))
      } catch (error) {
        // A missing variable, or a module whose import hung, would fail the same way again: said at once.
        if (isFinalStartError(error)) throw error
        last = error as Error
      }
    }
    // The count goes on the first line, before any stderr the server left.
    const [first, ...rest] = last!.message.split('\n')
    throw new Error([`${first} (tried ${START_ATTEMPTS} times)`, ...rest].join('\n'))
  }

  private async start(name: string, files?: WorkspaceSeed): Promise<ServerConnection> {
    const config = this.config.servers[name]!
    if (this.closed) throw new Error(`Server "${name}": the file's servers are closed; it was not started`)
    let workspace: ReturnType<typeof createWorkspace> | undefined
    try {
      workspace = usesWorkspace(config) ? createWorkspace(name, files, this.config.root) : undefined
      const connection = await connectServer(name, config, this.config.root, workspace ? { TASK_DIR: workspace.dir } : {})
      this.toolLists.set(name, connection.tools)
      const close = connection.close
      const tracked: ServerConnection = {
        ...connection,
        workspace: workspace?.dir,
        close: async () => {
          await close()
          workspace?.remove()
        },
      }
      // A start that ends after the hub closed (one warming ahead at teardown) has nobody to close it later.
      if (this.closed) {
        await tracked.close()
        throw new Error(`Server "${name}": the file's servers were closed while it started`)
      }
      this.open.add(tracked)
      return tracked
    } catch (error) {
      workspace?.remove()
      throw error
    }
  }

  private async stop(connection: ServerConnection): Promise<void> {
    this.open.delete(connection)
    await connection.close()
  }

  /** Process ids of every stdio server still open (for leak checks). */
  pids(): number[] {
    return [...this.open].map((c) => c.pid).filter((p): p is number => p !== null)
  }

  async close(): Promise<void> {
    this.closed = true
    // Instances warming for tasks that will not come: waited for and closed, so none starts after the file ends.
    const warm = this.pool.close()
    const all = [...this.open]
    this.open.clear()
    this.shared.clear()
    await Promise.all([warm, ...all.map((c) => c.close())])
  }
}

/**
 * A config error as each task that meets it reports it: its first problem, on one line. The plugin prints
 * the whole error once at the start of the run; a file with 40 tasks must not repeat it 40 times.
 */
export function inOneLine(message: string): string {
  const [head = '', ...problems] = message.split('\n').filter((l) => l.trim())
  if (problems.length === 0) return head
  const first = problems[0]!.trim().replace(/^- /, '')
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more; the full error is printed once at the start of the run)` : ''
  return `${head.replace(/:$/, '')}: ${first}${more}`
}
