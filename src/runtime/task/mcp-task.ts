import { relative } from 'node:path'
import { workspacePaths } from '../servers/workspace-paths.ts'
import { test, TestRunner, type ExpectStatic, type TestContext } from 'vitest'
import { agentName } from '../agents/resolve.ts'
import { variantRowName } from '../../lib/agent-name.ts'
import { describeIssues } from '../../config/load-servers.ts'
import type { AgentSetting } from '../../contracts/options.ts'
import { OUTCOME_VERSION, TaskOutcomeSchema, type StopPhase, type TaskOutcome } from '../../contracts/outcome.ts'
import { getRuntime, type Runtime } from '../state.ts'
import { callShape, ruleMetrics } from '../../scoring/task-scores.ts'
import { distractorSeed, drawDistractors } from '../servers/distractors.ts'
import type { ServerSession } from '../servers/hub.ts'
import { callListedTool } from '../servers/tool-contract.ts'
import { cleanText, contentToText } from '../../lib/text.ts'
import { taskTitle } from '../../lib/task-title.ts'
import { taskAnnotations } from '../../scoring/task-annotations.ts'
import { annotateTask } from './annotate-task.ts'
import { harnessVerdicts, judgeDecision } from './harness-checks.ts'
import { queueAllowance, withTaskSlot } from '../limit/task-slot.ts'
import { collecting } from './collect.ts'
import { keptByResume } from './resume-skip.ts'
import { judgesFor, taskJudging, type Judges } from './judging.ts'
import { referenceToolProblem } from './reference-tools.ts'
import { runAgent, type AgentRun } from './run-agent.ts'
import { TaskSpecSchema, type TaskSpec, type TaskSpecInput } from '../../contracts/task-spec.ts'
import type { McpTaskSpec } from './typed-names.ts'
import type { TaskRun } from './task-run.ts'

export type TaskChecks = (args: { run: TaskRun; expect: ExpectStatic; task: TestContext['task'] }) => void | Promise<void>

/** A task that could not reach its checks. Reported as `errored` (or a setup error), not `failed`. */
export class TaskError extends Error {
  override name = 'TaskError'
}

/** Time for the checks and the test's own bookkeeping, on top of the servers', the agent's and the judge's budgets. */
const CHECKS_MARGIN_MS = 10_000

/**
 * Registers a benchmark task: one Vitest test per configured agent and
 * trial. A bad spec does not break collection: the test still registers,
 * fails with the reason, and is recorded on the leaderboard. The same id
 * twice in one file is a collection error naming it.
 */
export function mcpTask(id: string, spec: McpTaskSpec, checks?: TaskChecks): void {
  const runtime = getRuntime()
  // Inside a benchmark worker the collector is never honoured: agent code must not get every spec of a
  // task file by re-importing it under the collect symbol.
  const collector = runtime ? undefined : collecting()
  if (collector) {
    collector.push({ id, spec: spec as TaskSpecInput, checks })
    return
  }
  if (!runtime) {
    test(id, () => {
      throw new TaskError('vitest-mcp-bench is not set up for this file: add mcpBench() to the plugins of the Vitest project that runs it')
    })
    return
  }
  claimId(id)
  const parsed = TaskSpecSchema.safeParse(spec)
  // Frozen: every agent and trial of the task reads this one object, so none may change what the others are checked against.
  const task = parsed.success ? deepFreeze(parsed.data) : undefined
  const judges = judgesFor(runtime.settings.judge, runtime.settings.root)
  const budget = budgets(task, runtime, judges)
  // The tier as a Vitest tag (`--tags-filter=hard`); a spec that does not parse fails under the default tier.
  const tags = [task?.tier ?? 'easy']
  const { agents, trials } = runtime.settings
  // The servers as configured, then each variant: a row per agent and variant (`<agent>@<variant>`).
  const variants = [null, ...runtime.settings.variants.map((v) => v.name)]
  for (const variant of variants) {
    for (const setting of agents) {
      const name = variant === null ? agentName(setting) : variantRowName(agentName(setting), variant)
      for (let trial = 1; trial <= trials; trial++) {
        const title = taskTitle(id, name, trial, { rows: agents.length * variants.length, trials })
        const meta = { mcpBenchTask: { taskId: id, agent: name, trial, ...(variant === null ? {} : { variant }) } }
        // Its task-isolated servers can then start ahead of it, while earlier tasks run (servers/warm-pool.ts).
        if (task) runtime.hubFor(variant).plan(withoutOff(task, runtime, variant).servers, task.files)
        // A slot of the run's tasks pool first (`concurrency`); Vitest's timeout also covers the wait for it.
        test(title, {
          timeout: budget.test * (1 + queueAllowance()),
          meta,
          tags,
          concurrent: runtime.settings.concurrentTasks ?? true,
        }, (context) => {
          // Resumed: a result the run being resumed finished is kept, so this task does nothing at all.
          if (keptByResume(relative(runtime.settings.root, context.task.file.filepath), meta.mcpBenchTask)) {
            context.task.meta.mcpBenchKept = true
            context.skip('kept from the run being resumed')
          }
          return withTaskSlot(runtime.settings.concurrency, context, () =>
            runTask({ id, spec: task, specError: parsed.error, setting, name, variant, trial, runtime, judges, context, budget, checks }),
          )
        })
      }
    }
  }
}

