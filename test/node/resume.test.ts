import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import OpenAI from 'openai'
import { JOURNAL_VERSION, type JournalEntry, type JournalHeader } from '../../src/contracts/run-journal.ts'
import type { TaskOutcome } from '../../src/contracts/outcome.ts'
import type { RuntimeSettings } from '../../src/contracts/settings.ts'
import { journalPath, JournalWriter, readJournal } from '../../src/node/run-journal.ts'
import { agentNames, differentRun, fileHash, keeps, resumeMode, settingsHash } from '../../src/node/resume.ts'
import { isBudgetRefusal, isEndpointFault } from '../../src/runtime/agents/endpoint-fault.ts'
import { BudgetRefusal } from '../../src/contracts/budget.ts'
import { outcome, trajectory } from '../support/trajectories.ts'

function entry(over: Partial<TaskOutcome> = {}, state: JournalEntry['state'] = 'passed', taskId = 't'): JournalEntry {
  return {
    kind: 'task',
    project: '',
    file: 'benchmarks/t.test.ts',
    testId: `id-${taskId}`,
    name: taskId,
    identity: { taskId, agent: 'A', trial: 1 },
    state,
    errors: state === 'failed' ? ['expected the answer to state 270'] : [],
    durationMs: 5,
    outcome: outcome({ taskId, ...over }),
  }
}

const settings = {
  root: '/p',
  agents: ['reference', { kind: 'openai', model: 'm', loop: 'tools' }],
  judge: false,
  concurrency: 16,
  outputDir: '/p/out',
} as unknown as RuntimeSettings

describe('resume: what a resumed run keeps (src/node/resume.ts)', () => {
  it("keeps passes, unscored tasks and the agent's own failures; runs again setup errors, harness faults, the judge's and the endpoint's", () => {
    expect(keeps(entry(), 'faults')).toBe(true)
    expect(keeps(entry({ unscored: 'nothing decides this task' }, 'skipped'), 'faults')).toBe(true)
    expect(keeps(entry({}, 'failed'), 'faults')).toBe(true)
    expect(keeps(entry({ stopped: { phase: 'agent', message: 'agent timed out' } }, 'failed'), 'faults')).toBe(true)
    expect(keeps(entry({ stopped: { phase: 'servers', message: 'server math did not start' } }, 'failed'), 'faults')).toBe(false)
    expect(keeps(entry({ stopped: { phase: 'judge', message: 'the judge failed' } }, 'failed'), 'faults')).toBe(false)
    expect(
      keeps(
        entry(
          {
            stopped: { phase: 'agent', message: '429 Rate limit reached' },
            fault: 'endpoint',
            trajectory: trajectory([], { error: '429' }),
          },
          'failed',
        ),
        'faults',
      ),
    ).toBe(false)
    expect(keeps({ ...entry(), outcome: { taskId: 't' } }, 'faults')).toBe(false)
    // Cancelled by an interrupt (skipped, with no reason): unfinished, never kept.
    expect(keeps(entry({}, 'skipped'), 'faults')).toBe(false)
    // all-failed: the agent's failures run again too; passes are still kept.
    expect(keeps(entry({}, 'failed'), 'all-failed')).toBe(false)
    expect(keeps(entry(), 'all-failed')).toBe(true)
  })

  it("tells an endpoint's fault from the agent's own failure by the SDK's error", () => {
    const status = (s: number) => OpenAI.APIError.generate(s, { error: { message: 'x' } }, 'x', new Headers())
    expect(isEndpointFault(status(429))).toBe(true)
    expect(isEndpointFault(status(503))).toBe(true)
    expect(isEndpointFault(new OpenAI.APIConnectionError({ message: 'Connection error.' }))).toBe(true)
    expect(isEndpointFault(status(400))).toBe(false)
    expect(isEndpointFault(new Error('agent timed out after 1000 ms'))).toBe(false)
    // The budget's refusal, also when an agent loop passed it on as a plain error of that name.
    expect(isBudgetRefusal(new BudgetRefusal())).toBe(true)
    expect(isBudgetRefusal(Object.assign(new Error('not run (budget)'), { name: 'BudgetRefusal' }))).toBe(true)
    expect(isBudgetRefusal(status(429))).toBe(false)
  })

  it('reads MCP_BENCH_RESUME, the option first, and refuses a value it does not know', () => {
    expect(resumeMode(undefined, {})).toBeNull()
    expect(resumeMode(undefined, { MCP_BENCH_RESUME: '1' })).toBe('faults')
    expect(resumeMode(undefined, { MCP_BENCH_RESUME: 'all-failed' })).toBe('all-failed')
    expect(resumeMode(undefined, { MCP_BENCH_RESUME: '0' })).toBeNull()
    expect(resumeMode(false, { MCP_BENCH_RESUME: '1' })).toBeNull()
    expect(resumeMode(true, {})).toBe('faults')
    expect(() => resumeMode(undefined, { MCP_BENCH_RESUME: 'yes please' })).toThrow(
      'MCP_BENCH_RESUME must be 1, faults or all-failed, not "yes please"',
    )
  })

  it('refuses a journal of another shard, other agents, other options or changed task files, saying which', () => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-bench-resume-'))
    writeFileSync(join(root, 'a.test.ts'), 'one')
    const header: JournalHeader = {
      kind: 'header',
      version: JOURNAL_VERSION,
      shard: null,
      startedAt: '',
      fingerprint: {
        settings: { '': settingsHash(settings) },
        agents: { '': agentNames(settings) },
        files: { 'a.test.ts': fileHash(join(root, 'a.test.ts'))! },
      },
    }
    const check = { root, project: '', shard: null, settings }
    expect(differentRun(header, check)).toBeNull()
    // How fast it runs and where it reports are not part of what it measures.
    expect(differentRun(header, { ...check, settings: { ...settings, concurrency: 2, outputDir: '/elsewhere' } })).toBeNull()
    expect(differentRun(header, { ...check, shard: { index: 1, count: 2 } })).toBe('the journal is of an unsharded run, this is shard 1/2')
    expect(differentRun(header, { ...check, settings: { ...settings, agents: ['reference'] } })).toBe(
      'project "root" ran agents reference, m, now reference',
    )
    expect(differentRun(header, { ...check, settings: { ...settings, trials: 2 } })).toMatch(/project "root" has different options/)
    expect(differentRun(header, { ...check, project: 'other' })).toBe('project "other" is not in the journal\'s run')
    writeFileSync(join(root, 'a.test.ts'), 'two')
    expect(differentRun(header, check)).toBe("task files changed since the journal's run: a.test.ts")
  })
})

