import { rmSync } from 'node:fs'
import { hostname } from 'node:os'
import { relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import type { SerializedError, TestAnnotation, UserConsoleLog } from 'vitest'
import type { Reporter, TestCase, TestModule, TestRunEndReason, TestSpecification, Vitest } from 'vitest/node'
import XMLBuilder from 'fast-xml-builder'
import { NOT_RUN_STATUS, STATUS_PROPERTY } from './junit-properties.ts'
import { isHarnessAnnotation, PREFIX } from '../src/scoring/task-annotations.ts'
import { filesNotRun, notRunMessage, plannedFiles, unfinishedMessage, workerDeath } from './run-gaps.ts'
import { openAtomicFile } from '../src/lib/atomic-file.ts'
import { neutraliseBidi } from '../src/lib/text.ts'

export interface JUnitOptions {
  /** Where the report goes; replaced whole at the end of each run, never written through a link. */
  outputFile: string
  /** The `<testsuites>` element's name. */
  suiteName: string
  /** The Vitest projects whose tests this file holds; unset: every project. */
  projects?: ReadonlySet<string>
  /** Each benchmark task's properties by test id (the leaderboard reporter's), once the end of the run has them. */
  properties?: () => Promise<ReadonlyMap<string, readonly TestAnnotation[]>>
  /** Takes the run's secrets out of every text the report holds (console output and errors included). */
  redact?: (text: string) => string
  /** On a resumed run, a kept task's result by test id (its test was skipped in its place). */
  kept?: (testId: string) => { state: string; errors: string[] } | undefined
}

/** Statuses that are not a verdict on the agent's answer: JUnit's `<error>`, not `<failure>`. */
const ERROR_STATUSES = new Set(['errored', 'setup-error'])

/** One `<testcase>` as it is written. */
interface Case {
  name: string
  classname: string
  file: string
  seconds: number
  /** `failure`: a wrong answer or a failing check; `error`: the task errored or never finished. */
  outcome: 'passed' | 'skipped' | 'failure' | 'error'
  problems: Array<{ message: string; type: string; body?: string }>
  /** Why a skipped case was skipped, when the harness knows (a task not run for the budget). */
  skipped?: string
  properties: readonly TestAnnotation[]
  logs?: { stdout: string[]; stderr: string[] }
}

/**
 * The run's junit.xml, written from Vitest's public reporter API (test modules, cases, suites and their results)
 * with an XML library, for dashboards that group and count by JUnit's conventions:
 * - a benchmark task's `classname` is its agent, so each agent is one class (the file is in the `file`
 *   attribute); any other test's is its file, as in Vitest's own JUnit reporter;
 * - its properties are the harness's annotations and the leaderboard record's figures, both from the record
 *   (task-annotations.ts, junit-properties.ts), with the test's own annotations between them;
 * - a task that errored (it stopped early, or could not start) is an `<error>` counted in `errors`, not a
 *   `<failure>`: a crash or a timeout is not the agent giving a wrong answer;
 * - a task not started because the run's budget was spent is `<skipped>` with that message; a task kept by a
 *   resumed run is written as its kept result;
 * - a test that never finished (the run was interrupted, or its worker died) is an `<error>` saying so, and a
 *   planned file that never ran is a testsuite with one such testcase, rather than a test that passed;
 * - the file goes into a temporary file renamed over the report at the end: a process killed mid-write leaves
 *   no truncated XML, and a link planted where the report goes is replaced, never written through. Elements go
 *   to disk as they are made, not gathered in memory (tens of megabytes at 10,000 tasks).
 */
export class BenchJUnitReporter implements Reporter {
  private vitest?: Vitest
  private planned: ReadonlyArray<TestSpecification> = []
  /** Console output by test id, as Vitest's JUnit reporter writes it (`<system-out>`, `<system-err>`). */
  private logs = new Map<string, { stdout: string[]; stderr: string[] }>()
  private started = new Date()

  constructor(private readonly options: JUnitOptions) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest
    // An earlier run's report must not pass as this one's, whatever happens to this run.
    rmSync(this.options.outputFile, { force: true })
  }

  async onTestRunStart(specifications: ReadonlyArray<TestSpecification>): Promise<void> {
    this.planned = (await plannedFiles(this.vitest, specifications)).filter((s) => this.ownProject(s.project.name))
    this.logs = new Map()
    this.started = new Date()
  }

  onUserConsoleLog(log: UserConsoleLog): void {
    if (!log.taskId) return
    const logs = this.logs.get(log.taskId) ?? { stdout: [], stderr: [] }
    logs[log.type].push(log.content)
    this.logs.set(log.taskId, logs)
  }

  private ownProject(name: string): boolean {
    return !this.options.projects || this.options.projects.has(name)
  }

  async onTestRunEnd(
    allModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError> = [],
    reason?: TestRunEndReason,
  ): Promise<void> {
    const properties = (await this.options.properties?.()) ?? new Map<string, readonly TestAnnotation[]>()
    const root = this.vitest?.config.root ?? process.cwd()
    const modules = allModules.filter((m) => this.ownProject(m.project.name))
    const cause = workerDeath(unhandledErrors) ?? (reason === 'interrupted' ? 'the run was interrupted' : null)
    const keyed: Array<{ key: string; suite: Suite }> = modules.map((module) => {
      const file = relative(root, module.moduleId)
      return {
        key: `${module.project.name}\u0000${file}`,
        suite: { name: file, seconds: seconds(module.diagnostic().duration), cases: () => this.casesOf(module, file, properties, cause) },
      }
    })
    for (const spec of cause ? filesNotRun(this.planned, modules) : []) {
      const file = relative(root, spec.moduleId)
      const notRun: Case = {
        name: `${file} (not run)`,
        classname: file,
        file,
        seconds: 0,
        outcome: 'error',
        problems: [{ message: notRunMessage(cause), type: 'Unfinished' }],
        properties: [],
      }
      keyed.push({ key: `${spec.project.name}\u0000${file}`, suite: { name: file, seconds: 0, cases: () => [notRun] } })
    }
    // Files in one order (project, then path, by code unit): a run, its shards merged and any schedule write the same file.
    const suites = keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((k) => k.suite)
    const out = openAtomicFile(this.options.outputFile)
    const redact = this.options.redact ?? ((t: string) => t)
    try {
      writeReport(out.write, (value) => xmlText(neutraliseBidi(redact(value))), this.options.suiteName, suites, {
        timestamp: this.started.toISOString(),
        hostname: hostname(),
      })
      out.commit()
    } catch (error) {
      out.discard()
      throw error
    }
  }

  /** A module's testcases: its tests, then its suites whose hooks failed; a file that failed to load is one testcase. */
  private *casesOf(
    module: TestModule,
    file: string,
    properties: ReadonlyMap<string, readonly TestAnnotation[]>,
    cause: string | null,
  ): Generator<Case> {
    let tests = 0
    for (const test of module.children.allTests()) {
      tests++
      yield this.caseOf(test, file, properties.get(test.id) ?? [], cause)
    }
    for (const suite of module.children.allSuites()) {
      const errors = suite.errors()
      if (errors.length)
        yield { name: suite.fullName, classname: file, file, seconds: 0, outcome: 'failure', problems: errors.map(problem), properties: [] }
    }
    const loadErrors = module.errors()
    if (tests === 0 && loadErrors.length)
      yield {
        name: file,
        classname: file,
        file,
        seconds: seconds(module.diagnostic().duration),
        outcome: 'failure',
        problems: loadErrors.map(problem),
        properties: [],
      }
  }

  private caseOf(test: TestCase, file: string, record: readonly TestAnnotation[], cause: string | null): Case {
    const result = test.result()
    const status = record.find((a) => a.type === STATUS_PROPERTY)?.message
    const base = {
      name: test.fullName,
      classname: test.meta().mcpBenchTask?.agent ?? file,
      file,
      seconds: seconds(test.diagnostic()?.duration),
      properties: withOwnAnnotations(record, test.annotations()),
      logs: this.logs.get(test.id),
    }
    // Cancelled by an interrupt (Vitest marks such tests skipped) or cut off by a dead worker: it has no result.
    if (result.state === 'pending' || status === 'unfinished')
      return { ...base, outcome: 'error', problems: [{ message: unfinishedMessage(cause), type: 'Unfinished' }] }
    if (status === NOT_RUN_STATUS)
      return { ...base, outcome: 'skipped', problems: [], skipped: "not run (budget): the run's budget was spent before this task started" }
    // Kept from the run being resumed: the test was skipped, and the kept result is the task's.
    const kept = test.meta().mcpBenchKept ? this.options.kept?.(test.id) : undefined
    if (kept && status) return keptCase(base, kept, status)
    if (result.state === 'skipped') return { ...base, outcome: 'skipped', problems: [] }
    if (result.state === 'passed') return { ...base, outcome: 'passed', problems: [] }
    const errored = status !== undefined && ERROR_STATUSES.has(status)
    return { ...base, outcome: errored ? 'error' : 'failure', problems: (result.errors ?? []).map(problem) }
  }
}

