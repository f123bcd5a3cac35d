import { join, relative } from 'node:path'
import type { TestAnnotation } from 'vitest'
import { baselineComparison } from '../../src/node/baseline.ts'
import { gitRevision } from '../../src/node/history/git.ts'
import { historyRecord } from '../../src/node/history/record.ts'
import { readHistory, writeHistoryRecord, type History } from '../../src/node/history/store.ts'
import type { Leaderboard, TaskFileIntegrity, TaskRecord } from '../../src/contracts/leaderboard.ts'
import type { TaskOutcome } from '../../src/contracts/outcome.ts'
import type { Trajectory } from '../../src/contracts/trajectory.ts'
import { writeChunksAtomic } from '../../src/lib/atomic-file.ts'
import { prettyJsonChunks, prettyJsonItem } from '../../src/lib/json-chunks.ts'
import { createRedactor, redactShared, type Redactor } from '../../src/lib/redact.ts'
import { gateConfigured } from '../../src/scoring/gate.ts'
import { buildLeaderboard } from '../../src/scoring/leaderboard.ts'
import { canonicalOrder } from '../../src/scoring/canonical-order.ts'
import { markDuplicates } from '../../src/scoring/duplicates.ts'
import { isUnfinished } from '../../src/scoring/task-record.ts'
import { progressRecord, type ProgressRecord } from '../../src/scoring/progress.ts'
import { exitVerdict } from '../exit-verdict.ts'
import { junitProperties, STATUS_PROPERTY } from '../junit-properties.ts'
import { recordAnnotations, REPORT_FILE } from '../../src/scoring/task-annotations.ts'
import { leaderboardMarkdown } from '../markdown.ts'
import { PreparedRows } from '../prepared-rows.ts'
import { formatSummary } from '../summary.ts'
import { recordOf, validOutcome } from '../task-outcome.ts'
import { trajectoryKey } from '../trajectory-key.ts'
import type { Gate } from '../../src/contracts/options.ts'
import type { Prices } from '../../src/contracts/prices.ts'

/** The report files the referee owns in the output directory (junit.xml is the JUnit reporter's). */
export const REPORT_FILES = ['leaderboard.json', 'summary.md', REPORT_FILE] as const

/** What the referee knows of the run before the first result: the reports' options and the run's secrets. */
export interface RefereeSettings {
  outputDir: string
  root: string
  gate: Gate
  prices: Prices
  historyDir: string | null
  /** Values the reports must never hold (API keys, expanded `${VAR}`s), with what to show instead. */
  secrets: Array<{ value: string; label: string }>
  watch: boolean
  shard: { index: number; count: number } | null
}

/** One benchmark test's result, as plain data. */
export interface TestItem {
  /** The test's file within its project: in watch mode a file that reran replaces its own results. */
  key: string
  testId: string
  file: string
  /** Its full name, as the list of unfinished tests names it. */
  name: string
  identity: { taskId: string; agent: string; trial: number }
  state: string
  /** Its error messages as the reports show them (cleaned and redacted). */
  errors: string[]
  durationMs: number
  /** The record its worker sent, unchecked (validating it is the referee's job); undefined: it sent none (its worker died). */
  outcome: unknown
}

/** The end of a run, what only Vitest's main process knows: the files, the interruptions, the other failures. */
export interface RunEnd {
  files: Array<{ key: string; tests: TestItem[] }>
  fileErrors: Array<{ file: string; error: string }>
  unfinished: Array<{ file: string; name: string }>
  /** Tasks not started, and why (the budget). */
  notRun?: NonNullable<Leaderboard['notRun']>
  /** The run's budget, when it had one. */
  budget?: Leaderboard['budget']
  interruption: string | null
  interruptCode: number | null
  workerDied: boolean
  otherFailures: number
  unhandledErrors: number
  gateDeferred: string | null
  /** The task files hashed at the start and at the end (src/node/task-file-integrity.ts); absent when none ran. */
  integrity?: TaskFileIntegrity
}

/** Each task's JUnit properties, by test id. */
export type Properties = Map<string, TestAnnotation[]>

/** The referee's answer to the end of a run. `code` and `summary` are null when the run held no benchmark test. */
export interface Verdict {
  code: number | null
  summary: string | null
  /** What the main process is to print: a report that could not be written, a history that could not be read. */
  logs: Array<{ level: 'warn' | 'error'; message: string }>
}

/** One task's latest result in this Vitest session. */
interface Seen {
  record: TaskRecord
  trajectory: Trajectory | null
}

