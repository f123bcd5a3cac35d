import { resolve } from 'node:path'
import { agentName } from '../../lib/agent-name.ts'
import { readTemplatesFile } from '../templates-file.ts'
import type { AgentSetting } from '../../contracts/options.ts'
import type { ReferencePlan } from '../../contracts/task-spec.ts'

export { agentName }
import { cassetteFromEnv } from '../exchange-store.ts'
import { loadModule } from '../modules/load-module.ts'
import { AgentSetupError } from './isolated/bundle.ts'
import type { RefereePaths } from './isolated/read-access.ts'
import type { Secret } from '../../lib/redact.ts'
import { openaiAgent } from './openai.ts'
import { plannerAgent } from './planner.ts'
import { reactAgent } from './react.ts'
import { referenceAgent } from './reference.ts'
import type { Agent } from './types.ts'
import type { AgentIsolation } from '../../contracts/isolation.ts'

/** What the harness knows of the task that an agent's construction may need. */
export interface AgentTaskContext {
  /** Only the reference agent gets it. */
  reference?: ReferencePlan
  /** Text that differs between identical runs (workspace paths), hidden from cassette keys. */
  volatile?: ReadonlyMap<string, string>
  /** What an isolated custom agent may neither bundle nor read (default: the root's usual places). */
  referee?: RefereePaths
  /** Values no cassette may hold (the run's redactor's). */
  secrets?: readonly Secret[]
}

/**
 * Where an agent's code runs relative to the referee: `builtin` (this package's own agents, in the worker,
 * given nothing the referee holds), `sandbox`, `process` or `process-unrestricted` (a custom agent in a
 * child process, see ./isolated/launch.ts), `none` (a custom agent in the worker: `isolation: 'none'`).
 */
export type { AgentIsolation } from '../../contracts/isolation.ts'

export type LoadedAgent = Agent & { isolation: AgentIsolation }

/**
 * Builds the agent a setting describes, in the worker. Keys are read from the
 * environment here, never shipped in settings. Only the reference agent is
 * given the task's reference plan.
 */
export async function loadAgent(setting: AgentSetting, root: string, task: AgentTaskContext = {}): Promise<LoadedAgent> {
  if (setting === 'reference') return { ...referenceAgent(task.reference), isolation: 'builtin' }
  if (setting.kind === 'openai') return { ...builtinAgent(setting, root, task), isolation: 'builtin' }
  const name = agentName(setting)
  // Loaded here: a run without an isolated custom agent never needs the code that starts one.
  if (setting.isolation !== 'none')
    return (await import('./isolated/pool.ts')).isolatedAgent(setting, name, task.referee ?? { root, denied: [] })
  let mod: Record<string, unknown>
  try {
    mod = await loadModule(setting.module, root)
  } catch (error) {
    throw new AgentSetupError(`agent ${name}: cannot load module ${setting.module}: ${(error as Error).message}`)
  }
  const exported = mod[setting.export]
  if (typeof exported === 'function') return { name, run: exported as Agent['run'], isolation: 'none' }
  if (exported && typeof (exported as Agent).run === 'function') return { ...(exported as Agent), name, isolation: 'none' }
  throw new AgentSetupError(
    `agent ${name}: module ${setting.module} has no export "${setting.export}" that is an agent function or { name, run }`,
  )
}

function builtinAgent(setting: Extract<AgentSetting, { kind: 'openai' }>, root: string, task: AgentTaskContext): Agent {
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
    cassette: { ...cassetteFromEnv(root), volatile: task.volatile, secrets: task.secrets },
    compress: setting.compress,
    observationChars: setting.observationChars,
    formatReminders: setting.formatReminders,
    stoppingPlan: setting.stoppingPlan,
    executor: setting.executor,
    templates: setting.templates
      ? readTemplatesFile(resolve(root, setting.templates), `agent ${agentName(setting)}: templates`)
      : undefined,
    maxTools: setting.maxTools,
    concurrency: setting.concurrency,
  })
}

function requireEnv(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`agent key variable ${name} is not set`)
  return value
}