const claimed = new WeakMap<object, Set<string>>()

function claimId(id: string): void {
  const file = TestRunner.getCurrentSuite().file
  const ids = claimed.get(file) ?? new Set<string>()
  claimed.set(file, ids)
  if (ids.has(id)) throw new Error(`Duplicate task id "${id}" in ${file.name}: every task needs its own id`)
  ids.add(id)
}

interface Budgets {
  agent: number
  judge: number
  /** Vitest's timeout for the test: every budget above, plus server start-up and the checks. */
  test: number
}

function budgets(spec: TaskSpec | undefined, runtime: Runtime, judges: Judges): Budgets {
  const { settings } = runtime
  const agent = spec?.timeout ?? settings.taskTimeout
  const judge = judges.configured ? settings.judgeTimeout : 0
  const configs = [settings.servers, ...settings.variants.map((v) => v.servers)].flatMap((set) => Object.values(set.servers))
  const startup = Math.max(0, ...configs.map((s) => s.startupTimeoutMs))
  // A server that fails to start is tried once more, so start-up may take two of its limits.
  return { agent, judge, test: 2 * startup + agent + judge + CHECKS_MARGIN_MS }
}

interface TaskArgs {
  id: string
  spec: TaskSpec | undefined
  specError: Parameters<typeof describeIssues>[1] | undefined
  setting: AgentSetting
  name: string
  /** The server variant this run of the task uses; null: the servers as configured. */
  variant: string | null
  trial: number
  runtime: Runtime
  judges: Judges
  context: TestContext
  budget: Budgets
  checks?: TaskChecks
}

/**
 * One task for one agent: validate, start servers, run the agent, judge,
 * check, release. The outcome record is filled in as each part is known and
 * travels to the main process once, with the test's result.
 */
async function runTask(args: TaskArgs): Promise<void> {
  const file = relative(args.runtime.settings.root, args.context.task.file.filepath)
  const outcome = newOutcome(args, file)
  // The record holds the reference: it joins the test's meta once the agent is done, never while agent code
  // runs. onTestFinished covers every way the test can end before that (a setup stop, a timeout, a cancel).
  const publish = () => void (args.context.task.meta.mcpBenchOutcome = outcome)
  args.context.onTestFinished(publish)
  try {
    await runSteps(args, outcome, file, publish)
  } catch (error) {
    // Stopped before its checks (the error says why, as Vitest shows it): its scores and trajectory link all the same.
    // Should annotating fail too, the task's own error is the one Vitest must report, not that one.
    if (outcome.stopped) await annotate(args, outcome).catch(() => undefined)
    throw error
  } finally {
    checkRecord(outcome)
  }
}

/** The test's annotations, when someone watches the run (the `annotate` setting); junit.xml has them from the record anyway. */
async function annotate(args: TaskArgs, outcome: TaskOutcome, metrics?: TaskRun['metrics']): Promise<void> {
  if (!args.runtime.settings.annotate) return
  return annotateTask(args.context, taskAnnotations(outcome, { metrics }))
}

