import { join, resolve } from 'node:path'
import type { JudgeConfigInput } from '../contracts/judge-options.ts'
import { JudgeSettingSchema, type JudgeSetting, type RuntimeSettings } from '../contracts/settings.ts'
import { resolveConcurrency } from './concurrency.ts'
import { describeIssues, loadServersFile, parseServers, ServerConfigError, type LoadedServers } from '../config/load-servers.ts'
import { AGENT_LOOPS, BenchOptionsSchema, type AgentSetting, type BenchOptions, type ResolvedBenchOptions } from '../contracts/options.ts'
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
 * that stand in for them, into the settings shipped to the project's workers.
 * Everything is decided here, once: the workers read no option from their
 * own environment, only the judge's key and headers, by the names given here.
 */
export function runtimeSettings(
  options: ResolvedBenchOptions,
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  concurrentTasks = true,
): RuntimeSettings {
  const servers = loadServers(options.servers, root)
  return {
    root,
    servers,
    agents: resolveAgents(options.agent),
    variants: variantServers(options.variants, servers),
    defaultChecks: options.defaultChecks,
    taskTimeout: options.taskTimeout,
    judgeTimeout: options.judgeTimeout,
    trials: options.trials ?? trialsFromEnv(),
    maxRounds: options.maxRounds,
    ...(options.maxToolCalls === undefined ? {} : { maxToolCalls: options.maxToolCalls }),
    maxToolOutputChars: options.maxToolOutputChars,
    maxRecordedOutputChars: options.maxRecordedOutputChars,
    judge: judgeSetting(options.judge, env),
    distractors: options.distractors,
    excludeTools: options.excludeTools,
    outputDir: resolve(root, options.outputDir),
    historyDir: options.historyDir === false ? null : resolve(root, options.historyDir ?? join(options.outputDir, 'history')),
    fidelity: options.fidelity ?? null,
    concurrency: resolveConcurrency(options.concurrency),
    concurrentTasks,
    // Decided again once Vitest's mode is known (annotates, below), unless the option says.
    annotate: options.annotate ?? false,
  }
}

/**
 * Whether the workers annotate each task's test (the `annotate` option): when the option does not say, only
 * when someone watches the run as it goes, in watch mode or Vitest's UI, where a test's annotations are shown
 * beside it. A `vitest run` (CI) writes the same figures into junit.xml and the reports from the record, without
 * the round trip to the main process each annotation costs while the task holds its place.
 */
export function annotates(option: boolean | undefined, vitest: { watch: boolean; ui?: boolean }): boolean {
  return option ?? (vitest.watch || vitest.ui === true)
}

function trialsFromEnv(): number {
  const raw = process.env.MCP_BENCH_TRIALS
  if (!raw) return 1
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error(`MCP_BENCH_TRIALS must be a whole number from 1 to 100, not "${raw}"`)
  return n
}

type JudgeOption = JudgeConfigInput | string | false | undefined

/** Where the workers find the judge's key and headers; an inline value is put there by `judgeWorkerEnv`. */
const JUDGE_KEY_ENV = 'MCP_BENCH_JUDGE_API_KEY'
const JUDGE_HEADERS_ENV = 'MCP_BENCH_JUDGE_HEADERS'

const nonEmpty = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined)

/**
 * The judge this project runs with, or false for none: the model and endpoint from the options, then
 * MCP_BENCH_JUDGE_MODEL / MCP_BENCH_JUDGE_BASE_URL / OPENAI_BASE_URL; the key and headers by the name of the
 * variable that holds them. MCP_BENCH_NO_CACHE=1 turns the judge cache off (as `--no-cache` does, which the
 * plugin reads from Vitest's resolved config).
 */
export function judgeSetting(option: JudgeOption, env: NodeJS.ProcessEnv = process.env): JudgeSetting | false {
  if (option === false) return false
  const { apiKey, headers, ...config } = typeof option === 'string' ? { model: option } : (option ?? {})
  const model = config.model ?? nonEmpty(env.MCP_BENCH_JUDGE_MODEL)
  if (!model) return false
  const baseURL = config.baseURL ?? nonEmpty(env.MCP_BENCH_JUDGE_BASE_URL) ?? nonEmpty(env.OPENAI_BASE_URL)
  const apiKeyEnv = apiKey || nonEmpty(env[JUDGE_KEY_ENV]) ? JUDGE_KEY_ENV : 'OPENAI_API_KEY'
  const headersEnv = headers || nonEmpty(env[JUDGE_HEADERS_ENV]) ? JUDGE_HEADERS_ENV : undefined
  const noCache = /^(1|true|yes)$/i.test(env.MCP_BENCH_NO_CACHE ?? '')
  return JudgeSettingSchema.parse({
    ...config,
    model,
    ...(baseURL ? { baseURL } : {}),
    apiKeyEnv,
    ...(headersEnv ? { headersEnv } : {}),
    ...(noCache ? { cache: false } : {}),
  })
}

