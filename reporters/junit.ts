import { relative } from 'node:path'
import type { RunnerTask } from 'vitest'
import type { TestModule, Vitest } from 'vitest/node'
import { JUnitReporter } from 'vitest/node'
import { STATUS_PROPERTY } from './junit-properties.ts'

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
 * Everything else, escaping included, is Vitest's: this class only picks
 * the classname per test and renames the element, through the reporter's
 * own `classnameTemplate` and `writeElement`.
 */
export class BenchJUnitReporter extends JUnitReporter {
  /** The test being written: the classname template is called with file names only. */
  private readonly writing: { task?: RunnerTask }
  private root = process.cwd()
  /** Errored tasks per testsuite name (the file relative to the root), and over the run. */
  private errored = new Map<string, number>()
  private erroredTotal = 0

  constructor(options: JUnitOptions = {}) {
    const writing: { task?: RunnerTask } = {}
    super({ addFileAttribute: true, ...options, classnameTemplate: (vars) => classnameOf(writing.task, vars, options.classnameTemplate) })
    this.writing = writing
  }

  override async onInit(vitest: Vitest): Promise<void> {
    this.root = vitest.config.root
    await super.onInit(vitest)
  }

  override async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    this.errored = new Map()
    this.erroredTotal = 0
    for (const module of modules) {
      const n = [...module.children.allTests()].filter((t) => t.result().state === 'failed' && hasErrorStatus(t.annotations())).length
      if (!n) continue
      this.errored.set(relative(this.root, module.moduleId), n)
      this.erroredTotal += n
    }
    await super.onTestRunEnd(modules)
  }

  /** One test at a time, so the classname template knows which test it names. */
  override async writeTasks(tasks: RunnerTask[], filename: string): Promise<void> {
    for (const task of tasks) {
      this.writing.task = task
      try {
        await super.writeTasks([task], filename)
      } finally {
        this.writing.task = undefined
      }
    }
  }

  override async writeElement(name: string, attrs: Record<string, unknown>, children: () => Promise<void>): Promise<void> {
    if (name === 'failure' && this.writing.task && isErroredTask(this.writing.task)) return super.writeElement('error', attrs, children)
    if (name === 'testsuite') return super.writeElement(name, moveToErrors(attrs, this.errored.get(String(attrs.name)) ?? 0), children)
    if (name === 'testsuites') return super.writeElement(name, moveToErrors(attrs, this.erroredTotal), children)
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

/** Counts `n` of a testsuite's failures as errors instead. */
function moveToErrors(attrs: Record<string, unknown>, n: number): Record<string, unknown> {
  if (!n) return attrs
  return { ...attrs, failures: Number(attrs.failures ?? 0) - n, errors: Number(attrs.errors ?? 0) + n }
}