/**
 * The record is validated again where it arrives, and one that fails there is
 * a harness fault (reporters/task-outcome.ts). Checked here too, so the test
 * itself fails and names the field, instead of passing in Vitest's eyes.
 */
function checkRecord(outcome: TaskOutcome): void {
  const parsed = TaskOutcomeSchema.safeParse(outcome)
  if (parsed.success) return
  const fields = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`)
    .join('; ')
  throw new TaskError(
    `harness fault: the outcome record of this task fails validation (${fields}); this is a bug in vitest-mcp-bench, not the agent's failure`,
  )
}

async function runSteps(args: TaskArgs, outcome: TaskOutcome, file: string, publish: () => void): Promise<void> {
  const { id, spec, runtime, context } = args
  const { redactor } = runtime
  // Assertion messages quote tool output and answers: redact them before they leave the worker.
  context.onTestFinished(({ task }) => {
    for (const error of task.result?.errors ?? []) Object.assign(error, redactor.deep({ ...error }))
  })
  const stop = (phase: StopPhase, message: string): never => {
    // The message quotes server stderr and task ids: no secret and no terminal escape may reach the terminal through it.
    outcome.stopped = { phase, message: cleanText(redactor.text(message)) }
    throw new TaskError(outcome.stopped.message)
  }
  if (!spec) return stop('spec', describeIssues(`Task "${id}" in ${file} has an invalid spec`, args.specError!))
  try {
    callShape(spec.reference)
  } catch (error) {
    stop('spec', `Task "${id}" in ${file}: ${(error as Error).message}`)
  }
  // The task as this variant runs it: without the servers the variant turns off (the full spec when none is).
  const seen = withoutOff(spec, runtime, args.variant)
  let session: ServerSession
  try {
    session = await runtime.hubFor(args.variant).acquire(seen.servers, {
      distractors: distractorsFor(id, spec, runtime, args.variant),
      files: spec.files,
      maxTools: runtime.settings.distractors.maxTools,
      excludeTools: runtime.settings.excludeTools,
    })
  } catch (error) {
    return stop('servers', `Task "${id}" in ${file}: ${(error as Error).message}`)
  }
  const seed = drawsDistractors(spec, runtime) ? { seed: distractorSeed(id) } : {}
  outcome.distractors = { joined: session.distractors, skipped: session.skipped, ...seed }
  // What the agent is shown: the per-tool diagnostics count a tool's tasks by it (src/scoring/tool-diagnostics.ts).
  outcome.offered = [...new Set(session.catalog.entries.map((e) => `${e.server}.${e.tool}`))].sort()
  try {
    // Checked once the servers are up: a reference call to a tool they lack is the task's mistake, not the agent's.
    // Calls to a server the variant turned off are left to the diagnostics (missed), not checked against it.
    const badReference = referenceToolProblem(
      seen === spec
        ? spec
        : {
            ...seen,
            reference: onlyOn(
              spec.reference,
              spec.servers.filter((s) => !seen.servers.includes(s)),
            ),
          },
      session,
    )
    if (badReference) stop('spec', `Task "${id}" in ${file}: ${badReference}`)
    await runAndCheck({ ...args, spec: seen, session, outcome, stop, publish })
  } finally {
    await session.release()
  }
}

function newOutcome({ id, spec, name, variant, trial, judges, runtime, checks }: TaskArgs, file: string): TaskOutcome {
  const mode = runtime.settings.fidelity
  return {
    version: OUTCOME_VERSION,
    taskId: id,
    agent: name,
    ...(variant === null ? {} : { variant }),
    trial,
    file,
    servers: spec?.servers ?? [],
    category: spec?.category ?? null,
    tier: spec?.tier ?? 'easy',
    tags: spec?.tags ?? [],
    reference: spec?.reference ?? null,
    callMatch: spec?.callMatch ?? null,
    distractors: { joined: [], skipped: [] },
    stopped: null,
    trajectory: null,
    judge: null,
    referenceJudge: null,
    judgeConfigured: judges.configured,
    verdicts: [],
    unscored: null,
    ...(checks ? { ownChecks: true as const } : {}),
    fidelity: mode ? { mode, maxRounds: spec?.maxRounds ?? runtime.settings.maxRounds } : null,
  }
}

