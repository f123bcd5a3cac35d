import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runChildVitest, type ChildRun } from '../support/child-vitest.ts'
import { isAlive } from '../support/process.ts'

/**
 * Hostile input, end to end: each child Vitest run of test/e2e/hostile meets
 * a server or agent written to hurt the harness. Every case must end as a
 * recorded task with a clear message, the run must stay bounded, and nothing
 * outside a task's workspace may be read into a report.
 */

const run = (files: string[], env: Record<string, string> = {}) => runChildVitest({ project: 'test/e2e/hostile', args: files, env })

const task = (r: ChildRun, id: string, agent = 'reference') => {
  const found = r.leaderboard?.tasks.find((t) => t.id === id && t.agent === agent)
  if (!found) throw new Error(`no record for ${id} [${agent}]; output:\n${r.output.slice(-3000)}`)
  return found
}

async function expectNoSurvivors(r: ChildRun) {
  expect(r.pids.length).toBeGreaterThan(0)
  await expect.poll(() => r.pids.filter(isAlive), { timeout: 5_000 }).toEqual([])
}

describe('hostile input (child Vitest runs)', { timeout: 240_000 }, () => {
  it('a catastrophic regex in an input or output schema is checked in linear time: the task is scored, not timed out', async () => {
    const r = await run(['benchmarks/redos.test.ts'])
    // The arguments break the pattern: a schema failure on the record, not a task that ran out of time.
    const input = task(r, 'hostile/redos-input')
    expect(input.error ?? '').not.toMatch(/timed out/)
    expect(input.status).not.toBe('errored')
    expect(input.metrics.schemaCompliance).toBe(0)
    // The harness checks the structured output against the server's schema (tool-contract.ts), with the same engine: it finds the mismatch.
    const output = task(r, 'hostile/redos-output')
    expect(output).toMatchObject({
      status: 'errored',
      error: expect.stringContaining("Structured content does not match the tool's output schema"),
    })
    expect(task(r, 'hostile/reference-typo')).toMatchObject({
      status: 'setup-error',
      errorPhase: 'spec',
      error: expect.stringContaining('reference call "r" names hostile.redoss, but server "hostile" has no such tool (it has: redos,'),
    })
    await expectNoSurvivors(r)
  })

  it('output that is not text, error messages, names, arguments and answers are bounded in every report', async () => {
    const r = await run(['benchmarks/bounds.test.ts'], { E2E_AGENTS: 'reference,./agents/huge.ts', E2E_HUGE: '1200000' })
    for (const agent of ['reference', 'huge']) {
      for (const id of ['hostile/huge-resource', 'hostile/huge-error']) expect(task(r, id, agent).status).not.toBe('setup-error')
    }
    expect(task(r, 'hostile/huge-error').error ?? task(r, 'hostile/huge-error').failures.join('\n')).toMatch(/E{100}/)
    // 1.2 MB in a resource, 3 × 1.2 MB in a resource link, a 1.2 MB error, tool name, arguments, reply and answer: the reports stay small.
    const sizes = r.files().map((f) => [f.path, f.text.length] as const)
    expect(sizes.filter(([, size]) => size > 1_000_000)).toEqual([])
    expect(r.html).toContain('characters omitted')
    expect(task(r, 'hostile/huge-resource').status).toBe('passed')
    await expectNoSurvivors(r)
  })

  describe('a workspace check', () => {
    const host = join(tmpdir(), `mcp-bench-host-${process.pid}.txt`)
    const MARKER = 'HOST-FILE-CONTENT-5d1f0e'
    afterAll(() => rmSync(host, { force: true }))

    it('follows neither a symlink planted by the server nor a path with "..": it fails, naming the path, and quotes nothing', async () => {
      writeFileSync(host, `${MARKER}\n`)
      const r = await run(['benchmarks/workspace.test.ts'], { HOSTILE_HOST_FILE: host })
      for (const id of ['hostile/planted-symlink', 'hostile/dot-dot']) {
        const record = task(r, id)
        expect(record.status).toBe('failed')
        expect(record.failures.join('\n')).toMatch(/outside the hostile-ws workspace/)
      }
      const leaks = [...r.files(), { path: '(terminal)', text: r.output }].filter((f) => f.text.includes(MARKER)).map((f) => f.path)
      expect(leaks).toEqual([])
      await expectNoSurvivors(r)
    })
  })
})