/**
 * A task's properties as written: the harness's annotations (made from its record), the test's own annotations
 * (its checks' `annotate` calls, in the order made), then the rest of the record. `mcp-bench.*` is the harness's
 * namespace, and the record is its only source: the copies the worker made (the `annotate` setting) are the
 * record's already, and an annotation a task's code made under that name (`mcp-bench.costUsd`, say) would pass
 * for the harness's figure, so neither is written.
 */
function withOwnAnnotations(record: readonly TestAnnotation[], annotations: readonly TestAnnotation[]): TestAnnotation[] {
  const harness = record.filter((a) => isHarnessAnnotation(a.type))
  const rest = record.filter((a) => !isHarnessAnnotation(a.type))
  return [...harness, ...annotations.filter((a) => !a.type.startsWith(PREFIX)), ...rest]
}

interface Suite {
  name: string
  seconds: number
  cases: () => Iterable<Case>
}

/** An element as fast-xml-builder takes it: attributes under `@_`, text under `#text`, children by tag. */
type XmlObject = { [key: string]: string | XmlObject | XmlObject[] }

/**
 * Writes the document suite by suite: a suite's counts come first (its attributes), so each suite's cases are
 * made twice, once to count and once to write, and only one suite's elements are held at a time (the whole
 * document is tens of megabytes at 10,000 tasks). fast-xml-builder escapes every text and attribute value.
 */
