import type { TestProject, TestSpecification } from 'vitest/node'
import type { RuntimeSettings } from '../contracts/settings.ts'
import { agentName, variantRowName } from '../lib/agent-name.ts'
import { taskTitle } from '../lib/task-title.ts'
import { collectTasks } from '../runtime/task/collect.ts'
import { countingRunner } from './counting-runner.ts'

/**
 * The tests one benchmark file will run, per agent, and the servers its tasks name for the rows that run with the
 * servers as configured (the run's server plan, src/contracts/server-plan.ts); or why they cannot be known before
 * Vitest collects the file.
 */
export type FileCount = { perAgent: Map<string, number>; servers: string[] } | { unknown: string }

/**
 * How many tests each planned benchmark file will run, counted before the run starts, so the progress display's
 * total is exact from its first line rather than a lower bound until Vitest has collected every file (which,
 * with a worker taking one file after another, is near the end of a run).
 *
 * The count imports the file in Vitest's main process (Vite's module runner, src/node/counting-runner.ts), where
 * `mcpTask` only records each task, and each task counts once per agent and trial, as mcpTask registers it. It
 * follows whatever the file runs when it is imported (loops, specs read from JSON, imported suites of tasks),
 * because it is that import.
 *
 * A count is only given where it is the one Vitest will reach; otherwise the file is `unknown`, and the display
 * marks the total a lower bound until Vitest collects it. Unknown are:
 * - a file that calls Vitest's own `describe`, `test` or `.each` (they throw outside a test worker, so nothing
 *   registered inside them is seen), or that fails to import for any other reason;
 * - a task id twice in one file (Vitest's collection fails that file);
 * - a run filtered by tags (`--tags-filter`) or by line or test id, which the count does not evaluate; a `-t`
 *   name pattern is applied to each test's name, as Vitest applies it to a test outside any `describe`.
 * - the files not counted within `budgetMs` (Vitest waits for the count before it starts a worker, so a file whose
 *   import waits on something, say the network, must not hold the run back).
 * A shard's files are the specifications it is given, so a shard counts its own files only.
 */
export async function countPlannedTasks(
  specs: ReadonlyArray<TestSpecification>,
  filters: Filters,
  budgetMs = COUNT_BUDGET_MS,
  runnerFor: (project: TestProject) => Promise<FileImporter> = countingRunner,
  /** Told each file's count as soon as it is made, before the rest are (the server plan is written from it). */
  onCounted: (spec: TestSpecification, count: FileCount) => void = () => {},
): Promise<Map<TestSpecification, FileCount>> {
  const counts = new Map<TestSpecification, FileCount>()
  const deadline = performance.now() + budgetMs
  const runners = new Map<TestProject, Promise<FileImporter>>()
  const runnerOf = (project: TestProject) => runners.get(project) ?? runners.set(project, runnerFor(project)).get(project)!
  let late = false
  try {
    // One file at a time: the collector is one global, and each file's tasks must be told apart. Once one file
    // runs late, none is counted after it: its import may still call mcpTask, into whatever collector is set.
    for (const spec of specs) {
      const count: FileCount | null = late ? null : await withDeadline(countFile(spec, filters, runnerOf), deadline - performance.now())
      late ||= count === null
      counts.set(spec, count ?? { unknown: `it was not counted within ${budgetMs / 1000} s` })
      if (count) onCounted(spec, count)
    }
  } finally {
    // The files' modules are not kept for the run: the workers import them for themselves.
    for (const runner of runners.values()) void runner.then((r) => r.close()).catch(() => {})
  }
  return counts
}

/** What imports a project's files for the count: src/node/counting-runner.ts's module runner. */
export interface FileImporter {
  import(file: string): Promise<unknown>
  close(): Promise<void>
}

/** The time the count may hold back the run's start: importing the bundled suite's 19 files takes about a second. */
const COUNT_BUDGET_MS = 10_000

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | null> {
  if (ms <= 0) return Promise.resolve(null)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

export interface Filters {
  /** Vitest's `-t`, for the whole run. */
  testNamePattern?: RegExp
  /** Vitest's `--tags-filter`, for the whole run. */
  tagsFilter?: readonly string[]
}

async function countFile(
  spec: TestSpecification,
  filters: Filters,
  runnerOf: (project: TestProject) => Promise<FileImporter>,
): Promise<FileCount> {
  if (filters.tagsFilter?.length || spec.testTagsFilter?.length) return { unknown: 'the run is filtered by tags' }
  if (spec.testLines?.length || spec.testIds?.length) return { unknown: 'the file is filtered by line or test id' }
  const settings = settingsOf(spec.project)
  if (!settings) return { unknown: 'the project has no benchmark settings' }
  let tasks: Array<{ id: string; servers: unknown }>
  try {
    const runner = await runnerOf(spec.project)
    tasks = (await collectTasks([spec.moduleId], (file) => runner.import(file))).map((t) => ({ id: t.id, servers: t.spec?.servers }))
  } catch (error) {
    return { unknown: `it could not be imported outside a test worker (${firstLine(error)})` }
  }
  if (new Set(tasks.map((t) => t.id)).size !== tasks.length) return { unknown: 'a task id occurs twice in it' }
  const pattern = spec.testNamePattern ?? filters.testNamePattern
  // A row per agent, then per agent and server variant, as mcpTask registers them.
  const names = settings.agents.map(agentName)
  const agents = [...names, ...settings.variants.flatMap((v) => names.map((agent) => variantRowName(agent, v.name)))]
  const shape = { rows: agents.length, trials: settings.trials }
  const trials = Array.from({ length: settings.trials }, (_, i) => i + 1)
  const runs = (id: string, agent: string, trial: number) => !pattern || taskTitle(id, agent, trial, shape).match(pattern) !== null
  const perAgent = new Map<string, number>()
  for (const agent of agents) {
    const n = tasks.reduce((sum, { id }) => sum + trials.filter((trial) => runs(id, agent, trial)).length, 0)
    perAgent.set(agent, (perAgent.get(agent) ?? 0) + n)
  }
  // The servers of the tasks that run in a row with the servers as configured (a variant's rows have hubs of their own).
  const servers = new Set<string>()
  for (const task of tasks) {
    const ran = names.some((agent) => trials.some((trial) => runs(task.id, agent, trial)))
    if (ran && Array.isArray(task.servers)) for (const name of task.servers) if (typeof name === 'string') servers.add(name)
  }
  return { perAgent, servers: [...servers].sort() }
}

/** The settings the plugin gave the project's workers. */
function settingsOf(project: TestProject): RuntimeSettings | undefined {
  return (project.config.environmentOptions as { mcpBench?: RuntimeSettings } | undefined)?.mcpBench
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!
}
