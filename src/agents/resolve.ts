import { agentName } from '../config/agent-name.ts'
import type { AgentSetting } from '../config/options.ts'
import type { ReferencePlan } from '../task/spec.ts'

export { agentName }
import { cassetteFromEnv } from '../exchange-store.ts'
import { loadModule } from '../modules/load-module.ts'
import { openaiAgent } from './openai.ts'
import { plannerAgent } from './planner.ts'
import { reactAgent } from './react.ts'
import { referenceAgent } from './reference.ts'
import type { Agent } from './types.ts'

/** What the harness knows of the task that an agent's construction may need. */
export interface AgentTaskContext {
  /** Only the reference agent gets it. */
  reference?: ReferencePlan
  /** Text that differs between identical runs (workspace paths), hidden from cassette keys. */
  volatile?: ReadonlyMap<string, string>
}

/**
 * Builds the agent a setting describes, in the worker. Keys are read from the
 * environment here, never shipped in settings. Only the reference agent is
 * given the task's reference plan.
 */
export async function loadAgent(setting: AgentSetting, root: string, task: AgentTaskContext = {}): Promise<Agent> {
  if (setting === 'reference') return referenceAgent(task.reference)
  if (setting.kind === 'openai') {
    const build = { tools: openaiAgent, planner: plannerAgent, react: reactAgent }[setting.loop]
    return build({
      model: setting.model,
      name: agentName(setting),
      baseURL: setting.baseURL,
      apiKey: setting.apiKeyEnv ? requireEnv(setting.apiKeyEnv) : undefined,
      temperature: setting.temperature,
      maxRetries: setting.maxRetries,
      requestTimeoutMs: setting.requestTimeoutMs,
      systemPrompt: setting.systemPrompt,
      cassette: { ...cassetteFromEnv(root), volatile: task.volatile },
      compress: setting.compress,
      observationChars: setting.observationChars,
      formatReminders: setting.formatReminders,
      maxTools: setting.maxTools,
      concurrency: setting.concurrency,
    })
  }
  const mod = await loadModule(setting.module, root)
  const exported = mod[setting.export]
  const name = agentName(setting)
  if (typeof exported === 'function') return { name, run: exported as Agent['run'] }
  if (exported && typeof (exported as Agent).run === 'function') return { ...(exported as Agent), name }
  throw new Error(`agent module ${setting.module} has no export "${setting.export}" that is an agent function or { name, run }`)
}

function requireEnv(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`agent key variable ${name} is not set`)
  return value
}
