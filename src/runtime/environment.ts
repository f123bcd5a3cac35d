import type { Environment } from 'vitest/environments'
import * as z from 'zod'
import { RuntimeSettingsSchema, type RuntimeSettings } from '../contracts/settings.ts'
import { setRuntime } from './state.ts'
import { redactorFor } from '../lib/settings-redactor.ts'
import { ServerHub } from './servers/hub.ts'
import { closeWorker } from './worker-closing.ts'

/** Every hub alive in this worker process, so a signal or a lost main process can close them all. */
const hubs = new Set<ServerHub>()
let watching = false
/** How long a worker that must stop (SIGTERM, its main process gone) gives its servers to close. */
const SHUTDOWN_MS = 1_500

/**
 * Ctrl-C (and a hangup) reaches the whole process group, workers included. A worker leaves
 * SIGINT and SIGHUP to the main process, which cancels the run through Vitest (so
 * tests end with their results and environments tear down). On SIGTERM, or
 * when the main process is gone, the worker closes its servers and exits,
 * so no server process outlives the run.
 *
 * "Gone" covers the main process exiting at once on a second Ctrl-C, or
 * being killed: the IPC channel closes and nobody will ever tear this
 * worker's environments down or stop it. Having ignored SIGINT, the worker
 * must then end itself, whether or not a file is running at that moment
 * (between files, no hub is open but the worker would live on, orphaned).
 * Servers are in process groups of their own (servers/group-stdio.ts), so
 * closing the hubs is what ends them; a worker killed outright leaves them
 * to the orphan guard's watchdog.
 */
function watchProcess(): void {
  if (watching) return
  watching = true
  let closing = false
  const closeAll = (code: number) => {
    if (closing) return
    closing = true
    // Tests may still be running here: none of them may start a server the exit below would orphan, nor send the
    // model or the judge a request nobody will read.
    closeWorker()
    // Nobody waits for this worker any more: well-behaved servers get their stdin closed and exit at once;
    // past SHUTDOWN_MS the worker exits and the watchdog ends the groups still open (SIGTERM, then SIGKILL).
    const timer = setTimeout(() => process.exit(code), SHUTDOWN_MS)
    timer.unref()
    void Promise.allSettled([...hubs].map((hub) => hub.close())).finally(() => process.exit(code))
  }
  // A hangup reaches the group as Ctrl-C does, and the main process handles it the same way (node/interrupt.ts).
  process.on('SIGINT', () => {})
  process.on('SIGHUP', () => {})
  process.on('SIGTERM', () => closeAll(143))
  if (process.connected) process.once('disconnect', () => closeAll(1))
}

/** The settings as they arrive from the main process, checked against their contract before anything uses them. */
function validSettings(raw: unknown): RuntimeSettings {
  if (raw === undefined)
    throw new Error('vitest-mcp-bench: environment options are missing; add mcpBench() to the plugins of this Vitest project')
  const parsed = RuntimeSettingsSchema.safeParse(raw)
  if (!parsed.success)
    throw new Error(
      `vitest-mcp-bench: the settings the plugin sent this worker are not valid (a version mismatch between the plugin and the environment?):\n${z.prettifyError(parsed.error)}`,
    )
  return parsed.data
}

/**
 * The Vitest environment for benchmark files. It owns the file's servers:
 * they start on first use by a task and all stop at teardown, whatever
 * happened in between.
 */
export default {
  name: 'mcp-bench',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const settings = validSettings((options as { mcpBench?: unknown }).mcpBench)
    watchProcess()
    const hub = new ServerHub({ ...settings.servers, root: settings.root })
    hubs.add(hub)
    // A variant's servers are a hub of their own: its `filesystem` is another process than the file's `filesystem`.
    const variantHubs = new Map<string, ServerHub>()
    const hubFor = (variant: string | null): ServerHub => {
      if (variant === null) return hub
      const existing = variantHubs.get(variant)
      if (existing) return existing
      const config = settings.variants.find((v) => v.name === variant)
      if (!config) throw new Error(`vitest-mcp-bench: no server variant "${variant}" in this run's settings`)
      const made = new ServerHub({ ...config.servers, root: settings.root })
      variantHubs.set(variant, made)
      hubs.add(made)
      return made
    }
    setRuntime(global, { settings, hub, hubFor, redactor: redactorFor(settings) })
    return {
      async teardown() {
        const all = [hub, ...variantHubs.values()]
        for (const h of all) hubs.delete(h)
        await Promise.all(all.map((h) => h.close()))
        setRuntime(global, undefined)
      },
    }
  },
} satisfies Environment