function writeReport(
  write: (text: string) => void,
  text: (value: string) => string,
  name: string,
  suites: Suite[],
  stamp: { timestamp: string; hostname: string },
): void {
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
  })
  const counted = suites.map((suite) => ({ suite, counts: count(suite.cases()) }))
  const total = counted.reduce(
    (a, { counts: c }) => ({ tests: a.tests + c.tests, failures: a.failures + c.failures, errors: a.errors + c.errors }),
    { tests: 0, failures: 0, errors: 0 },
  )
  const root = { '@_name': text(name), ...attrs(total), '@_time': time(suites.reduce((sum, s) => sum + s.seconds, 0)) }
  // The root's open and close tags around the suites: built by the library with a placeholder child, then split.
  const [open, close] = (builder.build({ testsuites: { ...root, '#text': ROOT_PLACEHOLDER } }) as string).split(ROOT_PLACEHOLDER) as [
    string,
    string,
  ]
  write(`<?xml version="1.0" encoding="UTF-8"?>\n${open.trimEnd()}\n`)
  for (const { suite, counts } of counted) {
    const testcase = [...suite.cases()].map((c) => caseElement(c, text))
    const element = {
      '@_name': text(suite.name),
      '@_timestamp': stamp.timestamp,
      '@_hostname': text(stamp.hostname),
      ...attrs(counts),
      '@_skipped': String(counts.skipped),
      '@_time': time(suite.seconds),
      testcase,
    }
    // Not indented into the root: a prefix on each line would change multi-line texts (stacks, console output).
    write(builder.build({ testsuite: element }) as string)
  }
  write(`${close.trim()}\n`)
}

/** A marker no text of the report holds: xmlText takes control characters out of every value. */
const ROOT_PLACEHOLDER = '\u0001suites\u0001'

function caseElement(c: Case, text: (value: string) => string): XmlObject {
  const element: XmlObject = { '@_classname': text(c.classname), '@_file': text(c.file), '@_name': text(c.name), '@_time': time(c.seconds) }
  if (c.properties.length)
    element.properties = { property: c.properties.map((p) => ({ '@_name': text(p.type), '@_value': text(p.message) })) }
  if (c.outcome === 'skipped') element.skipped = c.skipped ? { '@_message': text(c.skipped) } : {}
  const problems = c.problems.map((p) => ({
    '@_message': text(p.message),
    '@_type': text(p.type),
    ...(p.body ? { '#text': text(p.body) } : {}),
  }))
  if (problems.length) element[c.outcome === 'error' ? 'error' : 'failure'] = problems
  for (const stream of ['stdout', 'stderr'] as const) {
    const lines = c.logs?.[stream]
    if (lines?.length) element[stream === 'stdout' ? 'system-out' : 'system-err'] = { '#text': text(lines.join('')) }
  }
  return element
}

function count(cases: Iterable<Case>): { tests: number; failures: number; errors: number; skipped: number } {
  const counts = { tests: 0, failures: 0, errors: 0, skipped: 0 }
  for (const c of cases) {
    counts.tests++
    if (c.outcome === 'failure') counts.failures++
    else if (c.outcome === 'error') counts.errors++
    else if (c.outcome === 'skipped') counts.skipped++
  }
  return counts
}

const attrs = (c: { tests: number; failures: number; errors: number }) => ({
  '@_tests': String(c.tests),
  '@_failures': String(c.failures),
  '@_errors': String(c.errors),
})

/** A kept task's case, from its kept result: as the run that finished it would have written it, without the stacks. */
function keptCase<T extends Omit<Case, 'outcome' | 'problems'>>(base: T, kept: { state: string; errors: string[] }, status: string): Case {
  if (kept.state === 'passed') return { ...base, outcome: 'passed', problems: [] }
  if (kept.state === 'skipped') return { ...base, outcome: 'skipped', problems: [] }
  const problems = kept.errors.map((message) => ({ message, type: 'Error' }))
  return { ...base, outcome: ERROR_STATUSES.has(status) ? 'error' : 'failure', problems }
}

function problem(error: { message?: string; name?: string; stack?: string }): { message: string; type: string; body?: string } {
  const message = error.message ?? ''
  return { message, type: error.name ?? 'Error', ...(error.stack ? { body: error.stack } : {}) }
}

function seconds(ms: number | undefined): number {
  return (ms ?? 0) / 1000
}

/** Seconds with millisecond precision, JUnit's usual form. */
function time(s: number): string {
  return s.toFixed(3)
}

/** Characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** A value as XML can hold it: no terminal colours, no characters XML forbids (the library escapes the rest); bidi controls are shown, never obeyed. */
function xmlText(value: string): string {
  return stripVTControlCharacters(value).replace(NOT_XML, '')
}
