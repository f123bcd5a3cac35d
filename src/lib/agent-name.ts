import type { AgentSetting } from '../contracts/options.ts'

/** The row name an agent setting will have, known before anything is loaded (tests are named with it). */
export function agentName(setting: AgentSetting): string {
  if (setting === 'reference') return 'reference'
  if (setting.kind === 'openai') return setting.name ?? (setting.loop === 'tools' ? setting.model : `${setting.model} (${setting.loop})`)
  return setting.name ?? (setting.export === 'default' ? setting.module.replace(/^.*\//, '').replace(/\.[cm]?[jt]s$/, '') : setting.export)
}

/** The row of an agent run against a server variant: its own name, paired with the agent's row by `mcp-bench compare --variant`. */
export function variantRowName(agent: string, variant: string): string {
  return `${agent}@${variant}`
}
