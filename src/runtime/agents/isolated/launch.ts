import { runtimeKind } from '../../../lib/runtime-kind.ts'

/** How agent code is kept from the referee's files in a child process of the current runtime. */
export type Isolation = 'process' | 'process-unrestricted'

export interface Launch {
  command: string
  args: string[]
  /** `process-unrestricted`: the runtime has no permission model (Bun), so the child may read any file. */
  isolation: Isolation
}

export const BUN_WARNING = 'vitest-mcp-bench: Bun has no permission model, so custom agents run in a child process that can still read the task files, reports and caches (isolation: process-unrestricted); run under Node or Deno for a referee out of their reach'


/**
 * The command that runs a bundle with reads limited to `readable`:
 * - Node: its permission model (`--experimental-permission` before 22.13, `--permission` after), one
 *   `--allow-fs-read` per path (Node 20.19+ no longer takes a comma-separated list). No write, child
 *   process or worker permission is given; the network is not covered by Node's model before 25 and stays open.
 * - Deno: `--allow-read` with those paths; network and environment allowed, nothing else.
 * - Bun: no permission model; the child runs unrestricted and says so (BUN_WARNING).
 */
export function launchCommand(bundle: string, readable: readonly string[]): Launch {
  const kind = runtimeKind()
  if (kind === 'bun') return { command: process.execPath, args: [bundle], isolation: 'process-unrestricted' }
  if (kind === 'deno') {
    return {
      command: process.execPath,
      args: ['run', `--allow-read=${readable.join(',')}`, '--allow-net', '--allow-env', '--allow-sys', '--no-prompt', '--quiet', bundle],
      isolation: 'process',
    }
  }
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  const stable = major > 23 || (major === 23 && minor >= 5) || (major === 22 && minor >= 13)
  return {
    command: process.execPath,
    args: [stable ? '--permission' : '--experimental-permission', '--disable-warning=ExperimentalWarning', ...readable.map((p) => `--allow-fs-read=${p}`), bundle],
    isolation: 'process',
  }
}

/** The agent's environment: the worker's, minus the harness's own MCP_BENCH_* variables (judge keys among them) and NODE_OPTIONS (its preloads would be read outside the allowed paths). */
export function agentEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('MCP_BENCH_') && k !== 'NODE_OPTIONS'))
}
