import { readdirSync, rmSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import type { ModuleAgentSetting } from '../../../contracts/options.ts'
import type { Agent } from '../types.ts'
import { AgentProcess } from './agent-process.ts'
import { bundleAgent } from './bundle.ts'
import { agentEnv, launchCommand, type Isolation } from './launch.ts'
import { readAccess, type RefereePaths } from './read-access.ts'
import { isProcessAlive } from '../../../lib/process-alive.ts'
import { guardInspectorSignal } from '../../../lib/inspector-guard.ts'

interface Slot {
  bundle: Promise<string>
  process?: Promise<AgentProcess>
  /** Its directory's refusal was said. */
  warned?: boolean
}

/**
 * The isolated agent processes of this worker: one per agent setting, shared by every task of every file
 * the worker runs (tasks are multiplexed by key). Kept on globalThis because Vitest may load this module
 * more than once in a worker. All die with the worker.
 */
interface Pool {
  slots: Map<string, Slot>
  bundles: Set<string>
  processes: Set<AgentProcess>
  tasks: number
}

const KEY = Symbol.for('vitest-mcp-bench.agent-processes')

function pool(): Pool {
  const scope = globalThis as Record<symbol, Pool | undefined>
  let found = scope[KEY]
  if (!found) {
    const created: Pool = { slots: new Map(), bundles: new Set(), processes: new Set(), tasks: 0 }
    scope[KEY] = found = created
    // Closing the channel ends a child; a kill makes sure. Bundles are this worker's own files.
    process.once('exit', () => {
      for (const child of created.processes) child.kill()
      for (const file of created.bundles) rmSync(file, { force: true })
    })
  }
  return found
}

/**
 * A custom agent run in its own process. Resolves once the child is up and has found its export; a module
 * that is missing, has no such export, includes a referee file or fails at import rejects with an
 * AgentSetupError (a setup error of the run, not the agent failing a task).
 */
export async function isolatedAgent(
  setting: ModuleAgentSetting,
  name: string,
  paths: RefereePaths,
): Promise<Agent & { isolation: Isolation }> {
  const { slots, bundles, processes } = pool()
  guardInspectorSignal()
  const key = JSON.stringify([paths.root, setting.module, setting.export, name])
  let slot = slots.get(key)
  if (!slot) {
    sweepBundles(paths.root)
    const bundle = bundleAgent(setting.module, setting.export, name, paths)
    void bundle.then(
      (file) => bundles.add(file),
      () => {},
    )
    slots.set(key, (slot = { bundle }))
  }
  const bundle = await slot.bundle
  // A setup error (no such export, a crash on import) is the same for every task: it is not retried.
  const running = slot.process && (await slot.process)
  if (!running?.alive) {
    // The first task, or the child died during an earlier one: a new child for this and the following tasks.
    const isPath = setting.module.startsWith('.') || isAbsolute(setting.module)
    const access = (tier: 'sandbox' | 'process') => {
      const given = readAccess(bundle, isPath ? resolve(paths.root, setting.module) : null, paths, tier)
      // Said once per agent and worker: reads of files beside the agent's source will fail, and this is why.
      if (given.ownDirRefused && !slot!.warned)
        process.stderr.write(`vitest-mcp-bench: agent ${name}: ${given.ownDirRefused}; files beside it cannot be read\n`)
      slot!.warned = true
      return given
    }
    const launch = launchCommand(bundle, access, setting.isolation === 'process' ? 'process' : 'sandbox', paths.root)
    const child = new AgentProcess(name, launch, { ...agentEnv(), ...launch.env }, paths.root)
    processes.add(child)
    slot.process = child.ready.then(() => child)
    slot.process.catch(() => processes.delete(child))
  }
  const child = await slot.process!
  return { name, isolation: child.isolation, run: (ctx) => child.run(`t${++pool().tasks}`, ctx) }
}

/** Closes every agent process of this worker (environment teardown of the last file, tests). */
export function closeAgentProcesses(): void {
  const { processes, slots } = pool()
  for (const child of processes) child.close()
  processes.clear()
  for (const slot of slots.values()) slot.process = undefined
}

/** The pids of this worker's live agent processes (tests check that none outlives its worker). */
export function agentProcessPids(): number[] {
  return [...pool().processes].filter((p) => p.alive && p.pid !== undefined).map((p) => p.pid!)
}

const swept = new Set<string>()

/**
 * Removes the bundles of workers that are gone (named `<agent>-<pid>-<n>.mjs`): a worker killed outright never
 * runs its exit handler. Once per root and worker.
 */
function sweepBundles(root: string): void {
  if (swept.has(root)) return
  swept.add(root)
  const dir = join(root, 'node_modules', '.mcp-bench', 'agents')
  let files: string[]
  try {
    files = readdirSync(dir)
  } catch {
    return
  }
  for (const file of files) {
    const pid = Number(/-(\d+)-\d+(?:\.entry)?\.mjs$/.exec(file)?.[1])
    if (pid && pid !== process.pid && !isProcessAlive(pid)) rmSync(join(dir, file), { force: true })
  }
}
