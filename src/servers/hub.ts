import { availableParallelism } from 'node:os'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { LoadedServers } from '../config/load-servers.ts'
import { buildCatalog, type Catalog } from './catalog.ts'
import { connectServer, type ServerConnection } from './connect.ts'
import { createWorkspace, usesWorkspace, type WorkspaceSeed } from './workspace.ts'

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
 * start-up limit measures the server, not a queue. `close()` stops everything
 * still open (the environment calls it at teardown).
 */
export class ServerHub {
  private shared = new Map<string, Promise<ServerConnection>>()
  private open = new Set<ServerConnection>()
  /** Each config entry's tool list, from its last start: a distractor that cannot fit the tool budget is not started just to find out. */
  private toolLists = new Map<string, Tool[]>()
  private starts = new Semaphore(Math.max(2, availableParallelism()))

  constructor(readonly config: HubConfig) {}

  /** Names of every configured server (valid or not). */
  names(): string[] {
    return [...Object.keys(this.config.servers), ...Object.keys(this.config.invalid)].sort()
  }

  /** Why a server cannot be used, before anything starts; undefined when it can. */
  problemWith(name: string): string | undefined {
    if (this.config.fileError) return this.config.fileError
    if (this.config.invalid[name]) return this.config.invalid[name]
    if (!this.config.servers[name]) return `Unknown server "${name}". Configured servers: ${this.names().join(', ') || '(none)'}`
    return undefined
  }

  isolated(name: string): boolean {
    const config = this.config.servers[name]
    return Boolean(config && (config.isolation === 'task' || usesWorkspace(config)))
  }

  async acquire(names: string[], { distractors = [], files, maxTools = 128, strictDistractors = false, excludeTools = [] }: AcquireOptions = {}): Promise<ServerSession> {
    const problem = names.map((n) => this.problemWith(n)).find(Boolean)
    if (problem) throw new Error(problem)
    const own: ServerConnection[] = []
    const release = async () => void (await Promise.all(own.splice(0).map((c) => this.stop(c))))
    const excluded = new Set(excludeTools)
    const shown = (server: string, tool: string) => !excluded.has(`${server}.${tool}`)
    const visible = (c: ServerConnection) => c.tools.filter((t) => shown(c.name, t.name))
    try {
      const main = await Promise.all(names.map((name) => this.connection(name, files, own)))
      const connections = new Map(main.map((c) => [c.name, c] as const))
      const picked = await this.addDistractors(names, distractors, { files, own, connections, maxTools, strict: strictDistractors, shown })
      const workspaces = new Map(own.flatMap((c) => (c.workspace ? [[c.name, c.workspace] as const] : [])))
      const catalog = buildCatalog([...names, ...picked.joined].map((name) => ({
        server: name, tools: visible(connections.get(name)!), distractor: !names.includes(name),
      })))
      return { connections, workspaces, catalog, distractors: picked.joined, skipped: picked.skipped, release }
    } catch (error) {
      await release()
      throw error
    }
  }

