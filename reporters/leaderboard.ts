import { rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { SerializedError, TestAnnotation } from 'vitest'
import type { Reporter, TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node'
import type { Gate } from '../src/contracts/options.ts'
import { interruptExitCode } from '../src/node/interrupt.ts'
import type { Redactor } from '../src/lib/redact.ts'
import type { Prices } from '../src/contracts/prices.ts'
import { gitRevision } from '../src/node/history/git.ts'
import { historyRecord } from '../src/node/history/record.ts'
import { readHistory, writeHistoryRecord, type History } from '../src/node/history/store.ts'
import { baselineComparison } from '../src/node/baseline.ts'
import { gateConfigured } from '../src/scoring/gate.ts'
import { buildLeaderboard } from '../src/scoring/leaderboard.ts'
import type { Leaderboard, TaskRecord } from '../src/contracts/leaderboard.ts'
import { isLeftOut, isUnfinished } from '../src/scoring/task-record.ts'
import { markDuplicates } from '../src/scoring/duplicates.ts'
import type { Trajectory } from '../src/contracts/trajectory.ts'
import type { TaskOutcome } from '../src/contracts/outcome.ts'
import { cleanText } from '../src/lib/text.ts'
import { exitVerdict } from './exit-verdict.ts'
import { junitProperties, STATUS_PROPERTY } from './junit-properties.ts'
import { recordOf, validOutcome } from './task-outcome.ts'
import { leaderboardMarkdown } from './markdown.ts'
import { filesNotRun, notRunMessage, plannedFiles, workerDeath } from './run-gaps.ts'
import { writeChunksAtomic } from '../src/lib/atomic-file.ts'
import { prettyJsonChunks, prettyJsonItem } from '../src/lib/json-chunks.ts'
import { formatSummary } from './summary.ts'
import { trajectoryKey } from './trajectory-key.ts'
import { PreparedRows } from './prepared-rows.ts'

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
}

/** The report files this reporter owns in the output directory (JUnit's is Vitest's own). */
const REPORT_FILES = ['leaderboard.json', 'summary.md', 'report.html'] as const

/** One task's latest result in this Vitest session. */
interface Seen {
  record: TaskRecord
  trajectory: Trajectory | null
}

/**
 * Turns each benchmark test's outcome record into a leaderboard record at
 * the end of the run, writes leaderboard.json, summary.md and report.html,
 * gives the JUnit reporter the tasks' scores as properties, prints the
 * table and decides the exit code, saying why. Tests without an outcome
 * (the project's own unit tests) are ignored.
 */
export class LeaderboardReporter implements Reporter {
  private vitest?: Vitest
  /**
   * In watch mode the reports keep the latest result of every task seen, not just the files that reran. By
   * file (project and path), then test id: a file that reran replaces its own entries at once, instead of a
   * scan of every task seen for each file (files × tasks, quadratic in a run of many files).
   */
  private seen = new Map<string, Map<string, Seen>>()
  private reportWarming = false
  /** The module that makes report.html's task rows, loaded at the first result. */
  private rowMaker?: Promise<typeof import('./html/task-table.ts')>
  /** Each task's row of report.html and its record in leaderboard.json, made as its result arrives. */
  private readonly prepared: PreparedRows
  private readonly preparedJson: PreparedRows
  /** The files this run set out to run: a file whose worker died before it started is known only from here. */
  private planned: ReadonlyArray<TestSpecification> = []

  constructor(private readonly options: LeaderboardReporterOptions) {
    this.prepared = new PreparedRows(options.outputDir)
    this.preparedJson = new PreparedRows(options.outputDir)
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
    // No report of an earlier run may pass as this run's, whatever happens to this one.
    for (const file of REPORT_FILES) rmSync(join(this.options.outputDir, file), { force: true })
  }

  async onTestRunStart(specifications: ReadonlyArray<TestSpecification>): Promise<void> {
    this.planned = (await plannedFiles(this.vitest, specifications)).filter((s) => this.ownProject(s.project.name))
  }

  private ownProject(name: string): boolean {
    return !this.options.projects || this.options.projects.has(name)
  }

  /**
   * The first benchmark result means a report will be written: the report page's code is loaded and its
   * charting code warmed now, while the main process mostly waits on the workers, rather than at the end of
   * the run. Each result's row of report.html is made as it arrives, for the same reason (prepared-rows.ts).
   */
  onTestCaseResult(test: TestCase): void {
    if (!test.meta().mcpBenchTask || this.vitest?.config.mergeReports || !this.ownProject(test.project.name)) return
    this.rowMaker ??= import('./html/task-table.ts')
    this.rowMaker.then((rows) => this.prepareRow(test, rows.pageRowText)).catch(() => {})
    if (this.reportWarming) return
    this.reportWarming = true
    setTimeout(() => {
      void import('./html.ts').catch(() => {})
      void import('./html/echarts.ts').then((charts) => charts.warmUpCharts()).catch(() => {})
    }, 0).unref()
  }

  /**
   * The test's row of report.html, made from the record the end of the run will build for it (the same
   * cleaned errors, so the same cached record) and redacted as the report's pieces are. A test whose record
   * turns out different at the end gets its row made then.
   */
  private prepareRow(test: TestCase, rowText: (t: TaskRecord, trajectory: Trajectory | null) => string): void {
    const redactor = this.options.redactor
    const file = relative(this.vitest?.config.root ?? process.cwd(), test.module.moduleId)
    // What cleanErrorInPlace makes of each message at the end, without changing the errors other reporters print now.
    const errors = (test.result().errors ?? []).map((e) => redactor.text(cleanText(e.message)))
    const { outcome, record } = this.taskOf(test, file, errors)
    if (!record) return
    // Made as the end of the run makes them: from the record as the board shows it (redacted), then redacted whole.
    // The redactor knows every secret by now: the projects add theirs while they are set up, before any result.
    const shown = redactor.deep(record)
    this.prepared.put(record, redactor.text(rowText(shown, outcome.trajectory)))
    this.preparedJson.put(record, redactor.text(prettyJsonItem(shown)))
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = [], reason?: string): Promise<void> {
    const root = this.vitest?.config.root ?? process.cwd()
    // A dead worker cuts the run short as an interrupt does: what it had not finished is listed, not lost.
    const died = workerDeath(unhandledErrors)
    const interruption = died ?? (reason === 'interrupted' ? 'interrupted' : null)
    const run = this.collect(modules.filter((m) => this.ownProject(m.project.name)), root, interruption)
    const seen = [...this.seen.values()].flatMap((file) => [...file.values()])
    if (seen.length === 0 && run.fileErrors.length === 0 && run.unfinished.length === 0) return
    const records = markDuplicates(seen.map((s) => s.record))
    // Reporters' onTestRunEnd run concurrently: the properties must be on the tests before this one first
    // awaits, so the JUnit reporter (added after this one) finds them when it writes.
    for (const [test, record] of run.tests) rawTask(test).annotations.push(...junitProperties(record))
    const gateDeferred = this.gateDeferred()
    const baseline = gateDeferred ? null : await baselineComparison(this.options.gate, { tasks: records }, root)
    const board = this.options.redactor.deep(buildLeaderboard({
      records,
      fileErrors: run.fileErrors,
      interrupted: interruption !== null,
      interruption,
      unfinished: run.unfinished,
      gate: this.options.gate,
      gateDeferred,
      baseline: baseline?.regression ?? null,
    }))
    const trajectories = new Map(seen.map((s) => [trajectoryKey(s.record), s.trajectory]))
    // Each task on the (redacted) board, by the record it was made from: the key its prepared row is kept by.
    const boardSource = new Map(board.tasks.map((t, i) => [t, records[i]!]))
    const unwritten: string[] = []
    // Each report is written as it is made, piece by piece (at 10,000 tasks a report is tens of megabytes, never
    // one string in memory), and on its own: one that fails (a full disk, a piece that cannot be made) is named,
    // fails the run, and does not stop the others. Redaction goes piece by piece too: a piece is a whole value.
    const redact = this.options.redactor
    const { prepared, preparedJson } = this
    const write = async (file: string, pieces: () => Iterable<string> | AsyncIterable<string>) => {
      try {
        await writeChunksAtomic(join(this.options.outputDir, file), mapChunks(pieces(), (piece) => redact.text(piece)))
      } catch (error) {
        unwritten.push(file)
        const message = `vitest-mcp-bench: could not write ${file}: ${(error as Error).stack ?? (error as Error).message}`
        if (this.vitest) this.vitest.logger.error(message)
        else console.error(message)
      }
    }
    await write('leaderboard.json', function* () {
      yield* prettyJsonChunks(board, 'tasks', (t) => preparedJson.get(boardSource.get(t as TaskRecord) ?? (t as TaskRecord)))
      yield '\n'
    })
    await write('summary.md', () => [leaderboardMarkdown(board)])
    const history = this.recordHistory(board, root)
    // Loaded there, not at config time: the report's charting library is only paid for when a report is written.
    await write('report.html', async function* () {
      const { leaderboardHtmlChunks } = await import('./html.ts')
      yield* leaderboardHtmlChunks({ board, trajectories, comparison: baseline?.comparison ?? null, history, preparedRow: (t) => prepared.get(boardSource.get(t) ?? t) })
    })
    // Watch mode's next report reuses the rows of the tasks that do not rerun; a single run is done with them.
    if (!this.vitest?.config.watch) {
      prepared.close()
      preparedJson.close()
    }
    const verdict = exitVerdict(board, {
      gateConfigured: gateConfigured(this.options.gate),
      otherFailures: run.otherFailures,
      unhandledErrors: unhandledErrors.length,
      unwritten,
      interruptCode: interruptExitCode(),
      workerDied: died !== null,
    })
    const summary = formatSummary(board, relative(root, join(this.options.outputDir, 'leaderboard.json')), verdict.reason)
    if (this.vitest) this.vitest.logger.log(summary)
    else console.log(summary)
    process.exitCode = verdict.code
  }

  /** This run's tests: their records (into `seen`), the unfinished ones, file errors and failing non-benchmark tests. */
  private collect(modules: ReadonlyArray<TestModule>, root: string, interruption: string | null) {
    const tests: Array<[TestCase, TaskRecord]> = []
    const unfinished: Leaderboard['unfinished'] = []
    const fileErrors: Leaderboard['fileErrors'] = []
    let otherFailures = 0
    for (const module of modules) {
      const file = relative(root, module.moduleId)
      const fileSeen = new Map<string, Seen>()
      this.seen.set(`${module.project.name}\u0000${file}`, fileSeen)
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
        // The JUnit reporter and the reports read the same cleaned messages.
        const errors = (test.result().errors ?? []).map((e) => cleanErrorInPlace(e, this.options.redactor))
        const { outcome, record } = this.taskOf(test, file, errors)
        if (!record) {
          unfinished.push({ file, name: test.fullName })
          // JUnit writes it as an <error>, not as a test that passed.
          rawTask(test).annotations.push({ type: STATUS_PROPERTY, message: 'unfinished' })
          continue
        }
        fileSeen.set(test.id, { record, trajectory: outcome.trajectory })
        tests.push([test, record])
      }
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
    return { tests, unfinished, fileErrors, otherFailures }
  }

  /**
   * A benchmark test's outcome, validated, and its record; no record when the test never finished. `errors`: its
   * messages as the reports show them. Results as they arrive and the end of the run read tests through here, so
   * both find the same cached record.
   */
  private taskOf(test: TestCase, file: string, errors: string[]): { outcome: TaskOutcome; record: TaskRecord | null } {
    const meta = test.meta()
    const outcome = validOutcome(meta.mcpBenchOutcome, meta.mcpBenchTask!, file, errors)
    const state = test.result().state
    if (isUnfinished(outcome, state)) return { outcome, record: null }
    const durationMs = Math.round(test.diagnostic()?.duration ?? 0)
    return { outcome, record: recordOf(outcome, { state: state as 'passed' | 'failed' | 'skipped', errors, durationMs }, this.options.prices) }
  }

  /**
   * Adds this run's record to the history directory and reads the history
   * back for the report. Watch mode's reruns are edits in progress, not runs
   * to compare, so they add nothing. A history that cannot be written or read
   * is reported, and never changes how the run exits.
   */
  private recordHistory(board: Leaderboard, root: string): History {
    const dir = this.options.historyDir
    if (!dir) return { records: [], problems: [] }
    const log = (message: string) => (this.vitest ? this.vitest.logger.warn(message) : console.warn(message))
    if (!this.vitest?.config.watch) {
      try {
        const shard = this.vitest?.config.shard
        writeHistoryRecord(dir, historyRecord(board, { git: gitRevision(root), shard: shard ? { index: shard.index, count: shard.count } : null }))
      } catch (error) {
        log(`vitest-mcp-bench: could not add this run to the history in ${dir}: ${(error as Error).message}`)
      }
    }
    try {
      return readHistory(dir)
    } catch (error) {
      log(`vitest-mcp-bench: could not read the history in ${dir}: ${(error as Error).message}`)
      return { records: [], problems: [] }
    }
  }

  /** A shard's results are only a part: the gate applies when the shards are merged. */
  private gateDeferred(): string | null {
    const config = this.vitest?.config
    if (!config?.shard) return null
    const reporters = (config.reporters ?? []) as unknown[]
    const blob = reporters.some((r) => r === 'blob' || (Array.isArray(r) && r[0] === 'blob'))
    return blob ? `shard ${config.shard.index}/${config.shard.count}: the gate applies to the merged run (vitest --merge-reports), not to one shard` : null
  }
}

/**
 * The runner's task behind a reported test. Vitest keeps it on the public
 * object but out of its types; the JUnit reporter writes `annotations` from it.
 */
function rawTask(test: TestCase): { annotations: TestAnnotation[] } {
  return (test as unknown as { task: { annotations: TestAnnotation[] } }).task
}

async function* mapChunks(pieces: Iterable<string> | AsyncIterable<string>, map: (piece: string) => string): AsyncGenerator<string> {
  for await (const piece of pieces) yield map(piece)
}

function cleanErrorInPlace(error: { message: string; stack?: string }, redactor: Redactor): string {
  error.message = redactor.text(cleanText(error.message))
  if (error.stack) error.stack = redactor.text(cleanText(error.stack))
  return error.message
}
