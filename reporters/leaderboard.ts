import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node'
import type { TaskMeta } from '../src/task/meta.ts'
import type { Trajectory } from '../src/trajectory/schema.ts'
import { scoreTask } from '../src/scoring/aggregate.ts'
import { agentRows } from './agent-rows.ts'
import { applyGate, type Gate } from './gate.ts'
import { LEADERBOARD_SCHEMA_VERSION, LeaderboardSchema, type Leaderboard, type TaskRecord } from './leaderboard-schema.ts'
import { leaderboardHtml, trajectoryKey } from './html.ts'
import { leaderboardMarkdown } from './markdown.ts'
import { formatSummary } from './summary.ts'

export interface LeaderboardReporterOptions {
  outputDir: string
  gate: Gate
  /** The benchmark environment's path: files run in it are benchmark files. */
  environment: string
}

/**
 * Collects every benchmark task's meta at the end of the run, aggregates per
 * agent, writes `leaderboard.json`, prints the table and applies the gate.
 * Tests without benchmark meta (the project's own unit tests) are ignored.
 */
export class LeaderboardReporter implements Reporter {
  private vitest?: Vitest

  constructor(private readonly options: LeaderboardReporterOptions) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown> = [], reason?: string): void {
    const root = this.vitest?.config.root ?? process.cwd()
    const tasks: TaskRecord[] = []
    const trajectories = new Map<string, Trajectory>()
    const fileErrors: Leaderboard['fileErrors'] = []
    for (const module of testModules) {
      const errors = module.errors()
      let benchTasks = 0
      for (const test of module.children.allTests()) {
        const record = toRecord(test)
        if (record) {
          tasks.push(record)
          const trajectory = (test.meta() as { mcpBench?: TaskMeta }).mcpBench?.trajectory
          if (trajectory) trajectories.set(trajectoryKey(record), trajectory)
          benchTasks++
        }
      }
      if (errors.length && (benchTasks > 0 || module.project.config.environment === this.options.environment)) {
        fileErrors.push({ file: relative(root, module.moduleId), error: errors.map((e) => e.message).join('\n') })
      }
    }
    if (tasks.length === 0 && fileErrors.length === 0) return
    const agents = agentRows(tasks)
    const gate = applyGate(agents, this.options.gate)
    const leaderboard: Leaderboard = LeaderboardSchema.parse({
      schemaVersion: LEADERBOARD_SCHEMA_VERSION,
      generatedAt: new Date().toISOString(),
      agents,
      tasks,
      fileErrors,
      gate,
    })
    writeJson(join(this.options.outputDir, 'leaderboard.json'), leaderboard)
    writeText(join(this.options.outputDir, 'summary.md'), leaderboardMarkdown(leaderboard))
    writeText(join(this.options.outputDir, 'report.html'), leaderboardHtml(leaderboard, trajectories))
    const log = (text: string) => (this.vitest ? this.vitest.logger.log(text) : console.log(text))
    log(formatSummary(leaderboard, relative(root, join(this.options.outputDir, 'leaderboard.json'))))
    if (reason === 'interrupted') return
    if (!gate.passed) process.exitCode = 1
    else if (gateDecides(this.options.gate, leaderboard, testModules, unhandledErrors)) process.exitCode = 0
  }
}

/**
 * With a gate configured, the gate decides the exit code: a task the agent
 * failed counts in the scores, not against the run. Problems of the setup
 * still fail it: a bad spec, a server that would not start, a file that did
 * not load, an unhandled error, or a failing test that is not a benchmark task.
 */
function gateDecides(gate: Gate, board: Leaderboard, modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<unknown>): boolean {
  const configured = Object.values(gate).some((v) => v !== undefined)
  const setupProblem = board.fileErrors.length > 0 || board.tasks.some((t) => t.errorPhase === 'spec' || t.errorPhase === 'servers')
  const otherFailure = modules.some((m) => [...m.children.allTests()].some((t) => t.result().state === 'failed' && !(t.meta() as { mcpBench?: unknown }).mcpBench))
  return configured && !setupProblem && !otherFailure && unhandled.length === 0
}

function toRecord(test: TestCase): TaskRecord | undefined {
  const record = toBareRecord(test)
  if (!record) return undefined
  const { domains, overall, ruleScore } = scoreTask(record)
  return { ...record, scores: { domains, overall, ruleScore } }
}

function toBareRecord(test: TestCase): Omit<TaskRecord, 'scores'> | undefined {
  const meta = (test.meta() as { mcpBench?: TaskMeta }).mcpBench
  const result = test.result()
  if (!meta || (result.state !== 'passed' && result.state !== 'failed')) return undefined
  const trajectory = meta.trajectory
  const status = result.state === 'passed' ? 'passed' : meta.errored ? 'errored' : 'failed'
  const firstError = meta.errored?.message ?? result.errors?.map((e) => e.message).join('\n') ?? null
  return {
    id: meta.taskId,
    agent: meta.agent,
    trial: meta.trial,
    file: meta.file,
    servers: meta.servers,
    setting: meta.setting,
    category: meta.category,
    shape: meta.shape,
    status,
    error: status === 'passed' ? null : firstError,
    errorPhase: meta.errored?.phase ?? null,
    metrics: {
      validToolNameRate: meta.metrics?.validToolNameRate ?? null,
      schemaCompliance: meta.metrics?.schemaCompliance ?? null,
      executionSuccess: meta.metrics?.executionSuccess ?? null,
      dependencyOrder: meta.metrics?.dependencyOrder ?? null,
    },
    judge: meta.judge ?? null,
    referenceJudge: meta.referenceJudge ?? null,
    rounds: trajectory?.rounds ?? 0,
    toolCalls: trajectory?.calls.length ?? 0,
    distractorCalls: meta.metrics?.distractorCalls ?? 0,
    tokens: {
      prompt: trajectory?.usage.promptTokens ?? 0,
      completion: trajectory?.usage.completionTokens ?? 0,
      total: trajectory?.usage.totalTokens ?? 0,
    },
    durationMs: trajectory?.durationMs ?? Math.round(test.diagnostic()?.duration ?? 0),
  }
}

export function writeJson(file: string, value: unknown): void {
  writeText(file, `${JSON.stringify(value, null, 2)}\n`)
}

/** Atomic write: a crash mid-write never leaves half a report. */
function writeText(file: string, text: string): void {
  mkdirSync(join(file, '..'), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, text)
  renameSync(tmp, file)
}
