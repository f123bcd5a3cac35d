import { relative } from 'node:path'
import type { Reporter, TestCase, TestModule, TestRunEndReason, TestSpecification, Vitest } from 'vitest/node'
import { ProgressTally, RunPace, type Progress, type ProgressRecord } from '../src/scoring/progress.ts'
import { isLeftOut, isUnfinished } from '../src/scoring/task-record.ts'
import { cleanText, count, duration, percent, usd } from '../src/lib/text.ts'
import { countPlannedTasks, type FileCount } from '../src/node/task-count.ts'

export interface ProgressReporterOptions {
  /** The benchmark environment's path: files run in it are benchmark files. */
  environment: string
  /** Where each finished task's record comes from, as the run's referee makes it: the leaderboard reporter. */
  records: { onRecord(listener: (testId: string, record: ProgressRecord) => void): void }
  /** Milliseconds, on any clock that only goes forward; a test scripts it. */
  clock?: () => number
  /** The least time between two progress lines, in ms: the first line and the last are never held back. */
  intervalMs?: number
  /** Where the lines go; Vitest's logger by default. */
  log?: (line: string) => void
  /** Counts the planned benchmark files' tests before the run (src/node/task-count.ts); a test scripts it. */
  count?: (
    specs: ReadonlyArray<TestSpecification>,
    vitest: Vitest | undefined,
    onCounted: (spec: TestSpecification, count: FileCount) => void,
  ) => Promise<ReadonlyMap<TestSpecification, FileCount>>
  /** Told the servers each counted file's tasks name, as it is counted: the run's server plan (src/node/server-plan-file.ts). */
  planServers?: (project: string, file: string, servers: readonly string[]) => void
}

/** A line every few seconds keeps a long run's log readable (a 104-task run is one screen), and the figures fresh. */
const INTERVAL_MS = 3_000
/** How long the last line waits at the run's end for the referee's last records. A backstop, not a pace. */
const LAST_RECORDS_MS = 10_000

/**
 * Progress of a benchmark run, next to Vitest's own reporter, through Vitest's public reporter API only: tasks
 * done of the total per agent, the running pass rate, tokens and cost so far, and an ETA.
 *
 * It logs a line through `vitest.logger`: the first once the first task is scored, then at most one per interval,
 * and a last one when the run ends. That holds on a terminal too: Vitest's status window is its reporter's own,
 * with no public way to add to it, and a block drawn beside it would fight its redraws; a line logged meanwhile
 * is printed above the window by Vitest itself.
 *
 * The counts are Vitest's (a task is done when Vitest reports its result, and the run's count is the sum of the
 * agents'). The total is each planned benchmark file's tests: counted before the run starts where that count is
 * the one Vitest will reach (src/node/task-count.ts says when), and Vitest's own once it has collected the file.
 * It is exact once every file is counted or collected, marked `+` as a lower bound before, never an
 * extrapolation. Pass rate, tokens and cost are the records the run's referee makes (the leaderboard reporter
 * hands them on), through src/scoring.
 */
export class ProgressReporter implements Reporter {
  private vitest?: Vitest
  private readonly clock: () => number
  private readonly intervalMs: number
  private active = false
  private tally = new ProgressTally()
  private pace = new RunPace()
  private readonly records = new Map<string, ProgressRecord>()
  /** Tests finished, by test id, with their agent; and how many each agent has. */
  private readonly finished = new Map<string, string>()
  private readonly finishedPerAgent = new Map<string, number>()
  /** Benchmark tests collected to run, by test id, with their agent; and how many each agent has. */
  private readonly collected = new Map<string, string>()
  private readonly perAgent = new Map<string, number>()
  private readonly files = { planned: new Set<string>(), collected: new Set<string>() }
  /** Tests per agent of each planned file counted before the run and not collected by Vitest yet. */
  private readonly counted = new Map<string, ReadonlyMap<string, number>>()
  private runs = 0
  private lastLine: number | null = null
  /** The pre-count while it runs: lines wait for it (lineWaiting), and the run's last line too. */
  private counting: Promise<void> | null = null
  private lineWaiting = false
  private caughtUp: (() => void) | null = null

