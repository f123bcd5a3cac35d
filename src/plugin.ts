import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import type { TestProject, Vitest } from 'vitest/node'
import { BenchJUnitReporter } from '../reporters/junit.ts'
import { LeaderboardReporter } from '../reporters/leaderboard.ts'
import { ProgressReporter } from '../reporters/progress.ts'
import { isolationNotice } from './runtime/agents/isolated/tier-notice.ts'
import { guardInspectorSignal } from './lib/inspector-guard.ts'
import { agentName } from './lib/agent-name.ts'
import { concurrencyConfig, concurrentTasks, waitsOnModels, workersFor } from './node/concurrency.ts'
import type { AgentSetting, BenchOptions, ResolvedBenchOptions } from './contracts/options.ts'
import { annotates, judgeWorkerEnv, resolveOptions, runtimeSettings } from './node/resolve-settings.ts'
import { finishReportsOnExit, handleInterrupts } from './node/interrupt.ts'
import { createRedactor, MIN_SECRET_LENGTH, type Redactor } from './lib/redact.ts'
import { startSlotServer, type SlotServer } from './node/slot-server.ts'
import { routeSlots } from './node/slot-routing.ts'
import { TASKS_POOL } from './contracts/slot-protocol.ts'
import { SERVER_PLAN_KEY } from './contracts/server-plan.ts'
import { ServerPlanFile } from './node/server-plan-file.ts'
import { redactorFor } from './lib/settings-redactor.ts'
import { type RuntimeSettings } from './contracts/settings.ts'
import { priceTable } from './contracts/prices.ts'
import { JournalKeeper } from '../reporters/journal-keeper.ts'
import { journalPath } from './node/run-journal.ts'
import { resumeMode } from './node/resume.ts'
import { BudgetLedger, resolveBudget } from './node/budget-ledger.ts'
import type { Budget } from './contracts/budget.ts'
import { totalUsd } from './scoring/run-costs.ts'

// Built as .js in dist/, run as .ts from source: resolve siblings with this file's own extension.
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
const here = (file: string) => fileURLToPath(new URL(`${file}${ext}`, import.meta.url))

/**
 * The Vitest plugin. It validates the options, loads the server config and
 * wires the benchmark environment, the matchers and the reporters into the
 * project it is added to. Runs in Vitest's main process.
 */
export type { AgentOption, BenchOptions, Gate } from './contracts/options.ts'
export type { BudgetOption as Budget } from './contracts/budget.ts'
export type { ServerConfig } from './contracts/server-config.ts'

