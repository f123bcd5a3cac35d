import { relative } from 'node:path'
import { test, type ExpectStatic, type TestContext } from 'vitest'
import { agentName } from '../agents/resolve.ts'
import type { AgentSetting } from '../config/options.ts'
import { describeIssues } from '../config/load-servers.ts'
import { referenceLayers } from '../checks/dependencies.ts'
import { ruleMetrics } from '../checks/rule-metrics.ts'
import { getRuntime, type Runtime } from '../runtime.ts'
import type { ServerSession } from '../servers/hub.ts'
import { drawDistractors } from '../servers/distractors.ts'
import { contentToText } from '../trajectory/content.ts'
import { judgesFor, taskJudging } from './judging.ts'
import { annotateJudge, annotateMetrics } from './annotations.ts'
import { collecting } from './collect.ts'
import { runAgent, type AgentRunArgs } from './run-agent.ts'
import { settingOf, type TaskMeta } from './meta.ts'
import { TaskSpecSchema, type TaskSpec, type TaskSpecInput } from './spec.ts'
import { callShape, type TaskRun } from './task-run.ts'

export type TaskChecks = (args: { run: TaskRun; expect: ExpectStatic; task: TestContext['task'] }) => void | Promise<void>

/** A task that could not reach its checks. Reported as `errored`, not `failed`. */
export class TaskError extends Error {
  override name = 'TaskError'
}

const MARGIN_MS = 10_000

/**
 * Registers a benchmark task: one Vitest test per configured agent. A bad
 * spec does not break collection: the test still registers, fails with the
 * reason, and is recorded on the leaderboard.
 */
export function mcpTask(id: string, spec: TaskSpecInput, checks?: TaskChecks): void {
  const collector = collecting()
  if (collector) {
    collector.push({ id, spec })
    return
  }
  const runtime = getRuntime()
  if (!runtime) {
    test(id, () => {
      throw new TaskError('vitest-mcp-bench is not set up for this file: add mcpBench() to the plugins of the Vitest project that runs it')
    })
    return
  }
  const parsed = TaskSpecSchema.safeParse(spec)
  const timeout = (parsed.success ? parsed.data.timeout : undefined) ?? runtime.settings.taskTimeout
  const { agents, trials } = runtime.settings
  for (const setting of agents) {
    const name = agentName(setting)
    for (let trial = 1; trial <= trials; trial++) {
      const title = `${id}${agents.length > 1 ? ` [${name}]` : ''}${trials > 1 ? ` #${trial}` : ''}`
      test(title, { timeout: timeout + MARGIN_MS }, (context) => runTask({ id, parsed, setting, name, trial, runtime, context, timeout, checks }))
    }
  }
}

interface TaskArgs {
  id: string
  parsed: ReturnType<typeof TaskSpecSchema.safeParse>
  setting: AgentSetting
  name: string
  trial: number
  runtime: Runtime
  context: TestContext
  timeout: number
  checks?: TaskChecks
}

/** One task for one agent: validate, start servers, run, check, release. Meta is filled as each part is known. */
async function runTask({ id, parsed, setting, name, trial, runtime, context, timeout, checks }: TaskArgs): Promise<void> {
  const file = relative(runtime.settings.root, context.task.file.filepath)
  const servers = parsed.success ? parsed.data.servers : []
  const meta: TaskMeta = {
    taskId: id, agent: name, trial, file, servers,
    category: parsed.success ? parsed.data.category ?? null : null,
    setting: settingOf(servers),
    shape: null,
  }
  context.task.meta.mcpBench = meta
  const fail = (phase: NonNullable<TaskMeta['errored']>['phase'], message: string): never => {
    meta.errored = { phase, message }
    throw new TaskError(message)
  }
  if (!parsed.success) return fail('spec', describeIssues(`Task "${id}" in ${file} has an invalid spec`, parsed.error))
  const spec = parsed.data
  try {
    meta.shape = callShape(spec, referenceLayers(spec.reference ?? { calls: [], facts: [] }).length)
  } catch (error) {
    fail('spec', `Task "${id}" in ${file}: ${(error as Error).message}`)
  }
  let session: ServerSession
  try {
    session = await runtime.hub.acquire(spec.servers, {
      distractors: distractorsFor(id, spec, runtime),
      files: spec.files,
      maxTools: runtime.settings.distractors.maxTools,
    })
  } catch (error) {
    return fail('servers', `Task "${id}" in ${file}: ${(error as Error).message}`)
  }
  try {
    await runAndCheck({ id, spec, setting, name, runtime, session, context, meta, timeout, checks, fail })
  } finally {
    await session.release()
  }
}

interface RunArgs extends AgentRunArgs {
  context: TestContext
  meta: TaskMeta
  checks?: TaskChecks
  fail: (phase: 'agent', message: string) => never
}

async function runAndCheck(args: RunArgs): Promise<void> {
  const { id, spec, name, runtime, session, context, meta, checks } = args
  const trajectory = await runAgent(args)
  const metrics = ruleMetrics(trajectory, spec.reference)
  meta.trajectory = trajectory
  meta.metrics = metrics
  await annotateMetrics(context, metrics)
  if (trajectory.error) args.fail('agent', `Task "${id}" [${name}]: ${trajectory.error}`)
  const judging = taskJudging(
    judgesFor(runtime.settings.judge, runtime.settings.root),
    { trajectory, task: spec, tools: session.catalog, taskId: id },
    context.signal,
    (kind, result) => (meta[kind] = result),
  )
  const run: TaskRun = {
    kind: 'mcp-bench-run', taskId: id, agent: name, spec, trajectory, catalog: session.catalog.entries, metrics,
    distractors: [...session.connections.keys()].filter((s) => !spec.servers.includes(s)),
    workspaces: Object.fromEntries(session.workspaces),
    inspect: (server, tool, toolArgs = {}) => inspectServer(session, server, tool, toolArgs),
    ...judging,
  }
  // Every task is judged when a judge is configured, so the leaderboard has all dimensions.
  await annotateJudge(context, await run.judge())
  const expect = context.expect
  const defaults = runtime.settings.defaultChecks
  if (defaults.answer) expect.soft(run).toGiveAnswer()
  if (defaults.facts && spec.reference?.facts.length) expect.soft(run).toMentionFacts()
  if (defaults.validToolNames) expect.soft(run).toHaveValidToolNames()
  if (defaults.schemaCompliance) expect.soft(run).toComplyWithSchemas()
  await checks?.({ run, expect, task: context.task })
}

/** The seeded distractor draw, plus the resident servers, when the task asks for distractors. */
function distractorsFor(id: string, spec: TaskSpec, runtime: Runtime): string[] {
  if (Array.isArray(spec.distractors)) return spec.distractors.filter((s) => !spec.servers.includes(s))
  const count = spec.distractors ?? 0
  if (count === 0) return []
  const { pool, resident } = runtime.settings.distractors
  const candidates = pool ?? Object.keys(runtime.settings.servers.servers).filter((s) => !runtime.hub.isolated(s))
  const drawn = drawDistractors(id, candidates, count, [...spec.servers, ...resident])
  return [...resident.filter((s) => !spec.servers.includes(s)), ...drawn]
}

async function inspectServer(session: ServerSession, server: string, tool: string, args: Record<string, unknown>) {
  const connection = session.connections.get(server)
  if (!connection) throw new Error(`inspect: server "${server}" is not part of this task (it has ${[...session.connections.keys()].join(', ')})`)
  const result = await connection.client.callTool({ name: tool, arguments: args })
  return { text: contentToText(Array.isArray(result.content) ? result.content : []), isError: result.isError === true }
}