describe('the run journal (src/node/run-journal.ts)', () => {
  it('writes each entry as a line of its own, redacted, and reads back the last entry of each task, dropping a torn last line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-journal-'))
    const path = journalPath(dir, { index: 1, count: 2 })
    expect(path).toBe(join(dir, 'journal', 'run.shard-1-of-2.jsonl'))
    const header: JournalHeader = {
      kind: 'header',
      version: JOURNAL_VERSION,
      shard: { index: 1, count: 2 },
      startedAt: 'now',
      fingerprint: { settings: {}, agents: {}, files: {} },
    }
    const redact = (text: string) => text.replaceAll('sk-secret-value', '${OPENAI_API_KEY}')
    const writer = JournalWriter.start(path, header, redact)
    writer.append(entry({}, 'failed', 'one'))
    writer.append({ ...entry({}, 'passed', 'two'), errors: ['sk-secret-value'] })
    writer.append(entry({}, 'passed', 'one'))
    writer.close()
    // A kill in the middle of a write leaves half a line.
    appendFileSync(path, '{"kind":"task","project":"","fi')
    const journal = readJournal(path)!
    expect(journal.header).toEqual(header)
    expect(journal.dropped).toBe(1)
    expect([...journal.entries.values()].map((e) => [e.identity.taskId, e.state])).toEqual([
      ['one', 'passed'],
      ['two', 'passed'],
    ])
    expect(readFileSync(path, 'utf8')).not.toContain('sk-secret-value')
    // Continued by a resumed run: its first entry starts on a line of its own, after the torn one.
    const again = JournalWriter.continue(path, redact)
    again.append(entry({}, 'passed', 'three'))
    again.close()
    expect([...readJournal(path)!.entries.keys()]).toHaveLength(3)
    expect(readJournal(join(dir, 'none.jsonl'))).toBeNull()
    writeFileSync(path, 'not a journal\n')
    expect(() => readJournal(path)).toThrow(/has no valid header/)
  })
})
