import { join, resolve } from 'node:path'
import type { JudgeConfigInput } from '../contracts/judge-options.ts'
import type { RuntimeSettings } from '../runtime/state.ts'
import { resolveConcurrency } from './concurrency.ts'
import { describeIssues, loadServersFile, parseServers, ServerConfigError, type LoadedServers } from '../config/load-servers.ts'
import { BenchOptionsSchema, type AgentSetting, type BenchOptions, type ResolvedBenchOptions } from '../contracts/options.ts'
import { withMcpBenchPreset } from './preset-mcp-bench.ts'

/**
 * Validates the plugin options, with a preset's values filled in first wherever the user gave none:
 * explicit options win at any depth, and the defaults apply after the preset.
 */
export function resolveOptions(input: BenchOptions, env: NodeJS.ProcessEnv = process.env): ResolvedBenchOptions {
  const expanded = input.preset === 'mcp-bench' ? withMcpBenchPreset(input, env) : input
  const parsed = BenchOptionsSchema.safeParse(expanded)
  if (!parsed.success) throw new Error(describeIssues('Invalid mcpBench() options', parsed.error))
  return parsed.data
}

/**
 * Turns validated plugin options, and the MCP_BENCH_* environment variables
 * that stand in for them, into the settings shipped to every worker.
 */
export function runtimeSettings(options: ResolvedBenchOptions, root: string): RuntimeSettings {
  return {
    root,
    servers: loadServers(options.servers, root),
    agents: resolveAgents(options.agent),
    defaultChecks: options.defaultChecks,
    taskTimeout: options.taskTimeout,
    judgeTimeout: options.judgeTimeout,
    trials: options.trials ?? trialsFromEnv(),
    maxRounds: options.maxRounds,
    maxToolCalls: options.maxToolCalls,
    maxToolOutputChars: options.maxToolOutputChars,
    maxRecordedOutputChars: options.maxRecordedOutputChars,
    judge: withoutSecrets(withoutCache((options.judge ?? null) as JudgeSetting)),
    distractors: options.distractors,
    excludeTools: options.excludeTools,
    outputDir: resolve(root, options.outputDir),
    historyDir: options.historyDir === false ? null : resolve(root, options.historyDir ?? join(options.outputDir, 'history')),
    fidelity: options.fidelity ?? null,
    concurrency: resolveConcurrency(options.concurrency),
  }
}

function trialsFromEnv(): number {
  const raw = process.env.MCP_BENCH_TRIALS
  if (!raw) return 1
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error(`MCP_BENCH_TRIALS must be a whole number from 1 to 100, not "${raw}"`)
  return n
}

type JudgeSetting = JudgeConfigInput | string | false | null

/** `vitest run --no-cache` (or MCP_BENCH_NO_CACHE=1) also turns the judge cache off. */
function withoutCache(judge: JudgeSetting): JudgeSetting {
  const off = process.argv.includes('--no-cache') || /^(1|true|yes)$/i.test(process.env.MCP_BENCH_NO_CACHE ?? '')
  if (!off || judge === false) return judge
  return { ...(typeof judge === 'string' ? { model: judge } : judge ?? {}), cache: false }
}

/**
 * Workers get keys from their environment, never from settings (which end
 * up in Vitest's config): an inline judge key or headers move into the
 * environment variables the workers inherit.
 */
function withoutSecrets(judge: JudgeSetting): RuntimeSettings['judge'] {
  if (!judge || typeof judge !== 'object') return judge
  const { apiKey, headers, ...rest } = judge
  if (apiKey) process.env.MCP_BENCH_JUDGE_API_KEY = apiKey
  if (headers) process.env.MCP_BENCH_JUDGE_HEADERS = JSON.stringify(headers)
  return rest
}

/** A broken servers file does not stop the run: every task that needs a server reports it. */
function loadServers(servers: ResolvedBenchOptions['servers'], root: string): RuntimeSettings['servers'] {
  const source = typeof servers === 'string' ? resolve(root, servers) : 'mcpBench({ servers })'
  try {
    const loaded: LoadedServers = typeof servers === 'string'
      ? loadServersFile(servers, root)
      : parseServers({ mcpServers: servers }, source)
    return { ...loaded, source }
  } catch (error) {
    if (!(error instanceof ServerConfigError)) throw error
    return { servers: {}, invalid: {}, fileError: error.message, source }
  }
}

/** No agent configured: a model from MCP_BENCH_MODEL, else the reference agent (runs with no key). */
export function resolveAgents(agent: ResolvedBenchOptions['agent']): AgentSetting[] {
  if (agent) return Array.isArray(agent) ? agent : [agent]
  const model = process.env.MCP_BENCH_MODEL
  return model ? [{ kind: 'openai', model, loop: loopFromEnv() }] : ['reference']
}

const LOOPS = ['tools', 'planner', 'react'] as const

/** MCP_BENCH_AGENT_LOOP: `tools` (unset), `planner` or `react`; anything else is an error rather than a silent fallback. */
function loopFromEnv(): (typeof LOOPS)[number] {
  const raw = process.env.MCP_BENCH_AGENT_LOOP?.trim().toLowerCase() || 'tools'
  const loop = LOOPS.find((l) => l === raw)
  if (!loop) throw new Error(`MCP_BENCH_AGENT_LOOP must be one of ${LOOPS.join(', ')}, not "${process.env.MCP_BENCH_AGENT_LOOP}"`)
  return loop
}
