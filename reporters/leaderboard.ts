import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node'
import type { TaskMeta } from '../src/task/meta.ts'
import { agentRows } from './agent-rows.ts'
import { applyGate, type Gate } from './gate.ts'
import { LEADERBOARD_SCHEMA_VERSION, LeaderboardSchema, type Leaderboard, type TaskRecord } from './leaderboard-schema.ts'
import { leaderboardMarkdown } from './markdown.ts'
import { formatSummary } from './summary.ts'

export interface LeaderboardReporterOptions {
  outputDir: string
  gate: Gate
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

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = this.vitest?.config.root ?? process.cwd()
    const tasks: TaskRecord[] = []
    const fileErrors: Leaderboard['fileErrors'] = []
    for (const module of testModules) {
      const errors = module.errors()
      let benchTasks = 0
      for (const test of module.children.allTests()) {
        const record = toRecord(test)
        if (record) {
          tasks.push(record)
          benchTasks++
        }
      }
      if (errors.length && (benchTasks > 0 || looksLikeBenchmark(module))) {
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
    const log = (text: string) => (this.vitest ? this.vitest.logger.log(text) : console.log(text))
    log(formatSummary(leaderboard, relative(root, join(this.options.outputDir, 'leaderboard.json'))))
    if (!gate.passed) process.exitCode = 1
  }
}

function looksLikeBenchmark(module: TestModule): boolean {
  return module.project.config.environment.includes('vitest-mcp-bench') || module.project.config.environment.endsWith('environment.ts')
}

function toRecord(test: TestCase): TaskRecord | undefined {
  const meta = (test.meta() as { mcpBench?: TaskMeta }).mcpBench
  const result = test.result()
  if (!meta || (result.state !== 'passed' && result.state !== 'failed')) return undefined
  const trajectory = meta.trajectory
  const status = result.state === 'passed' ? 'passed' : meta.errored ? 'errored' : 'failed'
  const firstError = meta.errored?.message ?? result.errors?.map((e) => e.message).join('\n') ?? null
  return {
    id: meta.taskId,
    agent: meta.agent,
    file: meta.file,
    servers: meta.servers,
    setting: meta.setting,
    category: meta.category,
    shape: meta.shape,
    status,
    error: status === 'passed' ? null : firstError,
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