export function mcpBench(input: BenchOptions = {}): Plugin {
  const options = resolveOptions(input)
  // An inline judge key or headers reach this project's workers as environment variables of their own (the
  // settings name the variable); the main process's environment is left as it was.
  const workerEnv = judgeWorkerEnv(options.judge)
  let settings: RuntimeSettings | undefined
  return {
    name: 'vitest-mcp-bench',
    config(config) {
      const root = resolve(config.root ?? process.cwd())
      const test = (config as { test?: { isolate?: boolean; sequence?: { concurrent?: boolean }; maxConcurrency?: number } }).test
      settings = runtimeSettings(options, root, process.env, concurrentTasks(test))
      return {
        test: {
          env: workerEnv,
          // Up to `concurrency` tasks at once per worker; the tasks pool holds the whole run to it.
          ...concurrencyConfig(settings.concurrency, test),
          environment: here('./runtime/environment'),
          environmentOptions: { mcpBench: settings },
          tags: TIER_TAGS,
          // The runner setup first: it lets the worker load `.ts` agents and servers through Vitest's runner.
          setupFiles: [here('./runtime/modules/runner-setup'), here('./runtime/matchers/setup')],
          // Benchmark files only declare tasks, and the environment gives each file its own servers, so a worker
          // can keep its modules (the SDK, ajv, the fixtures and their data) from one file to the next instead of
          // importing them again. A project that sets it keeps it.
          ...(test?.isolate === undefined ? { isolate: false } : {}),
        },
      }
    },
    // Every task carries its tier as a Vitest tag, so `vitest run --tags-filter=hard` runs one tier alone.
    // Declared in the config above (a root project) and again once it is resolved: Vitest resets an inline
    // project's tags to the project's own in between.
    configResolved(config: { test?: { tags?: Array<{ name: string; description?: string }> } }) {
      config.test ??= {}
      const tags = (config.test.tags ??= [])
      for (const tag of TIER_TAGS) if (!tags.some((t) => t.name === tag.name)) tags.push(tag)
    },
    async configureVitest({ vitest, project }: { vitest: Vitest; project: TestProject }) {
      handleInterrupts(vitest)
      const resolved = settings ?? runtimeSettings(options, project.config.root)
      // `vitest --no-cache` turns the judge cache off too; Vitest's resolved config says whether it was given.
      const sent = (project.config.environmentOptions as { mcpBench?: RuntimeSettings } | undefined)?.mcpBench
      if (vitest.config.cache === false && sent?.judge) sent.judge.cache = false
      if (sent) sent.annotate = annotates(options.annotate, vitest.config)
      const concurrency = resolved.concurrency
      shapeWorkers(vitest, project, concurrency, waitsOnModels(resolved.agents, resolved.judge))
      const budget = resolveBudget(options.budget)
      if (budget) setBudget(vitest, budget)
      const server = await slotServer(vitest, concurrency)
      routeSlots(vitest, project, server.address, { shared: budget !== null })
      // The plan is the progress display's pre-count's; a resumed run keeps tasks that need no server.
      const plan = options.reporters && options.progress && !resumeMode(options.resume) ? serverPlan(vitest) : null
      project.provide(SERVER_PLAN_KEY, plan?.path ?? '')
      // The reports redact the judge's inline key and headers too, which this process's environment never holds.
      const redactor = redactorFor(resolved, { ...process.env, ...workerEnv })
      if (options.reporters) addReporters(vitest, project, options, resolved, redactor, plan)
      else if (resumeMode(options.resume))
        vitest.logger.warn('vitest-mcp-bench: resume needs the reporters (reporters: false keeps no run journal): every task runs')
      if (budget && !options.reporters)
        vitest.logger.warn(
          "vitest-mcp-bench: the budget is counted from the reporters' records, and reporters: false has none: the budget cannot stop this run",
        )
      // A value this short is too likely to occur by chance to be replaced: say so, rather than leave it in the reports unnoticed.
      for (const secret of redactor.tooShort) {
        vitest.logger.warn(
          `vitest-mcp-bench: ${secret.label} is shorter than ${MIN_SECRET_LENGTH} characters, so it is not redacted from reports, cassettes or the terminal`,
        )
      }
      const agents = resolved.agents
      vitest.logger.log(`vitest-mcp-bench [${project.name || 'root'}]: ${describeAgents(agents)}`)
      // Said once per run, right under the agents: custom agents held less than the sandbox, and why.
      if (agents.some((a) => typeof a === 'object' && a.kind === 'module' && a.isolation !== 'none')) guardInspectorSignal()
      const notice = isolationNotice(agents)
      if (notice && !warnedIsolation.has(vitest)) {
        warnedIsolation.add(vitest)
        vitest.logger.warn(notice)
      }
      // A bad servers file or entry, in full, once: each task that needs it then fails with its first line only.
      const servers = settings?.servers
      for (const problem of servers ? [servers.fileError, ...Object.values(servers.invalid)] : []) {
        if (problem) vitest.logger.error(redactor.text(`vitest-mcp-bench: ${problem}`))
      }
      // A variant's own bad entries, once (the file's are said above).
      for (const variant of settings?.variants ?? []) {
        for (const [server, problem] of Object.entries(variant.servers.invalid)) {
          if (problem !== servers?.invalid[server])
            vitest.logger.error(redactor.text(`vitest-mcp-bench: variant "${variant.name}": ${problem}`))
        }
      }
    },
  } as Plugin
}

const serverPlans = new WeakMap<Vitest, ServerPlanFile>()

/** One server plan per Vitest run, written by the pre-count and read by every worker; removed with Vitest. */
function serverPlan(vitest: Vitest): ServerPlanFile {
  let plan = serverPlans.get(vitest)
  if (!plan) {
    const made = (plan = new ServerPlanFile())
    serverPlans.set(vitest, made)
    vitest.onClose(() => made.close())
  }
  return plan
}

const slotServers = new WeakMap<Vitest, Promise<SlotServer>>()

/** One slot server per Vitest run, shared by every project with the plugin; it stops with Vitest. */
function slotServer(vitest: Vitest, concurrency: number): Promise<SlotServer> {
  let server = slotServers.get(vitest)
  if (!server) {
    server = startSlotServer({ [TASKS_POOL]: concurrency }, { admit: (pool) => admit(vitest, pool) })
    slotServers.set(vitest, server)
    vitest.onClose(async () => (await server!).close())
  }
  return server
}

