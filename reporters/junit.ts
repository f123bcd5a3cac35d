import { rmSync } from 'node:fs'
import { relative } from 'node:path'
import type { RunnerTask, SerializedError } from 'vitest'
import type { TestModule, TestRunEndReason, TestSpecification, Vitest } from 'vitest/node'
import { JUnitReporter } from 'vitest/node'
import { STATUS_PROPERTY } from './junit-properties.ts'
import { filesNotRun, notRunMessage, plannedFiles, unfinishedMessage, workerDeath } from './run-gaps.ts'
import { openAtomicFile, type AtomicFile } from '../src/lib/atomic-file.ts'

type JUnitOptions = ConstructorParameters<typeof JUnitReporter>[0]
type ClassnameTemplate = NonNullable<JUnitOptions['classnameTemplate']>

/** Statuses that are not a verdict on the agent's answer: JUnit's `<error>`, not `<failure>`. */
const ERROR_STATUSES = new Set(['errored', 'setup-error'])

/**
 * Vitest's own JUnit reporter, extended for dashboards that group and count
 * by JUnit's conventions:
 * - a benchmark task's `classname` is its agent, so each agent is one class
 *   (the file stays in the `file` attribute); other tests keep Vitest's;
 * - a task that errored (it stopped early, or could not start) is written
 *   as `<error>` and counted in `errors`, not `failures`: a crash or a
 *   timeout is not the agent giving a wrong answer.
 * - a test that never finished (the run was interrupted, or its worker
 *   died) gets an `<error>` saying so, and a planned file that never ran
 *   (its worker died first) is a testsuite with one such testcase: Vitest
 *   writes both as empty testcases, which CI counts as passed;
 * - the file is written into a temporary file renamed over it at the end,
 *   not line by line into the file itself opened at the start, so a process
 *   killed mid-write leaves no truncated XML; lines go to disk as they are
 *   made, not gathered in memory (tens of megabytes at 10,000 tasks).
 * Everything else, escaping included, is Vitest's: this class only picks
 * the classname per test and renames or adds elements, through the
 * reporter's own `classnameTemplate` and `writeElement`.
 */
export class BenchJUnitReporter extends JUnitReporter {
  /** The test being written: the classname template is called with file names only. */
  private readonly writing: { task?: RunnerTask }
  private root = process.cwd()
  private vitest?: Vitest
  /** Errored tasks per testsuite name (the file relative to the root), and over the run. */
  private errored = new Map<string, number>()
  private erroredTotal = 0
  /** Tests with no result (by id: Vitest's writer gets copies of the tasks), and why; their count per testsuite name. */
  private unfinished = new Map<string, string>()
  private unfinishedBySuite = new Map<string, { count: number; skipped: number }>()
  private planned: ReadonlyArray<TestSpecification> = []
  /** Whether Vitest's writer could be redirected here; if not, Vitest writes its own file. */
  private redirected = false
  /** The file being written in this run's onTestRunEnd. */
  private out: AtomicFile | null = null
  private formatWarmed = false

  /** The Vitest projects whose tests this file holds; unset: every project. */
  private readonly projects?: ReadonlySet<string>

  /** What must be done before the file is written: the leaderboard reporter putting each task's properties on its test. */
  private readonly after: () => Promise<void>

  constructor({ projects, after, ...options }: JUnitOptions & { projects?: ReadonlySet<string>; after?: () => Promise<void> } = {}) {
    const writing: { task?: RunnerTask } = {}
    super({ addFileAttribute: true, ...options, classnameTemplate: (vars) => classnameOf(writing.task, vars, options.classnameTemplate) })
    this.writing = writing
    this.projects = projects
    this.after = after ?? (() => Promise.resolve())
  }

  override async onInit(vitest: Vitest): Promise<void> {
    this.root = vitest.config.root
    this.vitest = vitest
    await super.onInit(vitest)
    // Vitest opened (and emptied) the file and would write it line by line: write into memory instead.
    const internals = this as unknown as JUnitInternals
    if (internals.reportFile && internals.fileFd && typeof internals.logger?.baseLog === 'function') {
      await internals.fileFd.close()
      internals.fileFd = undefined
      // An earlier run's report must not pass as this one's, whatever happens to this run.
      rmSync(internals.reportFile, { force: true })
      const collect = async (text: string) => void this.out?.write(`${text}\n`)
      internals.baseLog = collect
      internals.logger.baseLog = collect
      this.redirected = true
    }
  }