interface CheckArgs extends TaskArgs {
  spec: TaskSpec
  session: ServerSession
  outcome: TaskOutcome
  stop: (phase: StopPhase, message: string) => never
  /** Puts the outcome record into the test's meta (once the agent has returned). */
  publish: () => void
}

async function runAndCheck(args: CheckArgs): Promise<void> {
  const { id, spec, name, runtime, session, context, outcome, stop, judges } = args
  const { redactor } = runtime
  const agentRun: AgentRun = await runAgent({ ...args, timeout: args.budget.agent, signal: context.signal })
  args.publish()
  outcome.agentIsolation = agentRun.isolation
  if (agentRun.promptSource) outcome.plannerPrompt = agentRun.promptSource
  if (agentRun.setupError) stop('agent-setup', `Task "${id}" [${name}]: ${agentRun.setupError}`)
  const trajectory = redactor.deep(agentRun.trajectory)
  outcome.trajectory = trajectory
  if (agentRun.fault) outcome.fault = agentRun.fault
  // Cancelled by the run's budget: not the agent's failure, and not a result; listed as not run.
  if (agentRun.fault === 'budget') {
    context.task.meta.mcpBenchNotRun = 'budget'
    context.skip(agentRun.trajectory.error ?? 'not run (budget)')
  }
  if (trajectory.error) stop('agent', `Task "${id}" [${name}]: ${trajectory.error}`)
  // Tool descriptions are a server's words and may quote its secrets: redacted, like the trajectory, before any prompt
  // is built; only when a judge reads them (a run without a judge never does).
  let tools: typeof session.catalog.entries | undefined
  const judging = taskJudging(
    judges,
    {
      trajectory,
      task: spec,
      get tools() {
        return (tools ??= redactor.deep(session.catalog.entries))
      },
      taskId: id,
      volatile: session.workspaces,
      maxRounds: outcome.fidelity?.maxRounds,
    },
    { signal: context.signal, budgetMs: args.budget.judge },
    (kind, result) => (outcome[kind] = redactor.deep(result)),
  )
  let metrics: TaskRun['metrics'] | undefined
  const run: TaskRun = {
    kind: 'mcp-bench-run',
    taskId: id,
    agent: name,
    spec,
    trajectory,
    catalog: session.catalog.entries,
    // Made when a check first reads it (most read none of it): the referee scores the task on its own.
    get metrics() {
      return (metrics ??= ruleMetrics(trajectory, spec.reference, { callMatch: spec.callMatch, fidelity: outcome.fidelity?.mode }))
    },
    distractors: session.distractors,
    workspaces: Object.fromEntries(session.workspaces),
    inspect: (server, tool, toolArgs = {}) => inspectServer(session, server, tool, toolArgs),
    ...judging,
  }
  // Every task is judged when a judge is configured, so the leaderboard has all dimensions.
  if (judges.configured) {
    // A judge setting the worker cannot make a judge of (its code is loaded here, at the first judging) stops the task there.
    const result = await run
      .judge()
      .catch((error: Error) => stop('judge', `the judge could not be set up for task "${id}" [${name}]: ${error.message}`))
    if (result.kind === 'error') stop('judge', `the judge failed on task "${id}" [${name}]: ${result.reason}`)
  }
  const verdicts = harnessVerdicts(run, runtime.settings.defaultChecks, args.setting === 'reference' ? agentRun.outputs : null)
  const rulesDecide = Boolean(spec.reference?.facts.length || spec.reference?.calls.length || args.checks)
  if (!rulesDecide) {
    const decision = judges.configured
      ? judgeDecision(outcome.judge, (await judges.load()).primary.config?.passThreshold ?? 0.6, run)
      : null
    if (decision) verdicts.push(decision)
    else outcome.unscored = 'nothing decides this task: it has no reference facts, plan or checks, and no judge is configured'
  }
  outcome.verdicts = verdicts.map((v) => ({ ...v, ...(v.message ? { message: redactor.text(v.message) } : {}) }))
  await annotate(args, outcome, run.metrics)
  for (const verdict of outcome.verdicts) if (!verdict.pass) context.expect.soft(verdict).toPassCheck()
  await args.checks?.({ run, expect: context.expect, task: context.task })
  if (outcome.unscored) context.skip(outcome.unscored)
}

