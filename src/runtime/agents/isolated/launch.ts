import { runtimeKind } from '../../../lib/runtime-kind.ts'
import type { ReadAccess } from './read-access.ts'
import { removeMountPoint, runtimeDirs, sandboxed, sandboxSupport } from './sandbox.ts'

/**
 * How far a custom agent's process was held from the referee (strongest first):
 * - `sandbox`: an operating-system sandbox (./sandbox.ts), plus the runtime's read limits where it has them;
 * - `process`: a child process with the runtime's read limits only (Node's permission model, Deno's
 *   permissions): a seat belt, not a sandbox (signals and the network stay open);
 * - `process-unrestricted`: a child process of a runtime with no permission model (Bun) and no sandbox.
 */
export type Isolation = 'sandbox' | 'process' | 'process-unrestricted'

export interface Launch {
  command: string
  args: string[]
  isolation: Isolation
  /** Extra environment for the child (a sandbox's own temp and home). */
  env?: NodeJS.ProcessEnv
  /** Called once the child has exited (a sandbox's mount point on the host). */
  cleanup?: () => void
}

/**
 * The runtime's command for a bundle with reads limited to `readable`:
 * - Node: its permission model (`--experimental-permission` before 22.13, `--permission` after), one
 *   `--allow-fs-read` per path (Node 20.19+ no longer takes a comma-separated list). No write, child
 *   process or worker permission is given.
 * - Deno: `--allow-read` with those paths; network and environment allowed, nothing else.
 * - Bun: no permission model.
 */
function runtimeCommand(bundle: string, readable: readonly string[]): { args: string[]; limited: boolean } {
  const kind = runtimeKind()
  if (kind === 'bun') return { args: [bundle], limited: false }
  if (kind === 'deno') {
    return {
      args: ['run', `--allow-read=${readable.join(',')}`, '--allow-net', '--allow-env', '--allow-sys', '--no-prompt', '--quiet', bundle],
      limited: true,
    }
  }
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  const stable = major > 23 || (major === 23 && minor >= 5) || (major === 22 && minor >= 13)
  return {
    args: [
      stable ? '--permission' : '--experimental-permission',
      '--disable-warning=ExperimentalWarning',
      ...readable.map((p) => `--allow-fs-read=${p}`),
      bundle,
    ],
    limited: true,
  }
}

/**
 * The command that runs a bundle for the tier asked: `sandbox` where this system can make one (Linux with
 * unprivileged user namespaces), else the runtime's read limits alone (the run says why once: ./tier-notice.ts).
 * `access` is decided for the tier that is given (./read-access.ts).
 */
export function launchCommand(
  bundle: string,
  access: (tier: 'sandbox' | 'process') => ReadAccess,
  asked: 'sandbox' | 'process',
  cwd: string,
): Launch {
  const support = asked === 'sandbox' ? sandboxSupport() : null
  if (support?.available) {
    const { readable, masked } = access('sandbox')
    const { args } = runtimeCommand(bundle, readable)
    const box = sandboxed(process.execPath, args, { readable: [...runtimeDirs(), ...readable], masked, cwd })
    return {
      command: box.command,
      args: box.args,
      isolation: 'sandbox',
      // The sandbox's own /tmp: a runtime that caches (Deno) or a library that writes temp files finds a place.
      env: { HOME: '/tmp', TMPDIR: '/tmp', DENO_DIR: '/tmp/.deno' },
      cleanup: () => removeMountPoint(box.mountPoint),
    }
  }
  const { args, limited } = runtimeCommand(bundle, access('process').readable)
  return {
    command: process.execPath,
    args,
    isolation: limited ? 'process' : 'process-unrestricted',
  }
}

/** The agent's environment: the worker's, minus the harness's own MCP_BENCH_* variables (judge keys among them) and NODE_OPTIONS (its preloads would be read outside the allowed paths). */
export function agentEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('MCP_BENCH_') && k !== 'NODE_OPTIONS'))
}