  async onTestRunStart(specifications: ReadonlyArray<TestSpecification>): Promise<void> {
    this.planned = (await plannedFiles(this.vitest, specifications)).filter((s) => this.ownProject(s.project.name))
    this.formatWarmed = false
  }

  /**
   * Vitest's writer formats every test's time with `toLocaleString`, and the first such call loads ICU's number
   * formatting, far slower than the calls after it. Made at the first result, while the main process mostly
   * waits on the workers, not after the last test, when the run waits on this file.
   */
  onTestCaseResult(): void {
    if (this.formatWarmed) return
    this.formatWarmed = true
    setTimeout(() => void (0.5).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 10 }), 0).unref()
  }

  private ownProject(name: string): boolean {
    return !this.projects || this.projects.has(name)
  }

  override async onTestRunEnd(allModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = [], reason?: TestRunEndReason): Promise<void> {
    await this.after()
    const modules = allModules.filter((m) => this.ownProject(m.project.name))
    this.errored = new Map()
    this.erroredTotal = 0
    this.unfinished = new Map()
    this.unfinishedBySuite = new Map()
    const cause = workerDeath(unhandledErrors) ?? (reason === 'interrupted' ? 'the run was interrupted' : null)
    for (const module of modules) {
      const suite = relative(this.root, module.moduleId)
      const tests = [...module.children.allTests()]
      const n = tests.filter((t) => t.result().state === 'failed' && hasErrorStatus(t.annotations())).length
      if (n) {
        this.errored.set(suite, n)
        this.erroredTotal += n
      }
      for (const test of tests) {
        if (test.result().state === 'pending' || hasStatus(test.annotations(), 'unfinished')) this.markUnfinished(rawTest(test), suite, unfinishedMessage(cause))
      }
    }
    const notRun = (cause ? filesNotRun(this.planned, modules) : []).map((spec) => this.notRunModule(spec, notRunMessage(cause)))
    const file = (this as unknown as JUnitInternals).reportFile
    this.out = this.redirected && file ? openAtomicFile(file) : null
    try {
      // Files in one order (project, then path, by code unit): a run, its shards merged and any schedule write the same file.
      const key = (m: TestModule) => `${m.project.name}\u0000${relative(this.root, m.moduleId)}`
      await super.onTestRunEnd([...modules, ...notRun].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)))
      this.out?.commit()
    } catch (error) {
      this.out?.discard()
      throw error
    } finally {
      this.out = null
    }
  }

  private markUnfinished(task: RunnerTask, suite: string, message: string): void {
    this.unfinished.set(task.id, message)
    const counts = this.unfinishedBySuite.get(suite) ?? { count: 0, skipped: 0 }
    counts.count++
    if (isSkipMode(task.mode)) counts.skipped++
    this.unfinishedBySuite.set(suite, counts)
  }

  /**
   * A planned file that never ran, as Vitest's JUnit writer reads a module: one testcase named after the
   * file, with no result, marked unfinished (its `<error>` says why).
   */
  private notRunModule(spec: TestSpecification, message: string): TestModule {
    const name = relative(this.root, spec.moduleId)
    const file = { type: 'suite', id: `not-run:${name}`, name, filepath: spec.moduleId, projectName: spec.project.name, mode: 'run', meta: {}, tasks: [] as unknown[] } as unknown as RunnerTask & { tasks: unknown[] }
    const test = { type: 'test', id: `${file.id}:file`, name: `${name} (not run)`, mode: 'run', meta: {}, annotations: [], artifacts: [], file, suite: file } as unknown as RunnerTask
    file.tasks.push(test)
    this.markUnfinished(test, name, message)
    return { task: file } as unknown as TestModule
  }

  /** One test at a time, so the classname template knows which test it names. */
  override async writeTasks(tasks: RunnerTask[], filename: string): Promise<void> {
    for (const task of tasks) {
      this.writing.task = task
      // An interrupt marks the tests it cancelled skipped; one that was to run and has no result is an error, not a skip.
      const written = this.unfinished.has(task.id) && isSkipMode(task.mode) ? ({ ...task, mode: 'run' } as RunnerTask) : task
      try {
        await super.writeTasks([written], filename)
      } finally {
        this.writing.task = undefined
      }
    }
  }

  override async writeElement(name: string, attrs: Record<string, unknown>, children: () => Promise<void>): Promise<void> {
    const task = this.writing.task
    if (name === 'failure' && task && isErroredTask(task)) return super.writeElement('error', attrs, children)
    if (name === 'testcase' && task && this.unfinished.has(task.id)) {
      const message = this.unfinished.get(task.id)!
      return super.writeElement(name, attrs, async () => {
        await children()
        await super.writeElement('error', { message, type: 'Unfinished' }, async () => {})
      })
    }
    if (name === 'testsuite') {
      const suite = String(attrs.name)
      return super.writeElement(name, recount(attrs, this.errored.get(suite) ?? 0, this.unfinishedBySuite.get(suite)), children)
    }
    if (name === 'testsuites') {
      const all = [...this.unfinishedBySuite.values()].reduce((a, b) => ({ count: a.count + b.count, skipped: a.skipped + b.skipped }), { count: 0, skipped: 0 })
      return super.writeElement(name, recount(attrs, this.erroredTotal, all), children)
    }
    return super.writeElement(name, attrs, children)
  }
}

