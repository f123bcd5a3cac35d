import type { RuntimeSettings } from '../contracts/settings.ts'
import { createRedactor, keySecrets, referencedSecrets, type Redactor } from './redact.ts'

/**
 * The redaction step for a run with these settings, in the worker or the
 * main process alike: the values behind every `${VAR}` of the server config
 * (its variants' too) and every API key variable the agents and the judge read.
 */
export function redactorFor(
  settings: Pick<RuntimeSettings, 'servers' | 'agents' | 'judge' | 'variants'>,
  env: NodeJS.ProcessEnv = process.env,
): Redactor {
  const agentKeys = settings.agents.flatMap((a) => (typeof a === 'object' && a.kind === 'openai' && a.apiKeyEnv ? [a.apiKeyEnv] : []))
  const judgeKey = settings.judge && settings.judge.apiKeyEnv ? [settings.judge.apiKeyEnv] : []
  const keyNames = [...agentKeys, ...judgeKey]
  // A variant's entries may name variables of their own.
  const configs = [settings.servers.servers, ...settings.variants.map((v) => v.servers.servers)]
  return createRedactor([...referencedSecrets(configs, env), ...keySecrets(env, keyNames)])
}
