import type { AgentSetting } from '../../../contracts/options.ts'
import { runtimeKind } from '../../../lib/runtime-kind.ts'
import { sandboxSupport } from './sandbox.ts'

/**
 * What the run says once, under its agents, when custom agents will be held less than they asked: no
 * sandbox on this system (and why), or Bun's missing read limits. Null when every custom agent gets its tier.
 * The main process runs on the same system as the workers, so its answer is theirs.
 */
export function isolationNotice(agents: readonly AgentSetting[]): string | null {
  const custom = agents.filter((a) => typeof a === 'object' && a.kind === 'module' && a.isolation !== 'none')
  if (custom.length === 0) return null
  const wantsSandbox = custom.some((a) => typeof a === 'object' && a.kind === 'module' && a.isolation === 'sandbox')
  const support = wantsSandbox ? sandboxSupport() : null
  if (support?.available && custom.every((a) => typeof a === 'object' && a.kind === 'module' && a.isolation === 'sandbox')) return null
  const bun = runtimeKind() === 'bun'
  const tier = bun ? 'process-unrestricted' : 'process'
  const held = bun
    ? 'a child process that can still read the task files, reports and caches (Bun has no permission model)'
    : "a child process with the runtime's read limits only (signals and the loopback network stay open)"
  const why = support && !support.available ? `no sandbox here: ${support.why}; ` : ''
  return `vitest-mcp-bench: ${why}custom agents ${support?.available ? "with isolation: 'process' " : ''}run in ${held} (isolation: ${tier}); every report marks their rows, and gate.isolation can fail them`
}
