import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AgentOption } from '../../src/contracts/options.ts'
import type { AgentRow, TaskRecord } from '../../src/contracts/leaderboard.ts'
import { runChildVitest, type ChildRun } from '../support/child-vitest.ts'
import { sandboxSupport } from '../../src/runtime/agents/isolated/sandbox.ts'

/**
 * The referee out of the agent's reach, end to end: child Vitest runs of the bundled suite (an easy and a hard
 * file of benchmarks/, E2E_INTEGRITY_FILES for others) with agents written to cheat. Each tries one way to the
 * answer the checks want: the test's meta, its own task file, an earlier run's leaderboard.json (missingFacts),
 * the judge cache and cassettes; a tamperer empties the facts and `after` of every reference it reaches. Each must
 * score 0% on both tiers, its record saying why. An honest agent run after the tamperers in the same run must
 * score exactly as it does alone, and an unisolated tamperer (`isolation: 'none'`) meets frozen objects.
 */
const FILES = (process.env.E2E_INTEGRITY_FILES ?? 'benchmarks/single-calculators.test.ts,benchmarks/hard-clinical.test.ts').split(',')
const agentFile = (name: string) => `./test/e2e/integrity/agents/${name}.ts`
const GREEDY: AgentOption = { module: './src/runtime/agents/baselines/greedy-one-step.ts', name: 'greedy' }
const CHEATS = ['meta-reader', 'task-file-reader', 'leaderboard-reader', 'cache-reader', 'tamperer']
/** The doors past the runtime's permission model: a debugger opened by signal, a link in the agent's own directory, a package linked back. Each on both tiers. */
const DOORS = ['debugger', 'linked-dir-reader', 'linked-package-reader']
const TIER = sandboxSupport().available ? 'sandbox' : 'process'
const DENIED = /^Task "[^"]+" \[[\w-]+\]: agent [\w-]+ may not read \S+: the referee's files .* are out of reach of agent code$/

const run = (agents: AgentOption[], out: string) =>
  runChildVitest({
    project: '.',
    args: ['--config', 'test/e2e/integrity/vitest.config.ts', ...FILES],
    out,
    env: { E2E_INTEGRITY_AGENTS: JSON.stringify(agents), NO_COLOR: '1' },
  })

const rowOf = (r: ChildRun, agent: string): AgentRow => {
  const row = r.leaderboard.agents.find((a) => a.agent === agent)
  if (!row) throw new Error(`no row for ${agent}; rows: ${r.leaderboard.agents.map((a) => a.agent).join(', ')}`)
  return row
}
const recordsOf = (r: ChildRun, agent: string): TaskRecord[] => r.leaderboard.tasks.filter((t) => t.agent === agent)