/** A benchmark task's classname is its agent; any other test's is what Vitest (or the user's template) makes it. */
function classnameOf(task: RunnerTask | undefined, vars: { filename: string; filepath: string }, template: ClassnameTemplate | undefined): string {
  const agent = task?.meta?.mcpBenchTask?.agent
  if (agent !== undefined) return agent
  if (typeof template === 'function') return template(vars)
  if (typeof template === 'string') return template.replace(/\{filename\}/g, vars.filename).replace(/\{filepath\}/g, vars.filepath)
  return vars.filename
}

/** A failed benchmark test whose record says it errored (the leaderboard reporter wrote the status as a property). */
function isErroredTask(task: RunnerTask): boolean {
  return task.type === 'test' && task.result?.state === 'fail' && hasErrorStatus(task.annotations)
}

function hasErrorStatus(annotations: ReadonlyArray<{ type: string; message: string }>): boolean {
  return annotations.some((a) => a.type === STATUS_PROPERTY && ERROR_STATUSES.has(a.message))
}

function hasStatus(annotations: ReadonlyArray<{ type: string; message: string }>, status: string): boolean {
  return annotations.some((a) => a.type === STATUS_PROPERTY && a.message === status)
}

/** The runner's task behind a reported test (Vitest keeps it on the public object, out of its types). */
function rawTest(test: { readonly id: string }): RunnerTask {
  return (test as unknown as { task: RunnerTask }).task
}

const isSkipMode = (mode: string) => mode === 'skip' || mode === 'todo'

/**
 * Counts `moved` of a testsuite's failures as errors instead, and its
 * unfinished tests as errors (Vitest counted them as passed, or as skipped).
 * The `testsuites` element has no `skipped` attribute; it gets none.
 */
function recount(attrs: Record<string, unknown>, moved: number, unfinished = { count: 0, skipped: 0 }): Record<string, unknown> {
  if (!moved && !unfinished.count) return attrs
  const counted = { ...attrs, failures: Number(attrs.failures ?? 0) - moved, errors: Number(attrs.errors ?? 0) + moved + unfinished.count }
  return attrs.skipped === undefined ? counted : { ...counted, skipped: Number(attrs.skipped) - unfinished.skipped }
}

/** The private parts of Vitest's JUnit reporter this class redirects (checked by shape before use). */
interface JUnitInternals {
  reportFile?: string
  fileFd?: { close(): Promise<void> }
  baseLog: (text: string) => Promise<void>
  logger?: { baseLog: (text: string) => Promise<void> }
}
