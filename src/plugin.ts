import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import type { TestProject, Vitest } from 'vitest/node'
import { LeaderboardReporter } from '../reporters/leaderboard.ts'
import { agentName } from './config/agent-name.ts'
import type { AgentSetting, BenchOptions, ResolvedBenchOptions } from './config/options.ts'
import { resolveAgents, resolveOptions, runtimeSettings } from './config/runtime-settings.ts'
import { handleInterrupts } from './interrupt.ts'
import type { Redactor } from './redact.ts'
import { redactorFor, type RuntimeSettings } from './runtime.ts'

// Built as .js in dist/, run as .ts from source: resolve siblings with this file's own extension.
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
const here = (file: string) => fileURLToPath(new URL(`${file}${ext}`, import.meta.url))

/**
 * The Vitest plugin. It validates the options, loads the server config and
 * wires the benchmark environment, the matchers and the reporters into the
 * project it is added to. Runs in Vitest's main process.
 */
export function mcpBench(input: BenchOptions = {}): Plugin {
  const options = resolveOptions(input)
  let settings: RuntimeSettings | undefined
  return {
    name: 'vitest-mcp-bench',
    config(config) {
      const root = resolve(config.root ?? process.cwd())
      settings = runtimeSettings(options, root)
      return {
        test: {
          environment: here('./environment'),
          environmentOptions: { mcpBench: settings },
          setupFiles: [here('./matchers/setup')],
        },
      }
    },
    configureVitest({ vitest, project }: { vitest: Vitest; project: TestProject }) {
      handleInterrupts(vitest)
      if (options.reporters) addReporters(vitest, project, options, redactorFor(settings ?? runtimeSettings(options, project.config.root)))
      vitest.logger.log(`vitest-mcp-bench [${project.name || 'root'}]: ${describeAgents(resolveAgents(options.agent))}`)
    },
  } as Plugin
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
  const names = agents.map((a) => (a === 'reference' ? 'reference (replays each task\'s reference plan)' : a.kind === 'openai' ? `${agentName(a)} (OpenAI-compatible${a.loop === 'tools' ? '' : `, ${a.loop} loop`}${endpoint(a.baseURL ?? process.env.OPENAI_BASE_URL)})` : `${agentName(a)} (custom)`))
  const hint = agents.length === 1 && agents[0] === 'reference' && !process.env.MCP_BENCH_MODEL ? '; set MCP_BENCH_MODEL to benchmark a model' : ''
  return `agent${agents.length > 1 ? 's' : ''}: ${names.join(', ')}${hint}`
}

const added = new WeakSet<Vitest>()

function addReporters(vitest: Vitest, project: TestProject, options: ResolvedBenchOptions, redactor: Redactor): void {
  if (added.has(vitest)) return
  added.add(vitest)
  const outputDir = resolve(project.config.root, options.outputDir)
  const reporters = vitest.config.reporters as unknown[]
  reporters.push(
    new LeaderboardReporter({ outputDir, gate: options.gate, environment: here('./environment'), redactor }),
    ['junit', { outputFile: resolve(outputDir, 'junit.xml'), suiteName: 'vitest-mcp-bench' }],
  )
}
