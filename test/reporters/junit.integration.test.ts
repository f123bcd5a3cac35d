import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { parse as junit2json } from 'junit2json'
import { mergeToString } from 'junit-report-merger'
import JUnitXmlParser from 'junitxml-to-javascript'
import { parse as parseTestResults } from 'test-results-parser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TestModule, TestSpecification, Vitest } from 'vitest/node'
import { BenchJUnitReporter } from '../../reporters/junit.ts'
import { STATUS_PROPERTY } from '../../reporters/junit-properties.ts'
import { elements, parseXml } from '../support/xml.ts'

type State = 'passed' | 'failed' | 'skipped' | 'pending'

/** A test as Vitest's public reporter API shows it (the parts the JUnit reporter reads). */
function test(
  id: string,
  state: State,
  {
    agent,
    errors = [],
    annotations = [],
  }: {
    agent?: string
    errors?: Array<{ message: string; name?: string; stack?: string }>
    annotations?: Array<{ type: string; message: string }>
  } = {},
) {
  return {
    id,
    fullName: id,
    meta: () => (agent ? { mcpBenchTask: { taskId: id, agent, trial: 1 } } : {}),
    result: () => ({ state, errors: state === 'failed' ? errors : undefined }),
    diagnostic: () => ({ duration: 1234.5 }),
    annotations: () => annotations,
  }
}

function module(
  root: string,
  file: string,
  tests: Array<ReturnType<typeof test>>,
  loadErrors: Array<{ message: string }> = [],
): TestModule {
  return {
    moduleId: join(root, file),
    project: { name: '' },
    diagnostic: () => ({ duration: 2000 }),
    state: () => 'failed',
    children: { allTests: () => tests, allSuites: () => [] },
    errors: () => loadErrors,
  } as unknown as TestModule
}

const vitest = (root: string) => ({ config: { root } }) as unknown as Vitest