/**
 * The task as a variant runs it: its servers without those the variant turns off (`false`), so the agent is not
 * offered them and the `toolUse` check does not ask for them. The reference plan stays whole: the outcome scores the
 * run against it, which is what shows what the server was worth. The same frozen spec when nothing is off.
 */
function withoutOff(spec: TaskSpec, runtime: Runtime, variant: string | null): TaskSpec {
  const off = runtime.settings.variants.find((v) => v.name === variant)?.off ?? []
  if (!spec.servers.some((s) => off.includes(s))) return spec
  return deepFreeze({ ...spec, servers: spec.servers.filter((s) => !off.includes(s)) })
}

/** The reference plan without its calls to the servers turned off (named `server.tool` or `server__tool`). */
function onlyOn(reference: TaskSpec['reference'], off: readonly string[]): TaskSpec['reference'] {
  if (!reference) return reference
  return { ...reference, calls: reference.calls.filter((c) => !off.some((s) => c.tool.startsWith(`${s}.`) || c.tool.startsWith(`${s}__`))) }
}

/**
 * The distraction servers a task asks for: a list, or a seeded draw of N
 * from the pool. Resident servers join either way. The hub leaves out any
 * that are not configured or do not start, and says so in the outcome.
 */
function distractorsFor(id: string, spec: TaskSpec, runtime: Runtime, variant: string | null): string[] {
  const { resident } = runtime.settings.distractors
  const wanted = Array.isArray(spec.distractors) ? spec.distractors : drawn(id, spec, runtime, variant)
  if (wanted.length === 0) return []
  return [...new Set([...resident, ...wanted])].filter((s) => !spec.servers.includes(s))
}

/**
 * `distractors: N`: a draw seeded by the task id from the pool (default: every configured server shared per file).
 * A task that does not say gets the run's `distractors.count` (none unless set, 10 under the mcp-bench preset).
 */
function drawn(id: string, spec: TaskSpec, runtime: Runtime, variant: string | null): string[] {
  const count = drawCount(spec, runtime)
  if (count === 0) return []
  const { pool, resident } = runtime.settings.distractors
  // Drawn from the configured names, which every variant shares: a variant's tasks draw the servers the agent's row draws.
  const hub = runtime.hubFor(variant)
  const candidates = pool ?? Object.keys(runtime.settings.servers.servers).filter((s) => !hub.isolated(s))
  return drawDistractors(id, candidates, count, [...spec.servers, ...resident])
}

function drawCount(spec: TaskSpec, runtime: Runtime): number {
  return typeof spec.distractors === 'number' ? spec.distractors : (runtime.settings.distractors.count ?? 0)
}

/** The task's distractors come from a seeded draw (not a list it names). */
function drawsDistractors(spec: TaskSpec, runtime: Runtime): boolean {
  return !Array.isArray(spec.distractors) && drawCount(spec, runtime) > 0
}

async function inspectServer(session: ServerSession, server: string, tool: string, args: Record<string, unknown>) {
  const connection = session.connections.get(server)
  if (!connection)
    throw new Error(`inspect: server "${server}" is not part of this task (it has ${[...session.connections.keys()].join(', ')})`)
  // Paths as the agent sees them: `/workspace` both ways (workspace-paths.ts), so a check can quote what the agent read.
  const paths = workspacePaths(connection.workspace)
  const result = await callListedTool(connection, tool, paths.toServer(args) as Record<string, unknown>)
  return { text: paths.text(contentToText(result.content)), isError: result.isError === true }
}

/** Freezes an object and everything it holds, so no code that reaches it can change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key])
  }
  return value
}