/** The run's budget, once a project sets one: counted across every project and worker of the run. */
const ledgers = new WeakMap<Vitest, BudgetLedger>()

function setBudget(vitest: Vitest, budget: Budget): void {
  const current = ledgers.get(vitest)
  if (!current) ledgers.set(vitest, new BudgetLedger(budget))
  else if (JSON.stringify(current.budget) !== JSON.stringify(budget)) {
    throw new Error(
      `vitest-mcp-bench: the projects of this run set different budgets (${JSON.stringify(current.budget)} and ${JSON.stringify(budget)}); a budget is the whole run's: set one`,
    )
  }
}

/** Whether a slot of `pool` may be given, by the run's budget (none: always). */
function admit(vitest: Vitest, pool: string): boolean {
  return ledgers.get(vitest)?.admitSlot(pool) ?? true
}

/**
 * Sets the run's workers to `workersFor(concurrency)` when neither the project nor the run set `maxWorkers`
 * (nor `fileParallelism: false`, which Vitest turns into one worker): more than Vitest's default when tasks
 * wait on a model, Vitest's default when they only use the CPU. Set on the run, not the project: Vitest
 * refuses projects of one run with different worker counts. With several projects, the first to be set up
 * decides, and one that waits on a model raises what a reference-only one chose.
 */
function shapeWorkers(vitest: Vitest, project: TestProject, concurrency: number, waits: boolean): void {
  if (project.config !== vitest.config && project.config.maxWorkers) return
  const wanted = workersFor(concurrency, { waitsOnModels: waits })
  const chosen = chosenWorkers.get(vitest)
  if (vitest.config.maxWorkers === undefined || (chosen !== undefined && wanted > chosen)) {
    vitest.config.maxWorkers = wanted
    chosenWorkers.set(vitest, wanted)
  }
}

/** The worker count the plugin itself set on a run (never one the project or the command line gave). */
const chosenWorkers = new WeakMap<Vitest, number>()

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
  const names = agents.map(describeAgent)
  const hint =
    agents.length === 1 && agents[0] === 'reference' && !process.env.MCP_BENCH_MODEL ? '; set MCP_BENCH_MODEL to benchmark a model' : ''
  return `agent${agents.length > 1 ? 's' : ''}: ${names.join(', ')}${hint}`
}

function describeAgent(agent: AgentSetting): string {
  if (agent === 'reference') return "reference (replays each task's reference plan)"
  if (agent.kind === 'openai') {
    const loop = agent.loop === 'tools' ? '' : `, ${agent.loop} loop`
    return `${agentName(agent)} (OpenAI-compatible${loop}${endpoint(agent.baseURL ?? process.env.OPENAI_BASE_URL)})`
  }
  return `${agentName(agent)} (custom, ${agent.isolation === 'none' ? 'in the worker: not isolated' : `isolation: ${agent.isolation}`})`
}

const TIER_TAGS = [
  { name: 'easy', description: "single, parallel or sequential calls (MCP-AgentBench's shapes)" },
  { name: 'hard', description: "long, branching, multi-goal plans (MCP-Bench's depth)" },
]

const warnedIsolation = new WeakSet<Vitest>()

/** The reports written to one output directory, and the projects whose tasks they hold. */
interface ReportGroup {
  options: ResolvedBenchOptions
  firstProject: string
  projects: Set<string>
  secrets: Redactor['secrets'][number][]
  journal: JournalKeeper
}

const reportGroups = new WeakMap<Vitest, Map<string, ReportGroup>>()

/**
 * One set of reports per output directory, holding the tasks of the projects that write there, so each
 * project's `mcpBench()` options (outputDir, gate, prices, history) apply to its own tasks. Two projects that
 * share a directory but not those options are a configuration error, said at once, rather than one of them
 * silently winning.
 */