describe('the JUnit report', () => {
  let dir = ''
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'junit-report-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("replaces a link planted where it goes, and leaves the link's target as it was", async () => {
    const target = join(dir, 'precious.txt')
    writeFileSync(target, 'keep me')
    const file = join(dir, 'out', 'junit.xml')
    const reporter = new BenchJUnitReporter({ outputFile: file, suiteName: 's' })
    mkdirSync(join(dir, 'out'))
    symlinkSync(target, file)
    await reporter.onInit(vitest(dir))
    expect(readFileSync(target, 'utf8')).toBe('keep me')
    // Planted again after the start of the run: the report is renamed into place, never written through a link.
    symlinkSync(target, file)
    await reporter.onTestRunStart([])
    await reporter.onTestRunEnd([module(dir, 'a.test.ts', [test('t1', 'passed')])])
    expect(readFileSync(target, 'utf8')).toBe('keep me')
    expect(lstatSync(file).isSymbolicLink()).toBe(false)
    expect(readFileSync(file, 'utf8')).toContain('<testcase ')
    expect(readdirSync(join(dir, 'out'))).toEqual(['junit.xml'])
  })

  it("is read with the same counts by six consumers: fast-xml-parser, junit2json, Python's ElementTree, test-results-parser, junit-report-merger and junitxml-to-javascript", async () => {
    const file = join(dir, 'junit.xml')
    const hostile = 'quote " amp & lt < gt > \u0007bell \u001b[31mred\u001b[0m \u202Ereversed'
    const properties = new Map([
      [
        'ok',
        [
          { type: 'mcp-bench.overall', message: '0.9' },
          { type: 'mcp-bench.status', message: 'passed' },
        ],
      ],
      ['wrong', [{ type: STATUS_PROPERTY, message: 'failed' }]],
      ['crashed', [{ type: STATUS_PROPERTY, message: 'errored' }]],
      ['cut', [{ type: STATUS_PROPERTY, message: 'unfinished' }]],
    ])
    const secret = 'hunter2-junit-secret'
    const reporter = new BenchJUnitReporter({
      outputFile: file,
      suiteName: 'vitest-mcp-bench',
      properties: async () => properties,
      redact: (t) => t.replaceAll(secret, '[KEY]'),
    })
    await reporter.onInit(vitest(dir))
    const planned = [{ moduleId: join(dir, 'never.test.ts'), project: { name: '' } }] as unknown as TestSpecification[]
    await reporter.onTestRunStart(planned)
    reporter.onUserConsoleLog({ taskId: 'ok', type: 'stdout', content: `said ${hostile}\n`, time: 0, size: 1 } as never)
    reporter.onUserConsoleLog({ taskId: 'crashed', type: 'stderr', content: `key ${secret}\n`, time: 0, size: 1 } as never)
    await reporter.onTestRunEnd(
      [
        module(dir, 'bench.test.ts', [
          // Annotated by its worker too (the `annotate` setting): the harness's annotation is the record's, written once;
          // the task's own checks' annotation goes between the harness's and the rest of the record, and one its code
          // made in the harness's namespace, passing for the record's cost, is not written.
          test('ok', 'passed', {
            agent: 'gpt',
            annotations: [
              { type: 'mcp-bench.overall', message: '0.95' },
              { type: 'latency-note', message: 'slow tool' },
              { type: 'mcp-bench.costUsd', message: '0' },
            ],
          }),
          test('wrong', 'failed', {
            agent: 'gpt',
            errors: [{ message: `expected ${hostile}`, name: 'AssertionError', stack: `AssertionError: ${hostile}\n    at x` }],
          }),
          test('crashed', 'failed', { agent: 'gpt', errors: [{ message: 'timed out', stack: `Error: timed out with ${secret}` }] }),
          test('cut', 'skipped', { agent: 'gpt' }),
          test('pending', 'pending', { agent: 'gpt' }),
          test('later', 'skipped'),
        ]),
        module(dir, 'broken.test.ts', [], [{ message: 'SyntaxError: nope' }]),
      ],
      [],
      'interrupted',
    )
    const xml = readFileSync(file, 'utf8')
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites [\s\S]*<\/testsuites>\n$/)
    expect(xml).not.toMatch(/\u001b|\u0007|\u202E/)
    // A bidi control is shown as its code point, never obeyed by whoever reads the report.
    expect(xml).toContain('[U+202E]reversed')
    expect(xml).not.toContain(secret)
    expect(xml).toContain('timed out with [KEY]')
    expect(xml).toContain('key [KEY]')

    // What each consumer counts: tests, failures, errors, skipped over the run; per suite too.
    const expected = { tests: 8, failures: 2, errors: 4, skipped: 1 }

    const python = parseXml(xml)
    const cases = elements(python, 'testcase')
    const py = {
      tests: cases.length,
      failures: cases.filter((c) => c.children.some((k) => k.tag === 'failure')).length,
      errors: cases.filter((c) => c.children.some((k) => k.tag === 'error')).length,
      skipped: cases.filter((c) => c.children.some((k) => k.tag === 'skipped')).length,
    }
    expect(py).toEqual(expected)
    expect(Number(python.attrs.tests)).toBe(expected.tests)
    expect(Number(python.attrs.failures)).toBe(expected.failures)
    expect(Number(python.attrs.errors)).toBe(expected.errors)
    const suites = elements(python, 'testsuite')
    expect(suites.map((s) => s.attrs.name)).toEqual(['bench.test.ts', 'broken.test.ts', 'never.test.ts'])
    expect(suites.reduce((sum, s) => sum + Number(s.attrs.skipped), 0)).toBe(expected.skipped)
    const byName = new Map(cases.map((c) => [c.attrs.name!, c]))
    expect(byName.get('ok')!.attrs.classname).toBe('gpt')
    expect(byName.get('later')!.attrs.classname).toBe('bench.test.ts')
    expect(elements(byName.get('ok')!, 'property').map((p) => [p.attrs.name, p.attrs.value])).toEqual([
      ['mcp-bench.overall', '0.9'],
      ['latency-note', 'slow tool'],
      ['mcp-bench.status', 'passed'],
    ])
    expect(elements(byName.get('ok')!, 'system-out')[0]!.text).toBe('said quote " amp & lt < gt > bell red [U+202E]reversed\n')
    expect(elements(byName.get('wrong')!, 'failure')[0]!.attrs.message).toBe('expected quote " amp & lt < gt > bell red [U+202E]reversed')
    expect(elements(byName.get('crashed')!, 'error')[0]!.attrs.message).toBe('timed out')
    expect(elements(byName.get('cut')!, 'error')[0]!.attrs.message).toMatch(/^unfinished: the run was interrupted/)
    expect(elements(byName.get('never.test.ts (not run)')!, 'error')[0]!.attrs.message).toMatch(/^not run: /)

    const fxp = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'testcase', 'failure', 'error', 'property'].includes(name),
    }).parse(xml) as {
      testsuites: {
        tests: string
        failures: string
        errors: string
        testsuite: Array<{ skipped: string; testcase: Array<Record<string, unknown>> }>
      }
    }
    const fxCases = fxp.testsuites.testsuite.flatMap((s) => s.testcase)
    expect({
      tests: fxCases.length,
      failures: fxCases.filter((c) => c.failure).length,
      errors: fxCases.filter((c) => c.error).length,
      skipped: fxCases.filter((c) => 'skipped' in c).length,
    }).toEqual(expected)
    expect([fxp.testsuites.tests, fxp.testsuites.failures, fxp.testsuites.errors].map(Number)).toEqual([
      expected.tests,
      expected.failures,
      expected.errors,
    ])

    const json = (await junit2json(xml)) as {
      tests?: number
      failures?: number
      errors?: number
      testsuite?: Array<{ skipped?: number; testcase?: Array<{ failure?: unknown[]; error?: unknown[]; skipped?: unknown[] }> }>
    }
    const jCases = (json.testsuite ?? []).flatMap((s) => s.testcase ?? [])
    expect({
      tests: jCases.length,
      failures: jCases.filter((c) => c.failure).length,
      errors: jCases.filter((c) => c.error).length,
      skipped: jCases.filter((c) => c.skipped).length,
    }).toEqual(expected)
    expect([json.tests, json.failures, json.errors]).toEqual([expected.tests, expected.failures, expected.errors])

    // test-results-parser (testbeats' reader): the run's counts, and skipped per suite (its run total leaves them out).
    writeFileSync(join(dir, 'read.xml'), xml)
    const read = parseTestResults({ type: 'junit', files: [join(dir, 'read.xml')] })
    expect({
      tests: read.total,
      failures: read.failed,
      errors: read.errors,
      skipped: read.suites.reduce((n, s) => n + s.skipped, 0),
    }).toEqual(expected)

    // junit-report-merger recounts what it merges from the cases themselves.
    const merged = parseXml(await mergeToString([xml]))
    expect(['tests', 'failures', 'errors', 'skipped'].map((k) => Number(merged.attrs[k]))).toEqual([
      expected.tests,
      expected.failures,
      expected.errors,
      expected.skipped,
    ])

    // junitxml-to-javascript groups by classname and counts an error as failed: its own words for the same counts.
    const grouped = await new JUnitXmlParser().parseXMLString(xml)
    const results = grouped.testsuites.flatMap((s) => s.testCases.map((c) => c.result))
    expect({
      tests: results.length,
      notPassed: results.filter((r) => r === 'failed').length,
      skipped: results.filter((r) => r === 'skipped').length,
    }).toEqual({ tests: expected.tests, notPassed: expected.failures + expected.errors, skipped: expected.skipped })
  })
})
