import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import type { TestProject, Vitest } from 'vitest/node'
import { LeaderboardReporter } from '../reporters/leaderboard.ts'
import { describeIssues, loadServersFile, parseServers, ServerConfigError, type LoadedServers } from './config/load-servers.ts'
import { BenchOptionsSchema, type AgentSetting, type BenchOptions, type ResolvedBenchOptions } from './config/options.ts'
import type { RuntimeSettings } from './runtime.ts'
import { agentName } from './config/agent-name.ts'

// Built as .js in dist/, run as .ts from source: resolve siblings with this file's own extension.
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
const here = (file: string) => fileURLToPath(new URL(`${file}${ext}`, import.meta.url))

/**
 * The Vitest plugin. It validates the options, loads the server config and
 * wires the benchmark environment, the matchers and the reporters into the
 * project it is added to. Runs in Vitest's main process.
 */
export function mcpBench(input: BenchOptions = {}): Plugin {
  const parsed = BenchOptionsSchema.safeParse(input)
  if (!parsed.success) throw new Error(describeIssues('Invalid mcpBench() options', parsed.error))
  const options = parsed.data
  return {
    name: 'vitest-mcp-bench',
    config(config) {
      const root = resolve(config.root ?? process.cwd())
      const settings = runtimeSettings(options, root)
      return {
        test: {
          environment: here('./environment'),
          environmentOptions: { mcpBench: settings },
          setupFiles: [here('./matchers/setup')],
        },
      }
    },
    configureVitest({ vitest, project }: { vitest: Vitest; project: TestProject }) {
      if (options.reporters) addReporters(vitest, project, options)
      vitest.logger.log(`vitest-mcp-bench [${project.name || 'root'}]: ${describeAgents(resolveAgents(options.agent))}`)
    },
  } as Plugin
}

function runtimeSettings(options: ResolvedBenchOptions, root: string): RuntimeSettings {
  return {
    root,
    servers: loadServers(options.servers, root),
    agents: resolveAgents(options.agent),
    defaultChecks: options.defaultChecks,
    taskTimeout: options.taskTimeout,
    trials: options.trials ?? trialsFromEnv(),
    maxRounds: options.maxRounds,
    maxToolOutputChars: options.maxToolOutputChars,
    maxRecordedOutputChars: options.maxRecordedOutputChars,
    judge: withoutCache(options.judge ?? null),
    distractors: options.distractors,
  }
}

function trialsFromEnv(): number {
  const raw = process.env.MCP_BENCH_TRIALS
  if (!raw) return 1
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error(`MCP_BENCH_TRIALS must be a whole number from 1 to 100, not "${raw}"`)
  return n
}

/** `vitest run --no-cache` (or MCP_BENCH_NO_CACHE=1) also turns the judge cache off. */
function withoutCache(judge: RuntimeSettings['judge']): RuntimeSettings['judge'] {
  const off = process.argv.includes('--no-cache') || /^(1|true|yes)$/i.test(process.env.MCP_BENCH_NO_CACHE ?? '')
  if (!off || judge === false) return judge
  return { ...(typeof judge === 'string' ? { model: judge } : judge ?? {}), cache: false }
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
function resolveAgents(agent: ResolvedBenchOptions['agent']): AgentSetting[] {
  if (agent) return Array.isArray(agent) ? agent : [agent]
  const model = process.env.MCP_BENCH_MODEL
  const loop = process.env.MCP_BENCH_AGENT_LOOP === 'planner' ? 'planner' : 'tools'
  return model ? [{ kind: 'openai', model, loop }] : ['reference']
}

/** An endpoint for the log, without any credentials written into the URL. */
function endpoint(url: string | undefined): string {
  if (!url) return ''
  try {
    const u = new URL(url)
    return ` at ${u.protocol}//${u.host}${u.pathname}`
  } catch {
    return ''
  }
}

function describeAgents(agents: AgentSetting[]): string {
  const names = agents.map((a) => (a === 'reference' ? 'reference (replays each task\'s reference plan)' : a.kind === 'openai' ? `${agentName(a)} (OpenAI-compatible${a.loop === 'planner' ? ', planner loop' : ''}${endpoint(a.baseURL ?? process.env.OPENAI_BASE_URL)})` : `${agentName(a)} (custom)`))
  const hint = agents.length === 1 && agents[0] === 'reference' && !process.env.MCP_BENCH_MODEL ? '; set MCP_BENCH_MODEL to benchmark a model' : ''
  return `agent${agents.length > 1 ? 's' : ''}: ${names.join(', ')}${hint}`
}

const added = new WeakSet<Vitest>()

function addReporters(vitest: Vitest, project: TestProject, options: ResolvedBenchOptions): void {
  if (added.has(vitest)) return
  added.add(vitest)
  const outputDir = resolve(project.config.root, options.outputDir)
  const reporters = vitest.config.reporters as unknown[]
  reporters.push(
    new LeaderboardReporter({ outputDir, gate: options.gate, environment: here('./environment') }),
    ['junit', { outputFile: resolve(outputDir, 'junit.xml'), suiteName: 'vitest-mcp-bench' }],
  )
}