  constructor(private readonly options: ProgressReporterOptions) {
    this.clock = options.clock ?? (() => performance.now())
    this.intervalMs = options.intervalMs ?? INTERVAL_MS
    options.records.onRecord((testId, record) => this.onRecord(testId, record))
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  /**
   * Starts the pre-count and returns without waiting for it: Vitest waits for this hook before it starts a worker,
   * and the count imports every planned task file (src/node/counting-runner.ts), all of it ahead of the first
   * task had it been awaited. The workers start meanwhile; no progress line is written before the count is done
   * (the first comes with a finished task, and the count's budget bounds the wait), so the first line's total is
   * as exact as the count makes it. Only a Vitest's first run is pre-counted: a watch-mode rerun's total is a
   * lower bound until its files are collected.
   */
  async onTestRunStart(specifications: ReadonlyArray<TestSpecification>): Promise<void> {
    // Merging shard reports replays results that ran elsewhere: there is no progress to show.
    this.active = !this.vitest?.config.mergeReports
    this.tally = new ProgressTally()
    this.pace = new RunPace()
    for (const map of [
      this.records,
      this.finished,
      this.finishedPerAgent,
      this.collected,
      this.perAgent,
      this.files.planned,
      this.files.collected,
      this.counted,
    ])
      map.clear()
    const benchmarks = specifications.filter((s) => s.project.config.environment === this.options.environment)
    for (const s of benchmarks) this.files.planned.add(fileKey(s))
    this.lastLine = null
    if (!this.active || this.runs++ > 0 || !benchmarks.length) return
    const plan = this.options.planServers
    const onCounted = (spec: TestSpecification, c: FileCount) => {
      if (plan && 'servers' in c) plan(spec.project.name, spec.moduleId, c.servers)
    }
    const counting = (this.options.count ?? defaultCount)(benchmarks, this.vitest, onCounted)
      .then(
        (counts) => {
          for (const [spec, c] of counts)
            if ('perAgent' in c && !this.files.collected.has(fileKey(spec))) this.counted.set(fileKey(spec), c.perAgent)
        },
        () => {},
      )
      .finally(() => {
        this.counting = null
        // A task that ended while the count went on gets its line now.
        if (this.lineWaiting && this.active && !this.caughtUp) this.log(progressLine(this.snapshot(this.clock())), this.clock())
        this.lineWaiting = false
      })
    this.counting = counting
  }

  onTestModuleCollected(module: TestModule): void {
    if (!this.active || module.project.config.environment !== this.options.environment) return
    const key = fileKey(module)
    this.files.collected.add(key)
    const found = new Map<string, number>()
    for (const test of module.children.allTests()) {
      const identity = test.meta().mcpBenchTask
      // Tests left out by `-t`, `.skip` or `.only` elsewhere are collected as skipped: they will not run.
      if (identity && !isLeftOut(test.options.mode)) {
        this.collect(test.id, identity.agent)
        found.set(identity.agent, (found.get(identity.agent) ?? 0) + 1)
      }
    }
    this.uncount(key, found)
  }

  /** A file that failed to load is never collected, but it is done: it holds no more tasks to wait for. */
  onTestModuleEnd(module: TestModule): void {
    if (module.project.config.environment !== this.options.environment) return
    this.files.collected.add(fileKey(module))
    if (this.counted.has(fileKey(module))) this.uncount(fileKey(module), new Map())
  }

  /**
   * Vitest's count of a file replaces the pre-count. They agree unless the file registers different tasks from
   * one import to the next (reading the clock, a random draw, a file that changed meanwhile); then the total shown
   * as exact was not, and the line says so rather than let it pass.
   */
  private uncount(key: string, found: ReadonlyMap<string, number>): void {
    const before = this.counted.get(key)
    if (!before) return
    this.counted.delete(key)
    const sum = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((a, b) => a + b, 0)
    const same = [...new Set([...before.keys(), ...found.keys()])].every((a) => (before.get(a) ?? 0) === (found.get(a) ?? 0))
    const id = key.slice(key.indexOf('\u0000') + 1)
    const file = this.vitest?.config.root ? relative(this.vitest.config.root, id) : id
    if (!same)
      this.log(
        `mcp-bench: ${cleanText(file)} was counted at ${sum(before)} tests before the run, and Vitest collected ${sum(found)}; the total follows Vitest's count`,
        this.clock(),
      )
  }

  onTestCaseResult(test: TestCase): void {
    if (!this.active) return
    const meta = test.meta()
    const identity = meta.mcpBenchTask
    if (!identity) return
    if (isUnfinished(meta.mcpBenchOutcome, test.result().state) || this.finished.has(test.id)) return
    this.pace.end(this.clock())
    this.collect(test.id, identity.agent)
    this.finished.set(test.id, identity.agent)
    this.finishedPerAgent.set(identity.agent, (this.finishedPerAgent.get(identity.agent) ?? 0) + 1)
  }

  /** A finished task's record, as the referee made it from its result: a line, unless one was logged lately. */
  private onRecord(testId: string, record: ProgressRecord): void {
    if (!this.active) return
    const again = this.records.has(testId)
    this.records.set(testId, record)
    if (!again) this.tally.add(record)
    else {
      // A test reported twice in one run: its latest result counts, so the figures are counted afresh.
      this.tally = new ProgressTally()
      for (const r of this.records.values()) this.tally.add(r)
    }
    if (this.caughtUp && this.scoredAll()) this.caughtUp()
    else if (!this.caughtUp) {
      const now = this.clock()
      if (this.counting) this.lineWaiting = true
      else if (this.lastLine === null || now - this.lastLine >= this.intervalMs) this.log(progressLine(this.snapshot(now)), now)
    }
  }

  /** The last line, once the referee has scored every finished task (or the backstop passed). */
  async onTestRunEnd(_modules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason): Promise<void> {
    await this.counting
    this.lineWaiting = false
    if (!this.active || (this.lastLine === null && !this.finished.size && !this.collected.size)) return
    if (!this.scoredAll()) {
      await new Promise<void>((resolve) => {
        const backstop = setTimeout(resolve, LAST_RECORDS_MS)
        this.caughtUp = () => (clearTimeout(backstop), resolve())
      })
    }
    this.caughtUp = null
    const now = this.clock()
    this.log(progressLine(this.snapshot(now), reason === 'interrupted' ? 'interrupted' : 'ended'), now)
    this.active = false
  }

  private scoredAll(): boolean {
    for (const id of this.finished.keys()) if (!this.records.has(id)) return false
    return true
  }

  private log(line: string, now: number): void {
    this.lastLine = now
    if (this.options.log) this.options.log(line)
    else this.vitest?.logger.log(line)
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

  /** The run so far, through src/scoring: Vitest's collected tests, and the pre-count of the files not collected yet. */
  snapshot(now = this.clock()): Progress {
    const collected = new Map(this.perAgent)
    for (const perAgent of this.counted.values()) for (const [agent, n] of perAgent) collected.set(agent, (collected.get(agent) ?? 0) + n)
    let known = 0
    for (const key of this.files.planned) if (this.files.collected.has(key) || this.counted.has(key)) known++
    const total = [...collected.values()].reduce((a, b) => a + b, 0)
    return this.tally.progress({
      collected,
      finished: this.finishedPerAgent,
      files: { total: this.files.planned.size, collected: known },
      etaMs: this.pace.etaMs(total - this.finished.size, now),
    })
  }
}

const fileKey = (file: { project: { name: string }; moduleId: string }) => `${file.project.name}\u0000${file.moduleId}`

function defaultCount(
  specs: ReadonlyArray<TestSpecification>,
  vitest: Vitest | undefined,
  onCounted: (spec: TestSpecification, count: FileCount) => void,
): Promise<ReadonlyMap<TestSpecification, FileCount>> {
  const filters = { testNamePattern: vitest?.config.testNamePattern, tagsFilter: vitest?.config.tagsFilter }
  return countPlannedTasks(specs, filters, undefined, undefined, onCounted)
}

const total = (p: Progress) => `${p.done}/${p.total}${p.totalKnown ? '' : '+'}`

/**
 * One progress line. `end` says how the run ended (the last line); before that the line ends with the ETA,
 * `…` while there is nothing to estimate from. Task ids and agent names are the user's, so escapes are dropped.
 */
export function progressLine(p: Progress, end?: 'ended' | 'interrupted'): string {
  const state =
    end === 'interrupted'
      ? `interrupted, ${count(p.total - p.done)} not finished`
      : end
        ? p.done >= p.total
          ? 'done'
          : `ended, ${count(p.total - p.done)} not finished`
        : p.totalKnown && p.done >= p.total
          ? 'done'
          : `ETA ${p.etaMs === null ? '…' : duration(p.etaMs)}`
  const agents = p.agents
    .map((a) => ` · ${a.agent} ${a.done}/${a.collected}${p.totalKnown ? '' : '+'} pass ${percent(a.passRate)}`)
    .join('')
  return cleanText(
    `mcp-bench ${total(p)} tasks · pass ${percent(p.passRate)} · ${count(p.tokens)} tok ${usd(p.costUsd)}${agents} · ${state}`,
  )
}