/**
 * The referee of a run, in Vitest's main process: it validates each benchmark test's outcome as it arrives,
 * scores it into its leaderboard record (src/scoring), makes its rows of the reports, and at the end of the run
 * builds the leaderboard, writes leaderboard.json, summary.md, report.html and the history, and gives each task's
 * JUnit properties and the verdict: the exit code and the summary to print.
 *
 * It reads plain data (the types above), never Vitest's objects: the leaderboard reporter (reporters/leaderboard.ts)
 * turns Vitest's public reporter API into them.
 */
export class Referee {
  private readonly redactor: Redactor
  /**
   * In watch mode the reports keep the latest result of every task seen, not just the files that reran. By
   * file (project and path), then test id: a file that reran replaces its own entries at once.
   */
  private readonly seen = new Map<string, Map<string, Seen>>()
  /** Each task's row of report.html and its record in leaderboard.json, made as its result arrives. */
  private readonly prepared: PreparedRows
  private readonly preparedJson: PreparedRows
  private rowMaker?: Promise<typeof import('../html/task-table.ts')>

  constructor(private readonly settings: RefereeSettings) {
    this.redactor = sharingRedactor(createRedactor(settings.secrets))
    this.prepared = new PreparedRows(settings.outputDir)
    this.preparedJson = new PreparedRows(settings.outputDir)
  }

  /**
   * A benchmark test's result as it arrives: its rows of the reports made now, while the run goes on, rather than
   * at its end, and what the progress display shows of its record (null while it is unfinished). The outcome is
   * validated once: the end of the run, handed the same object, reuses it (validOutcome).
   */
  async result(item: TestItem): Promise<ProgressRecord | null> {
    const { outcome, record } = this.taskOf(item)
    if (!record) return null
    this.rowMaker ??= import('../html/task-table.ts')
    const rows = await this.rowMaker
    // Made as the end of the run makes them: from the record as the board shows it (redacted), then redacted whole.
    const shown = this.redactor.deep(record)
    this.prepared.put(record, this.redactor.text(rows.pageRowText(shown, outcome.trajectory)))
    this.preparedJson.put(record, this.redactor.text(prettyJsonItem(shown)))
    return progressRecord(shown)
  }

  /**
   * The end of the run: the reports, the history and the verdict. Each task's JUnit properties go to
   * `onProperties` first, before the reports are written, so the JUnit reporter can write its file meanwhile.
   */
  async end(run: RunEnd, onProperties: (properties: Properties) => void): Promise<Verdict> {
    const logs: Verdict['logs'] = []
    const properties: Properties = new Map()
    for (const file of run.files) {
      const fileSeen = new Map<string, Seen>()
      this.seen.set(file.key, fileSeen)
      for (const item of file.tests) {
        const { outcome, record } = this.taskOf(item)
        if (!record) {
          // A test whose outcome turned out not to say why it was skipped: it did not finish, and is listed so.
          run.unfinished.push({ file: item.file, name: item.name })
          properties.set(item.testId, [{ type: STATUS_PROPERTY, message: 'unfinished' }])
          continue
        }
        fileSeen.set(item.testId, { record, trajectory: outcome.trajectory })
        properties.set(item.testId, [...recordAnnotations(outcome, record), ...junitProperties(record)])
      }
    }
    onProperties(properties)
    const seen = [...this.seen.values()].flatMap((file) => [...file.values()])
    if (seen.length === 0 && run.fileErrors.length === 0 && run.unfinished.length === 0 && !run.notRun?.length)
      return { code: null, summary: null, logs }
    // In the board's canonical order (file, task, agent, trial): writeReports maps board.tasks back to these by index.
    const records = canonicalOrder(markDuplicates(seen.map((s) => s.record)))
    const { gate, root } = this.settings
    const baseline = run.gateDeferred ? null : await baselineComparison(gate, { tasks: records }, root)
    const board = this.redactor.deep(
      buildLeaderboard({
        records,
        fileErrors: run.fileErrors,
        interrupted: run.interruption !== null,
        interruption: run.interruption,
        unfinished: run.unfinished,
        ...(run.notRun ? { notRun: run.notRun } : {}),
        ...(run.budget ? { budget: run.budget } : {}),
        gate,
        gateDeferred: run.gateDeferred,
        baseline: baseline?.regression ?? null,
        ...(run.integrity ? { integrity: run.integrity } : {}),
      }),
    )
    const unwritten = await this.writeReports(board, records, seen, baseline?.comparison ?? null, logs)
    const verdict = exitVerdict(board, {
      gateConfigured: gateConfigured(gate),
      otherFailures: run.otherFailures,
      unhandledErrors: run.unhandledErrors,
      unwritten,
      interruptCode: run.interruptCode ?? undefined,
      workerDied: run.workerDied,
    })
    const summary = formatSummary(board, relative(root, join(this.settings.outputDir, 'leaderboard.json')), verdict.reason)
    return { code: verdict.code, summary, logs }
  }