/**
 * The environment variables this project's workers need for an inline judge key or headers, set through
 * Vitest's `test.env` for this project alone: the plugin never writes a secret into its own process.env.
 */
export function judgeWorkerEnv(option: JudgeOption): Record<string, string> {
  if (!option || typeof option !== 'object') return {}
  return {
    ...(option.apiKey ? { [JUDGE_KEY_ENV]: option.apiKey } : {}),
    ...(option.headers ? { [JUDGE_HEADERS_ENV]: JSON.stringify(option.headers) } : {}),
  }
}

/** A broken servers file does not stop the run: every task that needs a server reports it. */
function loadServers(servers: ResolvedBenchOptions['servers'], root: string): RuntimeSettings['servers'] {
  const source = typeof servers === 'string' ? resolve(root, servers) : 'mcpBench({ servers })'
  try {
    const loaded: LoadedServers =
      typeof servers === 'string' ? loadServersFile(servers, root) : parseServers({ mcpServers: servers }, source)
    return { ...loaded, source }
  } catch (error) {
    if (!(error instanceof ServerConfigError)) throw error
    return { servers: {}, invalid: {}, fileError: error.message, source }
  }
}

/**
 * Each variant's server set: the run's servers with the variant's entries in place of theirs, and without those it
 * turns off (`false`). An entry is validated as one in the servers file is, and a bad one fails only the variant's
 * tasks that use it. A variant
 * naming a server the run does not configure is an error at once: no task could run against it.
 */
function variantServers(variants: ResolvedBenchOptions['variants'], base: RuntimeSettings['servers']): RuntimeSettings['variants'] {
  return Object.entries(variants ?? {}).map(([name, variant]) => {
    const known = new Set([...Object.keys(base.servers), ...Object.keys(base.invalid)])
    const unknown = Object.keys(variant.servers).filter((server) => !known.has(server))
    if (unknown.length && !base.fileError) {
      throw new Error(
        `mcpBench() option variants.${name}.servers names ${unknown.map((u) => `"${u}"`).join(', ')}, which ${base.source} does not configure (it has: ${[...known].join(', ') || 'none'})`,
      )
    }
    // `false`: the server is off in this variant; its tasks run without it (does the server help at all?).
    const off = Object.keys(variant.servers)
      .filter((server) => variant.servers[server] === false)
      .sort()
    const entries = Object.fromEntries(Object.entries(variant.servers).filter(([, entry]) => entry !== false))
    const own = parseServers({ mcpServers: entries }, `mcpBench({ variants: { ${name} } })`)
    const servers = { ...base.servers, ...own.servers }
    const invalid = { ...base.invalid, ...own.invalid }
    for (const server of [...Object.keys(own.servers), ...off]) delete invalid[server]
    for (const server of [...Object.keys(own.invalid), ...off]) delete servers[server]
    return { name, servers: { ...base, servers, invalid }, off }
  })
}

/** No agent configured: a model from MCP_BENCH_MODEL, else the reference agent (runs with no key). */
export function resolveAgents(agent: ResolvedBenchOptions['agent']): AgentSetting[] {
  if (agent) return Array.isArray(agent) ? agent : [agent]
  const model = process.env.MCP_BENCH_MODEL
  return model ? [{ kind: 'openai', model, loop: loopFromEnv() }] : ['reference']
}

/** MCP_BENCH_AGENT_LOOP: `tools` (unset), `planner` or `react`; anything else is an error rather than a silent fallback. */
function loopFromEnv(): (typeof AGENT_LOOPS)[number] {
  const raw = process.env.MCP_BENCH_AGENT_LOOP?.trim().toLowerCase() || 'tools'
  const loop = AGENT_LOOPS.find((l) => l === raw)
  if (!loop) throw new Error(`MCP_BENCH_AGENT_LOOP must be one of ${AGENT_LOOPS.join(', ')}, not "${process.env.MCP_BENCH_AGENT_LOOP}"`)
  return loop
}