  /**
   * Distractors join in order while the catalog fits the tool budget. One
   * that is not configured or will not start is skipped with its reason (or
   * fails the task when `strict`). The choice is made with every candidate's
   * tool count in hand, never with only the counts this hub happens to know:
   * with tasks running concurrently, which servers an earlier task has started
   * depends on the schedule, and the catalog must not. Counts not known yet are
   * learned by starting those servers (together); a known count spares a start
   * only where it decides the same way.
   */
  private async addDistractors(
    names: string[],
    wanted: string[],
    ctx: {
      files?: WorkspaceSeed; own: ServerConnection[]; connections: Map<string, ServerConnection>; maxTools: number; strict: boolean
      shown: (server: string, tool: string) => boolean
    },
  ): Promise<{ joined: string[]; skipped: Array<{ server: string; reason: string }> }> {
    const skipped: Array<{ server: string; reason: string }> = []
    const skip = (server: string, reason: string) => {
      if (ctx.strict) throw new Error(`Distraction server "${server}": ${reason}`)
      skipped.push({ server, reason })
    }
    const count = (server: string, tools: readonly Tool[]) => tools.filter((tool) => ctx.shown(server, tool.name)).length
    const own = names.reduce((n, name) => n + count(name, ctx.connections.get(name)!.tools), 0)
    const candidates: string[] = []
    for (const server of [...new Set(wanted)].filter((s) => !names.includes(s))) {
      const problem = this.problemWith(server)
      if (problem) skip(server, problem.split('\n')[0]!)
      else candidates.push(server)
    }
    const started = new Map<string, ServerConnection>()
    const failed = new Map<string, string>()
    const startAll = async (servers: string[]) => {
      const results = await Promise.allSettled(servers.map((s) => this.connection(s, ctx.files, ctx.own)))
      results.forEach((result, i) => {
        if (result.status === 'fulfilled') started.set(servers[i]!, result.value)
        else failed.set(servers[i]!, (result.reason as Error).message)
      })
    }
    await startAll(candidates.filter((s) => !this.toolLists.has(s)))
    const tools = (server: string) => count(server, started.get(server)?.tools ?? this.toolLists.get(server)!)
    // In order: the servers that fit, given which have failed to start so far. A server chosen on its known
    // count is started only now; if it fails, the choice is made again without it.
    for (;;) {
      let size = own
      const chosen = candidates.filter((s) => {
        if (failed.has(s) || size + tools(s) > ctx.maxTools) return false
        size += tools(s)
        return true
      })
      const pending = chosen.filter((s) => !started.has(s))
      if (pending.length === 0) break
      await startAll(pending)
    }
    const joined: string[] = []
    let size = own
    for (const server of candidates) {
      const why = failed.get(server)
      if (why !== undefined) {
        skip(server, `did not start: ${why}`)
        continue
      }
      const n = tools(server)
      if (size + n > ctx.maxTools) {
        skip(server, `its ${n} tools would take the catalog past ${ctx.maxTools}`)
        continue
      }
      size += n
      joined.push(server)
      ctx.connections.set(server, started.get(server)!)
    }
    return { joined, skipped }
  }

  /** A task's connection to a server: its own instance if the server is isolated, else the file's shared one. */
  private async connection(name: string, files: WorkspaceSeed | undefined, own: ServerConnection[]): Promise<ServerConnection> {
    if (!this.isolated(name)) return this.sharedConnection(name)
    const connection = await this.startWithRetry(name, files)
    own.push(connection)
    return connection
  }

  /** The shared connection; a dead one is replaced once, however many tasks find it dead at the same time. */
  private async sharedConnection(name: string): Promise<ServerConnection> {
    const current = this.shared.get(name)
    if (!current) return this.startShared(name)
    const connection = await current
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

  private async startWithRetry(name: string, files?: WorkspaceSeed): Promise<ServerConnection> {
    let last: Error | undefined
    for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
      try {
        return await this.starts.run(() => this.start(name, files))
      } catch (error) {
        last = error as Error
      }
    }
    // The count goes on the first line, before any stderr the server left.
    const [first, ...rest] = last!.message.split('\n')
    throw new Error([`${first} (tried ${START_ATTEMPTS} times)`, ...rest].join('\n'))
  }

  private async start(name: string, files?: WorkspaceSeed): Promise<ServerConnection> {
    const config = this.config.servers[name]!
    let workspace: ReturnType<typeof createWorkspace> | undefined
    try {
      workspace = usesWorkspace(config) ? createWorkspace(name, files, this.config.root) : undefined
      const connection = await connectServer(name, config, this.config.root, workspace ? { TASK_DIR: workspace.dir } : {})
      this.toolLists.set(name, connection.tools)
      const close = connection.close
      const tracked: ServerConnection = { ...connection, workspace: workspace?.dir, close: async () => {
        await close()
        workspace?.remove()
      } }
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
    const all = [...this.open]
    this.open.clear()
    this.shared.clear()
    await Promise.all(all.map((c) => c.close()))
  }
}

/** At most `limit` tasks at once; the others wait their turn. */
class Semaphore {
  private running = 0
  private waiting: Array<() => void> = []

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    this.running++
    try {
      return await task()
    } finally {
      this.running--
      this.waiting.shift()?.()
    }
  }
}
