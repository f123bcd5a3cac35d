import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Agent } from '../../src/runtime/agents/types.ts'
import { loadServersFile } from '../../src/config/load-servers.ts'
import type { ServerConfig } from '../../src/contracts/server-config.ts'
import { buildCatalog } from '../../src/runtime/servers/catalog.ts'
import { connectServer, type ServerConnection } from '../../src/runtime/servers/connect.ts'
import { createWorkspace, usesWorkspace } from '../../src/runtime/servers/workspace.ts'
import { collectTasks } from '../../src/runtime/task/collect.ts'
import { TaskSpecSchema, type TaskSpec } from '../../src/contracts/task-spec.ts'
import { TrajectoryRecorder } from '../../src/runtime/trajectory/recorder.ts'
import type { Trajectory } from '../../src/contracts/trajectory.ts'

/**
 * Runs agents on the bundled suite's tasks without Vitest's benchmark
 * project and without server processes: every fixture server is created in
 * this process and reached through the SDK's in-memory transport, which is
 * what makes linting hundreds of reference plans take seconds. Only servers
 * that are not fixtures (the npm filesystem and memory servers) start as
 * processes, one per task that needs them.
 */

export interface BundledTask {
  id: string
  file: string
  spec: TaskSpec
}

/** Every task of the bundled suite, with the file it is in. */
export async function loadBundledTasks(dir = resolve('benchmarks')): Promise<BundledTask[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
  const tasks: BundledTask[] = []
  for (const file of files) {
    const collected = await collectTasks([file], (f) => import(/* @vite-ignore */ pathToFileURL(resolve(dir, f)).href))
    for (const { id, spec } of collected) tasks.push({ id, file, spec: TaskSpecSchema.parse(spec) })
  }
  return tasks
}

const FIXTURE_MAIN = /^fixtures\/servers\/([^/]+)\/main\.ts$/

/**
 * The in-process form of a fixture server's stdio entry: the same folder's
 * `server.ts` factory with the same `--options=` JSON, so both forms serve
 * identical data on the identical clock or seed. Other entries are kept.
 */
export function inProcessForm(config: ServerConfig): ServerConfig {
  if (!('command' in config)) return config
  const main = config.args.map((a) => FIXTURE_MAIN.exec(a)).find(Boolean)
  if (!main) return config
  const flag = config.args.find((a) => a.startsWith('--options='))
  return {
    module: `./fixtures/servers/${main[1]}/server.ts`,
    export: 'createServer',
    options: flag ? JSON.parse(flag.slice('--options='.length)) : undefined,
    isolation: config.isolation,
    startupTimeoutMs: config.startupTimeoutMs,
    callTimeoutMs: config.callTimeoutMs,
  }
}

export interface TaskServers {
  connections: Map<string, ServerConnection>
  release(): Promise<void>
}

/**
 * Server instances for tasks run one after another. Stateless servers are
 * started once and shared; `isolation: "task"` servers (the tensor store) and
 * workspace servers (`${TASK_DIR}`) get a fresh instance per task.
 */
export class InProcessServers {
  private readonly configs: Record<string, ServerConfig>
  private readonly shared = new Map<string, Promise<ServerConnection>>()

  constructor(
    readonly root = process.cwd(),
    serversFile = 'mcp.servers.json',
  ) {
    const loaded = loadServersFile(serversFile, root)
    this.configs = Object.fromEntries(Object.entries(loaded.servers).map(([name, config]) => [name, inProcessForm(config)]))
  }

  names(): string[] {
    return Object.keys(this.configs).sort()
  }

  private config(name: string): ServerConfig {
    const config = this.configs[name]
    if (!config) throw new Error(`Unknown server "${name}" (configured: ${this.names().join(', ')})`)
    return config
  }

  private isolated(name: string): boolean {
    const config = this.config(name)
    return config.isolation === 'task' || usesWorkspace(config)
  }

  async forTask(names: readonly string[], files?: TaskSpec['files']): Promise<TaskServers> {
    const own: Array<{ connection: ServerConnection; remove?: () => void }> = []
    const connections = new Map<string, ServerConnection>()
    for (const name of names) {
      if (!this.isolated(name)) {
        if (!this.shared.has(name)) this.shared.set(name, connectServer(name, this.config(name), this.root))
        connections.set(name, await this.shared.get(name)!)
        continue
      }
      const config = this.config(name)
      const workspace = usesWorkspace(config) ? createWorkspace(name, files, this.root) : undefined
      const connection = await connectServer(name, config, this.root, workspace ? { TASK_DIR: workspace.dir } : {})
      own.push({ connection, remove: workspace?.remove })
      connections.set(name, connection)
    }
    return {
      connections,
      release: async () => {
        for (const { connection, remove } of own) {
          await connection.close()
          remove?.()
        }
      },
    }
  }

  async close(): Promise<void> {
    const open = await Promise.allSettled(this.shared.values())
    this.shared.clear()
    for (const o of open) if (o.status === 'fulfilled') await o.value.close()
  }
}

export interface InProcessRun {
  trajectory: Trajectory
  /** The text of every successful tool output, as the agent saw it. */
  outputs: readonly string[]
  /** The tools the agent was offered, `server.tool`, sorted: what a task's outcome records as `offered`. */
  offered: string[]
}

export interface RunOptions {
  /** How long one tool call may take (default 60 000 ms, the harness's default). */
  callTimeoutMs?: number
}

/**
 * Runs one agent on one task against the task's own servers (no distraction
 * servers), through the same recorder the harness uses, and returns what the
 * agent did and saw.
 */
export async function runInProcess(
  task: BundledTask,
  agent: Agent,
  servers: InProcessServers,
  { callTimeoutMs = 60_000 }: RunOptions = {},
): Promise<InProcessRun> {
  const session = await servers.forTask(task.spec.servers, task.spec.files)
  try {
    const catalog = buildCatalog(task.spec.servers.map((server) => ({ server, tools: session.connections.get(server)!.tools })))
    const recorder = new TrajectoryRecorder({
      task: { id: task.id, prompt: task.spec.useConcretePrompt || !task.spec.fuzzy ? task.spec.prompt : task.spec.fuzzy },
      agent: agent.name,
      catalog,
      connections: session.connections,
      maxRounds: task.spec.maxRounds ?? 20,
      maxToolCalls: task.spec.maxToolCalls,
      signal: new AbortController().signal,
      maxToolOutputChars: 20_000,
      maxRecordedOutputChars: 4_000,
      callTimeoutMs: () => callTimeoutMs,
    })
    const offered = catalog.entries.map((e) => `${e.server}.${e.tool}`).sort()
    try {
      const answer = await agent.run(recorder.context())
      return { trajectory: recorder.finish(typeof answer === 'string' ? answer : null, null), outputs: recorder.outputs(), offered }
    } catch (error) {
      return { trajectory: recorder.finish(null, (error as Error).message), outputs: recorder.outputs(), offered }
    }
  } finally {
    await session.release()
  }
}
