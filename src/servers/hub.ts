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
  /** Closes the task's own (isolated) instances; shared ones stay for the file's other tasks. */
  release(): Promise<void>
}

export interface HubConfig extends LoadedServers {
  root: string
  /** Set when the servers file itself could not be loaded: every task that needs a server fails with it. */
  fileError?: string
}

export interface AcquireOptions {
  /** Extra servers whose tools join the catalog, marked as distractors. */
  distractors?: string[]
  /** Seed for the `${TASK_DIR}` of workspace servers. */
  files?: WorkspaceSeed
  /** Distractors join the catalog in the order given only while it stays within this many tools. */
  maxTools?: number
}

/**
 * Starts servers on demand for a test file. Servers with `isolation: "file"`
 * start once and are shared by the file's tasks; `isolation: "task"` servers,
 * and servers whose config uses `${TASK_DIR}`, get a fresh instance per task,
 * so stateful servers start clean. `close()` stops everything still open (the
 * environment calls it at teardown).
 */
export class ServerHub {
  private shared = new Map<string, Promise<ServerConnection>>()
  private open = new Set<ServerConnection>()

  constructor(readonly config: HubConfig) {}

  /** Names of every configured server (valid or not). */
  names(): string[] {
    return [...Object.keys(this.config.servers), ...Object.keys(this.config.invalid)].sort()
  }

  /** Checks names before anything starts, so a typo fails with the list of what exists. */
  problemsWith(names: string[]): string | undefined {
    if (this.config.fileError) return this.config.fileError
    for (const name of names) {
      if (this.config.invalid[name]) return this.config.invalid[name]
      if (!this.config.servers[name]) {
        return `Unknown server "${name}". Configured servers: ${this.names().join(', ') || '(none)'}`
      }
    }
    return undefined
  }

  isolated(name: string): boolean {
    const config = this.config.servers[name]
    return Boolean(config && (config.isolation === 'task' || usesWorkspace(config)))
  }

  async acquire(names: string[], { distractors = [], files, maxTools = Infinity }: AcquireOptions = {}): Promise<ServerSession> {
    const all = [...new Set([...names, ...distractors])]
    const problem = this.problemsWith(all)
    if (problem) throw new Error(problem)
    const own: ServerConnection[] = []
    const workspaces = new Map<string, string>()
    const settled = await Promise.allSettled(all.map(async (name) => {
      if (this.isolated(name)) {
        const connection = await this.start(name, files)
        own.push(connection)
        if (connection.workspace) workspaces.set(name, connection.workspace)
        return connection
      }
      return this.sharedConnection(name)
    }))
    const failed = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected')
    if (failed.length) {
      await Promise.all(own.map((c) => this.stop(c)))
      throw new Error(failed.map((f) => (f.reason as Error).message).join('\n'))
    }
    const connections = new Map(settled.map((s) => {
      const c = (s as PromiseFulfilledResult<ServerConnection>).value
      return [c.name, c] as const
    }))
    // The task's own servers always join; distractors only while the catalog stays within budget.
    let size = names.reduce((n, name) => n + connections.get(name)!.tools.length, 0)
    const joined: string[] = []
    for (const name of distractors) {
      const tools = connections.get(name)!.tools.length
      if (names.includes(name) || joined.includes(name) || size + tools > maxTools) continue
      size += tools
      joined.push(name)
    }
    for (const name of all) if (!names.includes(name) && !joined.includes(name)) connections.delete(name)
    const catalog = buildCatalog([...names, ...joined].map((name) => ({
      server: name,
      tools: connections.get(name)!.tools,
      distractor: !names.includes(name),
    })))
    return { connections, workspaces, catalog, release: async () => void (await Promise.all(own.map((c) => this.stop(c)))) }
  }

  /** A shared connection, restarted if the previous instance died. */
  private sharedConnection(name: string): Promise<ServerConnection> {
    const existing = this.shared.get(name)
    if (existing) {
      return existing.then((c) => (c.alive() ? c : this.restart(name)))
    }
    const started = this.start(name)
    this.shared.set(name, started)
    return started
  }

  private restart(name: string): Promise<ServerConnection> {
    this.shared.delete(name)
    return this.sharedConnection(name)
  }

  private async start(name: string, files?: WorkspaceSeed): Promise<ServerConnection> {
    const config = this.config.servers[name]!
    const workspace = usesWorkspace(config) ? createWorkspace(name, files, this.config.root) : undefined
    try {
      const connection = await connectServer(name, config, this.config.root, workspace ? { TASK_DIR: workspace.dir } : {})
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