function addReporters(
  vitest: Vitest,
  project: TestProject,
  options: ResolvedBenchOptions,
  settings: RuntimeSettings,
  redactor: Redactor,
  plan: ServerPlanFile | null,
): void {
  const { outputDir, historyDir } = settings
  const groups = reportGroups.get(vitest) ?? new Map<string, ReportGroup>()
  reportGroups.set(vitest, groups)
  const existing = groups.get(outputDir)
  if (existing) {
    const clash = reportClash(existing.options, options)
    if (clash)
      throw new Error(
        `vitest-mcp-bench: projects "${existing.firstProject || 'root'}" and "${project.name || 'root'}" both write their reports to ${outputDir} but with different ${clash}; give each project its own outputDir`,
      )
    existing.projects.add(project.name)
    existing.secrets.push(...redactor.secrets)
    existing.journal.addProject(project, settings, vitest.config.root)
    return
  }
  const secrets = [...redactor.secrets]
  // Every project of the group adds its secrets: the reports, and the journal, redact them all.
  const groupRedactor = lazyRedactor(() => secrets)
  const shard = vitest.config.shard ? { index: vitest.config.shard.index, count: vitest.config.shard.count } : null
  const journal = new JournalKeeper(journalPath(outputDir, shard), resumeMode(options.resume), shard, (text) => groupRedactor.text(text))
  const group: ReportGroup = { options, firstProject: project.name, projects: new Set([project.name]), secrets, journal }
  groups.set(outputDir, group)
  if (journal.mode && !journal.resuming)
    vitest.logger.warn(
      `vitest-mcp-bench: nothing to resume (no run journal at ${relative(vitest.config.root, journal.path)}): every task runs`,
    )
  journal.addProject(project, settings, vitest.config.root)
  if (journal.resuming)
    vitest.logger.log(
      `vitest-mcp-bench: resuming ${relative(vitest.config.root, journal.path)}: ${journal.keptCount} finished task(s) kept, the rest run`,
    )
  const environment = here('./runtime/environment')
  const prices = priceTable(options.prices)
  const reporters = vitest.config.reporters as unknown[]
  // The leaderboard reporter makes each task's JUnit properties from its record; the JUnit reporter waits for
  // them, writes them, and reads the status to tell errors from failures.
  const leaderboard = new LeaderboardReporter({
    outputDir,
    gate: options.gate,
    environment,
    redactor: groupRedactor,
    prices,
    historyDir,
    projects: group.projects,
    journal,
    spend: (record) => ledgers.get(vitest)?.spend({ usd: totalUsd(record.cost), tokens: record.tokens.total + record.judgeTokens.total }),
    budget: () => {
      const ledger = ledgers.get(vitest)
      if (!ledger) return null
      const { usd, tokens, inFlight } = ledger.budget
      return { usd: usd ?? null, tokens: tokens ?? null, inFlight, reached: ledger.reason }
    },
  })
  const reports = [
    leaderboard,
    new BenchJUnitReporter({
      outputFile: resolve(outputDir, 'junit.xml'),
      suiteName: 'vitest-mcp-bench',
      projects: group.projects,
      properties: () => leaderboard.junitProperties(),
      redact: (text) => groupRedactor.text(text),
      kept: (id) => leaderboard.keptResult(id),
    }),
  ]
  reporters.push(...reports)
  // A second signal exits without waiting for the run, but not without these reports.
  finishReportsOnExit(vitest, reports)
  // One progress display for the run (the first group's), logging through Vitest's logger.
  // Its pre-count also writes the run's server plan, which the workers start each file's shared servers from.
  if (options.progress && groups.size === 1)
    reporters.unshift(
      new ProgressReporter({ environment, records: leaderboard, ...(plan ? { planServers: (...entry) => plan.add(...entry) } : {}) }),
    )
}

/** The report options two projects writing to one directory must agree on, or the first that differs. */
function reportClash(a: ResolvedBenchOptions, b: ResolvedBenchOptions): string | null {
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y)
  if (!same(a.gate, b.gate)) return 'gate settings'
  if (!same(a.prices, b.prices)) return 'prices'
  if (!same(a.historyDir, b.historyDir)) return 'historyDir'
  return null
}

/**
 * A redactor over a list of secrets that may still grow while the projects of a run are set up. Its one user is
 * the leaderboard reporter, which redacts error messages with it and hands its secrets to the referee.
 */
function lazyRedactor(secrets: () => Redactor['secrets']): Redactor {
  let built: { count: number; redactor: Redactor } | undefined
  const current = () => {
    const list = secrets()
    if (built?.count !== list.length) built = { count: list.length, redactor: createRedactor(list) }
    return built.redactor
  }
  return {
    text: (value) => current().text(value),
    deep: (value) => current().deep(value),
    get secrets() {
      return current().secrets
    },
    get tooShort() {
      return current().tooShort
    },
  }
}
