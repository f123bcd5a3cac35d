import type { LoadedServers } from './config/load-servers.ts'
import type { AgentSetting, ResolvedBenchOptions } from './config/options.ts'
import type { JudgeConfigInput } from './judge/config.ts'
import type { ServerHub } from './servers/hub.ts'

/**
 * Settings the plugin resolves in the main process and ships to each worker
 * through `environmentOptions`. Plain JSON only: no functions, no API keys.
 */
export interface RuntimeSettings {
  root: string
  servers: LoadedServers & { fileError?: string; source: string }
  agents: AgentSetting[]
  defaultChecks: ResolvedBenchOptions['defaultChecks']
  taskTimeout: number
  trials: number
  maxRounds: number
  maxToolCalls?: number
  maxToolOutputChars: number
  maxRecordedOutputChars: number
  /** Judge config as given (a model name, an object or false); null lets MCP_BENCH_JUDGE_MODEL decide in the worker. */
  judge: JudgeConfigInput | string | false | null
  distractors: ResolvedBenchOptions['distractors']
}

export interface Runtime {
  settings: RuntimeSettings
  hub: ServerHub
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
