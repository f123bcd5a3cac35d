import type { Reporter, TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node'
import { ProgressTally, type Progress, type ProgressRecord } from '../src/scoring/progress.ts'
import { totalUsd } from '../src/scoring/run-costs.ts'
import { isLeftOut, isUnfinished } from '../src/scoring/task-record.ts'
import { cleanText, count, duration, percent, usd } from '../src/lib/text.ts'
import { joinVitestWindow, type VitestWindow } from './vitest-window.ts'

export interface ProgressReporterOptions {
  /** The benchmark environment's path: files run in it are benchmark files. */
  environment: string
  /** Where each finished task's record comes from, as the run's referee makes it: the leaderboard reporter. */
  records: { onRecord(listener: (testId: string, record: ProgressRecord) => void): void }
}

/**
 * Live progress of a benchmark run, next to Vitest's own reporter: tasks
 * done of the total per agent, the running pass rate, tokens and cost so
 * far, and an ETA. On a terminal it is part of the status window Vitest's
 * default reporter redraws in place (so the two never draw over each
 * other); elsewhere (CI, a pipe) it logs one compact line per finished
 * task. It shows the records the run's referee makes (the leaderboard
 * reporter hands them on), and every number comes from src/scoring.
 */
export class ProgressReporter implements Reporter {
  private vitest?: Vitest
  private window: VitestWindow | null = null
  /** When the first benchmark test started: the pace is measured from there, not from Vitest's start-up. */
  private started: number | null = null
  private readonly records = new Map<string, ProgressRecord>()
  /** Tests finished, by test id, with their agent, and how many each agent has: counted as Vitest reports them. */
  private readonly finished = new Map<string, string>()
  private readonly finishedPerAgent = new Map<string, number>()
  /** The records' running figures, so a snapshot does not recount every record. */
  private tally = new ProgressTally()
  /** Benchmark tests collected, by test id, with their agent, and how many each agent has. */
  private readonly collected = new Map<string, string>()
  private readonly perAgent = new Map<string, number>()
  private readonly files = { total: 0, collected: new Set<string>() }

  constructor(private readonly options: ProgressReporterOptions) {
    options.records.onRecord((testId, record) => this.onRecord(testId, record))
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    // Merging shard reports replays results that ran elsewhere: there is no progress to show.
    if (this.vitest?.config.mergeReports) return
    this.records.clear()
    this.finished.clear()
    this.finishedPerAgent.clear()
    this.tally = new ProgressTally()
    this.collected.clear()
    this.perAgent.clear()
    this.files.collected.clear()
    this.files.total = specifications.filter((s) => s.project.config.environment === this.options.environment).length
    this.started = null
    // Vitest's reporters are all initialised by now; its status window exists only on a terminal.
    this.window ??= joinVitestWindow(reportersOf(this.vitest), () => this.windowLines())
  }

  onTestModuleCollected(module: TestModule): void {
    if (module.project.config.environment !== this.options.environment) return
    this.files.collected.add(module.id)
    for (const test of module.children.allTests()) {
      const identity = test.meta().mcpBenchTask
      // Tests left out by `-t`, `.skip` or `.only` elsewhere are collected as skipped: they will not run.
      if (identity && !isLeftOut(test.options.mode)) this.collect(test.id, identity.agent)
    }
  }

  /** A file that failed to load is never collected, but it is done: it holds no more tasks to wait for. */
  onTestModuleEnd(module: TestModule): void {
    if (module.project.config.environment === this.options.environment) this.files.collected.add(module.id)
  }

  onTestCaseReady(test: TestCase): void {
    if (this.started === null && test.meta().mcpBenchTask) this.started = performance.now()
  }

  /**
   * A finished task counts as done at once, so the block keeps up with Vitest's own counts, which it is drawn
   * under; its figures (pass rate, tokens, cost) follow when the referee has scored it, a moment later.
   */
  onTestCaseResult(test: TestCase): void {
    if (this.vitest?.config.mergeReports) return
    const meta = test.meta()
    const identity = meta.mcpBenchTask
    if (!identity || isUnfinished(meta.mcpBenchOutcome, test.result().state)) return
    if (this.finished.has(test.id)) return
    this.finished.set(test.id, identity.agent)
    this.finishedPerAgent.set(identity.agent, (this.finishedPerAgent.get(identity.agent) ?? 0) + 1)
  }

  /** A finished task's record, as the referee made it from its result. */
  private onRecord(testId: string, record: ProgressRecord): void {
    if (this.vitest?.config.mergeReports) return
    const again = this.records.has(testId)
    this.records.set(testId, record)
    if (!again) this.tally.add(record)
    else {
      // A test reported twice in one run: its latest result counts, so the figures are counted afresh.
      this.tally = new ProgressTally()
      for (const r of this.records.values()) this.tally.add(r)
    }
    this.collect(testId, record.agent)
    if (this.window) this.window.redraw()
    else this.vitest?.logger.log(taskLine(record, this.snapshot(false)))
  }

  private collect(testId: string, agent: string): void {
    const before = this.collected.get(testId)
    if (before === agent) return
    if (before !== undefined) {
      const n = this.perAgent.get(before)! - 1
      if (n) this.perAgent.set(before, n)
      else this.perAgent.delete(before)
    }
    this.collected.set(testId, agent)
    this.perAgent.set(agent, (this.perAgent.get(agent) ?? 0) + 1)
  }

  /**
   * The run so far, through src/scoring. The window counts a task done as soon as Vitest reports it (the window is
   * drawn under Vitest's own counts); a log line counts the tasks scored, so a log read top to bottom counts up by one.
   */
  snapshot(countFinished = true): Progress {
    return this.tally.progress({
      collected: this.perAgent,
      files: { total: this.files.total, collected: this.files.collected.size },
      elapsedMs: this.started === null ? 0 : performance.now() - this.started,
      ...(countFinished ? { finished: this.finishedPerAgent } : {}),
    })
  }

  private windowLines(): string[] {
    return this.collected.size || this.finished.size || this.records.size ? windowLines(this.snapshot()) : []
  }
}

/** The reporters Vitest created from its config; public at run time, though left out of its types. */
function reportersOf(vitest: Vitest | undefined): readonly unknown[] {
  return (vitest as unknown as { reporters?: unknown[] } | undefined)?.reporters ?? []
}

const total = (p: Progress) => `${p.done}/${p.estimated ? '~' : ''}${p.total}`
const eta = (p: Progress) => (p.done >= p.total && !p.estimated ? 'done' : `ETA ${p.etaMs === null ? '…' : duration(p.etaMs)}`)

/** One finished task, for a log that is read top to bottom (CI). Task ids and agent names are the user's, so escapes are dropped. */
export function taskLine(record: ProgressRecord, p: Progress): string {
  return cleanText(rawTaskLine(record, p))
}

function rawTaskLine(record: ProgressRecord, p: Progress): string {
  const agent = p.agents.find((a) => a.agent === record.agent)
  const task = `${record.id}${record.trial > 1 ? ` #${record.trial}` : ''} [${record.agent}]`
  const of = agent ? ` · ${record.agent} ${agent.done}/${agent.collected} pass ${percent(agent.passRate)}` : ''
  return `mcp-bench ${total(p)} ${record.status} ${task} ${duration(record.durationMs)} ${count(record.tokens.total + record.judgeTokens.total)} tok ${usd(totalUsd(record.cost))}${of} · run ${count(p.tokens)} tok ${usd(p.costUsd)} · ${eta(p)}`
}

/** The block shown under Vitest's status window on a terminal. */
export function windowLines(p: Progress): string[] {
  return rawWindowLines(p).map(cleanText)
}

function rawWindowLines(p: Progress): string[] {
  const width = Math.max(5, ...p.agents.map((a) => a.agent.length))
  return [
    ` MCP bench  ${total(p)} tasks  pass ${percent(p.passRate)}  ${count(p.tokens)} tokens  ${usd(p.costUsd)}  ${eta(p)}`,
    ...p.agents.map((a) => `   ${a.agent.padEnd(width)}  ${`${a.done}/${a.collected}`.padStart(7)}  pass ${percent(a.passRate).padStart(6)}  ${count(a.tokens).padStart(9)} tok  ${usd(a.costUsd).padStart(9)}`),
    '',
  ]
}
