import type { Fidelity } from '../contracts/fidelity.ts'
import type { LoadedServers } from '../config/load-servers.ts'
import type { AgentSetting, ResolvedBenchOptions } from '../contracts/options.ts'
import type { JudgeConfigInput } from '../contracts/judge-options.ts'
import { createRedactor, keySecrets, referencedSecrets, type Redactor } from '../lib/redact.ts'
import type { ServerHub } from './servers/hub.ts'

/**
 * Settings the plugin resolves in the main process and ships to each worker
 * through `environmentOptions`. Plain JSON only: no functions and no
 * secrets (API keys and judge headers travel as environment variables,
 * which the workers inherit).
 */
export interface RuntimeSettings {
  root: string
  servers: LoadedServers & { fileError?: string; source: string }
  agents: AgentSetting[]
  defaultChecks: ResolvedBenchOptions['defaultChecks']
  taskTimeout: number
  judgeTimeout: number
  trials: number
  maxRounds: number
  maxToolCalls?: number
  maxToolOutputChars: number
  maxRecordedOutputChars: number
  /** Judge config without keys or headers (a model name, an object or false); null lets MCP_BENCH_JUDGE_MODEL decide in the worker. */
  judge: Omit<JudgeConfigInput, 'apiKey' | 'headers'> | string | false | null
  distractors: ResolvedBenchOptions['distractors']
  /** Tools (`server.tool`) kept out of every catalog. */
  excludeTools: string[]
  /** Absolute report directory and run history directory: places agent code may not read. */
  outputDir?: string
  historyDir?: string | null
  /** MCP-Bench fidelity (src/contracts/fidelity.ts); null: the project's own semantics. */
  fidelity?: Fidelity | null
  /** Tasks in flight at once across the run (the `concurrency` option, MCP_BENCH_CONCURRENCY, else 16). */
  concurrency: number
  /** Register tasks as concurrent tests (unless the project set `sequence.concurrent: false`). */
  concurrentTasks?: boolean
}

export interface Runtime {
  settings: RuntimeSettings
  hub: ServerHub
  redactor: Redactor
}

/**
 * The redaction step for a run with these settings, in the worker or the
 * main process alike: the values behind every `${VAR}` of the server config
 * and every API key variable the agents and the judge read.
 */
export function redactorFor(settings: Pick<RuntimeSettings, 'servers' | 'agents'>, env: NodeJS.ProcessEnv = process.env): Redactor {
  const keyNames = settings.agents.flatMap((a) => (typeof a === 'object' && a.kind === 'openai' && a.apiKeyEnv ? [a.apiKeyEnv] : []))
  return createRedactor([...referencedSecrets(settings.servers.servers, env), ...keySecrets(env, keyNames)])
}

// The environment and the test file are loaded by different module runners,
// so they meet on globalThis rather than through a shared module instance.
const KEY = Symbol.for('vitest-mcp-bench.runtime')

export function setRuntime(target: object, runtime: Runtime | undefined): void {
  ;(target as Record<symbol, unknown>)[KEY] = runtime
}

export function getRuntime(): Runtime | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as Runtime | undefined
}
