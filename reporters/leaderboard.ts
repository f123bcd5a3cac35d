import { rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { SerializedError } from 'vitest'
import type { Reporter, TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node'
import type { Gate } from '../src/contracts/options.ts'
import type { ProgressRecord } from '../src/scoring/progress.ts'
import type { Prices } from '../src/contracts/prices.ts'
import { interruptExitCode } from '../src/node/interrupt.ts'
import type { Redactor } from '../src/lib/redact.ts'
import { cleanText } from '../src/lib/text.ts'
import { isLeftOut, isUnfinished } from '../src/scoring/task-record.ts'
import { NOT_RUN_STATUS, STATUS_PROPERTY } from './junit-properties.ts'
import { filesNotRun, notRunMessage, plannedFiles, workerDeath } from './run-gaps.ts'
import { Referee, REPORT_FILES, type Properties, type RefereeSettings, type RunEnd, type TestItem } from './referee/referee.ts'
import { TaskFileSnapshot } from '../src/node/task-file-integrity.ts'
import type { JournalKeeper } from './journal-keeper.ts'
import type { JournalEntry } from '../src/contracts/run-journal.ts'

export interface LeaderboardReporterOptions {
  outputDir: string
  gate: Gate
  /** The benchmark environment's path: files run in it are benchmark files. */
  environment: string
  redactor: Redactor
  /** The price table tokens are priced by (the bundled prices merged with the `prices` option). */
  prices: Prices
  /** Where each run adds its history record; null: keep no history. */
  historyDir: string | null
  /** The Vitest projects whose tasks this report holds (each project's `mcpBench()` options apply to its own tasks); unset: every project. */
  projects?: ReadonlySet<string>
  /** The output directory's run journal: each finished task is written to it, and a resumed run's kept tasks come from it. */
  journal?: JournalKeeper
  /** Told what each task of this run spent, as its record arrives (the run's budget counts it); kept tasks are not. */
  spend?: (record: ProgressRecord) => void
  /** The run's budget and why it stopped the run, for the reports; null: no budget. */
  budget?: () => NonNullable<RunEnd['budget']> | null
}

/**
 * The leaderboard's reporter, over Vitest's public reporter API. It hands each benchmark test's result, as plain
 * data, to the run's referee (referee/referee.ts, in this same process), which validates and scores it and, at
 * the end of the run, writes leaderboard.json, summary.md, report.html and the history. This side knows what
 * only Vitest knows (the tests, the files that did not run, the interruptions), gives the JUnit reporter the
 * tasks' scores as properties, prints the summary and sets the exit code, saying why. Tests without an outcome
 * (the project's own unit tests) are ignored.
 */
export class LeaderboardReporter implements Reporter {
  private vitest?: Vitest
  /** The files this run set out to run: a file whose worker died before it started is known only from here. */
  private planned: ReadonlyArray<TestSpecification> = []
  /** Made at the first result or run end, once Vitest's config (the root, watch, the shard) is known. */
  private refereeMade?: Referee
  /** Results the referee is still making rows for: the end of the run waits for them. */
  private readonly scoring = new Set<Promise<unknown>>()
  private taskFiles?: TaskFileSnapshot
  private readonly recordListeners: Array<(testId: string, record: ProgressRecord) => void> = []
  /** On a resumed run, the kept result of each test skipped in its place, by test id. */
  private readonly keptByTest = new Map<string, JournalEntry>()
  /** This run's JUnit properties, once the end of the run has them: the JUnit reporter waits for them. */
  private properties: Promise<Properties> = Promise.resolve(new Map())

  constructor(private readonly options: LeaderboardReporterOptions) {}

  private get referee(): Referee {
    return (this.refereeMade ??= new Referee(this.settings()))
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
    // No report of an earlier run may pass as this run's, whatever happens to this one.
    for (const file of REPORT_FILES) rmSync(join(this.options.outputDir, file), { force: true })
  }

  async onTestRunStart(specifications: ReadonlyArray<TestSpecification>): Promise<void> {
    this.keptByTest.clear()
    this.planned = (await plannedFiles(this.vitest, specifications)).filter((s) => this.ownProject(s.project.name))
    // Hashed before any task runs: a task file changed during the run fails it (src/node/task-file-integrity.ts).
    this.taskFiles ??= new TaskFileSnapshot(this.vitest?.config.root ?? process.cwd())
    this.taskFiles.take(this.planned.filter((s) => s.project.config.environment === this.options.environment).map((s) => s.moduleId))
    // Each finished task is written down as it arrives: a run cut short, even by SIGKILL, can be resumed.
    if (!this.vitest?.config.watch && !this.vitest?.config.mergeReports) this.options.journal?.start(this.taskFiles.hashes())
  }

  /** Calls `listener` with each task's record as the referee makes it (the progress display shows them). */
  onRecord(listener: (testId: string, record: ProgressRecord) => void): void {
    this.recordListeners.push(listener)
  }

  /** This run's JUnit properties by test id, once the end of the run has made them (the JUnit reporter writes them). */
  junitProperties(): Promise<Properties> {
    return this.properties
  }

  private ownProject(name: string): boolean {
    return !this.options.projects || this.options.projects.has(name)
  }

  private settings(): RefereeSettings {
    const config = this.vitest?.config
    const shard = config?.shard
    return {
      outputDir: this.options.outputDir,
      root: config?.root ?? process.cwd(),
      gate: this.options.gate,
      prices: this.options.prices,
      historyDir: this.options.historyDir,
      secrets: this.options.redactor.secrets.map((s) => ({ value: s.value, label: s.label })),
      watch: Boolean(config?.watch),
      shard: shard ? { index: shard.index, count: shard.count } : null,
    }
  }

  /** Each result goes to the referee as it arrives: it scores it and makes its report rows while the run goes on. */
  onTestCaseResult(test: TestCase): void {
    if (!test.meta().mcpBenchTask || this.vitest?.config.mergeReports || !this.ownProject(test.project.name)) return
    // Not started (the budget was spent): nothing to score or keep; the end of the run lists it.
    if (test.meta().mcpBenchNotRun) return
    const redactor = this.options.redactor
    // What cleanErrorInPlace makes of each message at the end, without changing the errors other reporters print now.
    const errors = (test.result().errors ?? []).map((e) => redactor.text(cleanText(e.message)))
    const file = this.fileOf(test)
    const item = this.itemOf(test, `${test.project.name}\u0000${file}`, file, errors)
    if (!test.meta().mcpBenchKept && !isUnfinished(item.outcome, item.state)) this.journalItem(test, item)
    const kept = Boolean(test.meta().mcpBenchKept)
    const scored = this.referee.result(item).then(
      (record) => {
        if (record && !kept) this.options.spend?.(record)
        if (record) for (const listener of this.recordListeners) listener(test.id, record)
      },
      (error: Error) => this.logError(error.message),
    )
    this.scoring.add(scored)
    void scored.finally(() => this.scoring.delete(scored))
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = [], reason?: string): Promise<void> {
    // Set before the first await: the JUnit reporter's end (called with this one) waits on it.
    let ready!: (properties: Properties) => void
    this.properties = new Promise((resolve) => (ready = resolve))
    return this.end(modules, unhandledErrors, reason, ready).finally(() => ready(new Map()))
  }

  /** `ready`: called with the tests' JUnit properties, so the JUnit file is written while the referee writes the reports. */
  private async end(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: string | undefined,
    ready: (properties: Properties) => void,
  ): Promise<void> {
    await Promise.all(this.scoring)
    const root = this.vitest?.config.root ?? process.cwd()
    // A dead worker cuts the run short as an interrupt does: what it had not finished is listed, not lost.
    const died = workerDeath(unhandledErrors)
    const interruption = died ?? (reason === 'interrupted' ? 'interrupted' : null)
    const run = this.collect(
      modules.filter((m) => this.ownProject(m.project.name)),
      root,
      interruption,
    )
    const verdict = await this.referee.end(
      {
        files: run.files,
        fileErrors: run.fileErrors,
        unfinished: run.unfinished,
        notRun: run.notRun,
        budget: this.options.budget?.() ?? undefined,
        interruption,
        interruptCode: interruptExitCode() ?? null,
        workerDied: died !== null,
        otherFailures: run.otherFailures,
        unhandledErrors: unhandledErrors.length,
        gateDeferred: this.gateDeferred(),
        ...(this.taskFiles ? { integrity: this.taskFiles.check() } : {}),
      },
      (properties) => {
        for (const [testId, status] of run.unfinishedStatus) properties.set(testId, status)
        ready(properties)
      },
    )
    for (const { level, message } of verdict.logs) {
      if (level === 'error') this.logError(message)
      else this.logWarning(message)
    }
    if (!this.vitest?.config.watch) {
      this.options.journal?.close()
      this.refereeMade?.close()
      this.refereeMade = undefined
    }
    if (verdict.code === null || verdict.summary === null) return
    if (this.vitest) this.vitest.logger.log(verdict.summary)
    else console.log(verdict.summary)
    // A signal that came while the reports were written, after the verdict was made, keeps its own code.
    process.exitCode = interruptExitCode() ?? verdict.code
  }

  private logWarning(message: string): void {
    if (this.vitest) this.vitest.logger.warn(message)
    else console.warn(message)
  }

  private logError(message: string): void {
    if (this.vitest) this.vitest.logger.error(message)
    else console.error(message)
  }

  private fileOf(test: TestCase): string {
    return relative(this.vitest?.config.root ?? process.cwd(), test.module.moduleId)
  }

  /** On a resumed run, the kept result of the test skipped in its place (the JUnit reporter writes it). */
  keptResult(testId: string): { state: string; errors: string[] } | undefined {
    return this.keptByTest.get(testId)
  }

  /** A finished task into the run journal, at once (reporters/journal-keeper.ts). */
  private journalItem(test: TestCase, item: TestItem): void {
    const { identity, name, state, errors, durationMs, outcome } = item
    try {
      this.options.journal?.record({
        kind: 'task',
        project: test.project.name,
        file: item.file,
        testId: test.id,
        name,
        identity,
        state: state as JournalEntry['state'],
        errors,
        durationMs,
        outcome,
      })
    } catch (error) {
      this.logWarning(
        `vitest-mcp-bench: could not write ${identity.taskId} to the run journal, so a resumed run would run it again: ${(error as Error).message}`,
      )
    }
  }

  /** A benchmark test as the referee reads it; on a resumed run, a kept task is its result from the journal. */
  private itemOf(test: TestCase, key: string, file: string, errors: string[]): TestItem {
    const meta = test.meta()
    const kept = meta.mcpBenchKept ? this.options.journal?.keptEntry(test.project.name, file, meta.mcpBenchTask!) : undefined
    if (kept) this.keptByTest.set(test.id, kept)
    if (kept)
      return {
        key,
        testId: test.id,
        file,
        name: test.fullName,
        identity: kept.identity,
        state: kept.state,
        errors: kept.errors,
        durationMs: kept.durationMs,
        outcome: kept.outcome,
      }
    return {
      key,
      testId: test.id,
      file,
      name: test.fullName,
      identity: meta.mcpBenchTask!,
      state: test.result().state,
      errors,
      durationMs: Math.round(test.diagnostic()?.duration ?? 0),
      outcome: meta.mcpBenchOutcome,
    }
  }

  /** This run's tests for the referee, by file, the unfinished ones, file errors and failing non-benchmark tests. */
  private collect(modules: ReadonlyArray<TestModule>, root: string, interruption: string | null) {
    const files: RunEnd['files'] = []
    /** Tests with no result: JUnit writes each as an <error>, not as a test that passed. */
    const unfinishedStatus: Properties = new Map()
    const unfinished: RunEnd['unfinished'] = []
    const notRun: NonNullable<RunEnd['notRun']> = []
    const fileErrors: RunEnd['fileErrors'] = []
    let otherFailures = 0
    for (const module of modules) {
      const file = relative(root, module.moduleId)
      const key = `${module.project.name}\u0000${file}`
      const items: TestItem[] = []
      let benchTests = 0
      for (const test of module.children.allTests()) {
        const meta = test.meta()
        if (!meta.mcpBenchTask) {
          if (test.result().state === 'failed') otherFailures++
          continue
        }
        benchTests++
        // Left out by `-t`, `.only` elsewhere, `.skip` or `.todo`: not part of this run, so neither counted nor unfinished.
        if (isLeftOut(test.options.mode)) continue
        if (meta.mcpBenchNotRun) {
          notRun.push({ file, name: test.fullName, reason: meta.mcpBenchNotRun })
          unfinishedStatus.set(test.id, [{ type: STATUS_PROPERTY, message: NOT_RUN_STATUS }])
          continue
        }
        if (!meta.mcpBenchKept && isUnfinished(meta.mcpBenchOutcome, test.result().state)) {
          unfinished.push({ file, name: test.fullName })
          unfinishedStatus.set(test.id, [{ type: STATUS_PROPERTY, message: 'unfinished' }])
          continue
        }
        // The JUnit reporter and the reports read the same cleaned messages.
        const errors = (test.result().errors ?? []).map((e) => cleanErrorInPlace(e, this.options.redactor))
        items.push(this.itemOf(test, key, file, errors))
      }
      files.push({ key, tests: items })
      const loadErrors = module.errors()
      if (loadErrors.length && (benchTests > 0 || module.project.config.environment === this.options.environment)) {
        fileErrors.push({ file, error: loadErrors.map((e) => cleanText(e.message)).join('\n') })
      }
    }
    // Files planned but never started (their worker died first): each is a file error, so none goes unreported.
    for (const spec of interruption ? filesNotRun(this.planned, modules) : []) {
      if (spec.project.config.environment !== this.options.environment) continue
      fileErrors.push({ file: relative(root, spec.moduleId), error: notRunMessage(interruption) })
    }
    return { files, unfinishedStatus, unfinished, notRun, fileErrors, otherFailures }
  }

  /** A shard's results are only a part: the gate applies when the shards are merged. */
  private gateDeferred(): string | null {
    const config = this.vitest?.config
    if (!config?.shard) return null
    const reporters = (config.reporters ?? []) as unknown[]
    const blob = reporters.some((r) => r === 'blob' || (Array.isArray(r) && r[0] === 'blob'))
    return blob
      ? `shard ${config.shard.index}/${config.shard.count}: the gate applies to the merged run (vitest --merge-reports), not to one shard`
      : null
  }
}

function cleanErrorInPlace(error: { message: string; stack?: string }, redactor: Redactor): string {
  error.message = redactor.text(cleanText(error.message))
  if (error.stack) error.stack = redactor.text(cleanText(error.stack))
  return error.message
}