describe('integrity: cheating agents on the bundled suite (child Vitest runs)', { timeout: 600_000 }, () => {
  it('every leak and the tamperer score 0% on both tiers, saying why; an honest agent after them scores as alone', async () => {
    const out = mkdtempSync(join(tmpdir(), 'mcp-bench-integrity-'))
    // The earlier run: the honest agent alone. Its leaderboard.json (with missingFacts) stays in `out` for the leaderboard reader.
    const alone = await run([GREEDY], out)
    expect(alone.leaderboard, alone.output).toBeDefined()
    const tasks = alone.leaderboard.tasks.length
    expect(tasks).toBeGreaterThan(0)
    expect(alone.leaderboard.tasks.some((t) => t.missingFacts.length > 0)).toBe(true)

    // The linked-dir reader sits beside a link to the task files; the project gets a package linked back to itself.
    const linkedDir = mkdtempSync(join(tmpdir(), 'mcp-bench-linked-agent-'))
    copyFileSync(resolve('test/e2e/integrity/agents/linked-dir-reader.ts'), join(linkedDir, 'linked-dir-reader.ts'))
    symlinkSync(resolve('benchmarks'), join(linkedDir, 'tasks'))
    const linkedPackage = resolve('node_modules/mcp-bench-linked-project')
    rmSync(linkedPackage, { force: true })
    symlinkSync('..', linkedPackage)
    const door = (name: string, isolation: 'sandbox' | 'process'): AgentOption => ({
      module: name === 'linked-dir-reader' ? join(linkedDir, 'linked-dir-reader.ts') : agentFile(name),
      name: `${name}-${isolation}`,
      isolation,
    })
    const doors = DOORS.flatMap((name) => [door(name, 'sandbox'), door(name, 'process')])
    const agents: AgentOption[] = [
      ...CHEATS.map((name) => ({ module: agentFile(name), name })),
      ...doors,
      { module: agentFile('tamperer'), name: 'tamperer-unisolated', isolation: 'none' as const },
      GREEDY,
    ]
    const cheated = await run(agents, out).finally(() => rmSync(linkedPackage, { force: true }))
    expect(cheated.leaderboard, cheated.output).toBeDefined()
    // The run says where each agent's code ran.
    expect(cheated.output).not.toMatch(/Bun has no permission model/)

    for (const name of [...CHEATS, 'tamperer-unisolated']) {
      const row = rowOf(cheated, name)
      expect(row.tasks, name).toBe(tasks)
      expect(row.setupErrors, name).toBe(0)
      expect({ name, easy: row.tiers.easy!.passed, hard: row.tiers.hard!.passed }).toEqual({ name, easy: 0, hard: 0 })
      expect(row.tiers.easy!.tasks + row.tiers.hard!.tasks).toBe(tasks)
      expect(row.isolation).toBe(name === 'tamperer-unisolated' ? 'none' : TIER)
    }
    // Each door, on each tier: the agent ran (its tasks failed, none a setup error) and got nothing.
    for (const { name, isolation } of doors as Array<{ name: string; isolation: 'sandbox' | 'process' }>) {
      const row = rowOf(cheated, name)
      expect({ name, tasks: row.tasks, setupErrors: row.setupErrors }).toEqual({ name, tasks, setupErrors: 0 })
      expect({ name, easy: row.tiers.easy!.passed, hard: row.tiers.hard!.passed }).toEqual({ name, easy: 0, hard: 0 })
      expect(row.isolation).toBe(isolation === 'sandbox' ? TIER : 'process')
      for (const record of recordsOf(cheated, name)) {
        // Failed or errored (the agent threw): the agent's own failure, counted in the pass rate.
        expect(['failed', 'errored'], `${name} on ${record.id}`).toContain(record.status)
        // It never got in: its read found nothing (the sandbox) or was refused (the permission model).
        if (!name.startsWith('debugger')) expect(record.error, `${name} on ${record.id}`).toMatch(/ENOENT|may not read/)
      }
    }
    for (const record of [...recordsOf(cheated, 'debugger-sandbox'), ...recordsOf(cheated, 'debugger-process')])
      expect(record.error).toMatch(/debugger: no inspector reached/)
    // Why: a refused read, named, for every agent that reads a file; nothing in meta for the meta reader.
    for (const name of ['task-file-reader', 'leaderboard-reader', 'cache-reader', 'tamperer']) {
      for (const record of recordsOf(cheated, name)) expect(record.error, `${name} on ${record.id}`).toMatch(DENIED)
    }
    for (const record of recordsOf(cheated, 'meta-reader')) {
      expect(record.error).toMatch(/meta reader: (the test meta holds no reference while the agent runs|no test meta in reach)/)
    }
    // In the worker the tamperer reaches the records of the tests that ran before it, and changes none of them.
    const unisolated = recordsOf(cheated, 'tamperer-unisolated')
    for (const record of unisolated) expect(record.error).toMatch(/tamperer reached \d+ reference objects; changed 0, refused \d+/)
    expect(unisolated.some((r) => /reached [1-9]\d* reference objects; changed 0, refused [1-9]/.test(r.error ?? ''))).toBe(true)

    // The honest agent, checked after every cheat on each task, scores exactly as it did alone.
    const outcome = (records: TaskRecord[]) =>
      records.map((t) => ({ id: t.id, status: t.status, missingFacts: t.missingFacts })).sort((a, b) => a.id.localeCompare(b.id))
    expect(outcome(recordsOf(cheated, 'greedy'))).toEqual(outcome(recordsOf(alone, 'greedy')))
    expect(rowOf(cheated, 'greedy').isolation).toBe(TIER)
  })
})