  /**
   * Each report is written as it is made, piece by piece (at 10,000 tasks a report is tens of megabytes, never one
   * string in memory), and on its own: one that fails (a full disk, a piece that cannot be made) is named, fails
   * the run, and does not stop the others. Redaction goes piece by piece too: a piece is a whole value.
   */
  private async writeReports(
    board: Leaderboard,
    records: TaskRecord[],
    seen: Seen[],
    comparison: Parameters<typeof import('../html.ts').leaderboardHtmlChunks>[0]['comparison'],
    logs: Verdict['logs'],
  ): Promise<string[]> {
    const trajectories = new Map(seen.map((s) => [trajectoryKey(s.record), s.trajectory]))
    // Each task on the (redacted) board, by the record it was made from: the key its prepared row is kept by.
    const boardSource = new Map(board.tasks.map((t, i) => [t, records[i]!]))
    const unwritten: string[] = []
    const { prepared, preparedJson, redactor } = this
    const write = async (file: string, pieces: () => Iterable<string> | AsyncIterable<string>) => {
      try {
        await writeChunksAtomic(
          join(this.settings.outputDir, file),
          mapChunks(pieces(), (piece) => redactor.text(piece)),
        )
      } catch (error) {
        unwritten.push(file)
        logs.push({
          level: 'error',
          message: `vitest-mcp-bench: could not write ${file}: ${(error as Error).stack ?? (error as Error).message}`,
        })
      }
    }
    await write('leaderboard.json', function* () {
      yield* prettyJsonChunks(board, 'tasks', (t) => preparedJson.get(boardSource.get(t as TaskRecord) ?? (t as TaskRecord)))
      yield '\n'
    })
    await write('summary.md', () => [leaderboardMarkdown(board)])
    const history = this.recordHistory(board, logs)
    // Loaded there, not at config time: the report's charting library is only paid for when a report is written.
    await write(REPORT_FILE, async function* () {
      const { leaderboardHtmlChunks } = await import('../html.ts')
      yield* leaderboardHtmlChunks({ board, trajectories, comparison, history, preparedRow: (t) => prepared.get(boardSource.get(t) ?? t) })
    })
    // Watch mode's next report reuses the rows of the tasks that do not rerun; a single run is done with them.
    if (!this.settings.watch) {
      prepared.close()
      preparedJson.close()
    }
    return unwritten
  }

  /** A benchmark test's outcome, validated, and its record; no record when the test never finished. */
  private taskOf(item: TestItem): { outcome: TaskOutcome; record: TaskRecord | null } {
    const outcome = validOutcome(item.outcome, item.identity, item.file, item.errors)
    if (isUnfinished(outcome, item.state)) return { outcome, record: null }
    return {
      outcome,
      record: recordOf(
        outcome,
        { state: item.state as 'passed' | 'failed' | 'skipped', errors: item.errors, durationMs: item.durationMs },
        this.settings.prices,
      ),
    }
  }

  /**
   * Adds this run's record to the history directory and reads the history back for the report. Watch mode's
   * reruns are edits in progress, not runs to compare, so they add nothing. A history that cannot be written or
   * read is reported, and never changes how the run exits.
   */
  private recordHistory(board: Leaderboard, logs: Verdict['logs']): History {
    const { historyDir: dir, watch, shard, root } = this.settings
    if (!dir) return { records: [], problems: [] }
    if (!watch) {
      try {
        writeHistoryRecord(dir, historyRecord(board, { git: gitRevision(root), shard }))
      } catch (error) {
        logs.push({
          level: 'warn',
          message: `vitest-mcp-bench: could not add this run to the history in ${dir}: ${(error as Error).message}`,
        })
      }
    }
    try {
      return readHistory(dir)
    } catch (error) {
      logs.push({ level: 'warn', message: `vitest-mcp-bench: could not read the history in ${dir}: ${(error as Error).message}` })
      return { records: [], problems: [] }
    }
  }

  /** Removes the prepared rows' temporary files. */
  close(): void {
    this.prepared.close()
    this.preparedJson.close()
  }
}

/**
 * The leaderboard is redacted once it is built and then only read: the redaction shares what holds no secret
 * instead of copying the whole board, so the referee does not hold two boards while it writes the reports.
 */
function sharingRedactor(redactor: Redactor): Redactor {
  return { ...redactor, deep: (value) => redactShared(value, redactor.text) }
}

async function* mapChunks(pieces: Iterable<string> | AsyncIterable<string>, map: (piece: string) => string): AsyncGenerator<string> {
  for await (const piece of pieces) yield map(piece)
}
