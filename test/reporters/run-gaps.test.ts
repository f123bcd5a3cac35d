import { describe, expect, it } from 'vitest'
import type { TestModule, TestSpecification, Vitest } from 'vitest/node'
import { exitVerdict } from '../../reporters/exit-verdict.ts'
import { filesNotRun, notRunMessage, plannedFiles, workerDeath } from '../../reporters/run-gaps.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'

const spec = (moduleId: string, project = '') => ({ moduleId, project: { name: project } }) as unknown as TestSpecification
const mod = (moduleId: string, state: string, tests = 0, errors = 0, project = '') =>
  ({
    moduleId,
    project: { name: project },
    state: () => state,
    children: { size: tests },
    errors: () => Array(errors).fill({ message: 'x' }),
  }) as unknown as TestModule

describe('what of a planned run never finished', () => {
  it("recognises a dead worker in Vitest's unhandled error (forks or threads), and nothing else", () => {
    expect(
      workerDeath([{ message: '[vitest-pool]: Worker forks emitted error.', cause: { message: 'Worker exited unexpectedly' } } as never]),
    ).toMatch(/worker exited unexpectedly/)
    expect(workerDeath([{ message: 'Worker terminated due to reaching memory limit: JS heap out of memory' } as never])).not.toBeNull()
    expect(workerDeath([{ message: 'TypeError: x is not a function' } as never])).toBeNull()
    expect(workerDeath([])).toBeNull()
  })

  it('lists planned files with no module, or with a module that never started, once each; not those that ran or failed to load', () => {
    const planned = [
      spec('/p/a.test.ts'),
      spec('/p/b.test.ts'),
      spec('/p/b.test.ts'),
      spec('/p/c.test.ts'),
      spec('/p/d.test.ts'),
      spec('/p/a.test.ts', 'other'),
    ]
    const modules = [mod('/p/a.test.ts', 'failed', 3), mod('/p/c.test.ts', 'queued'), mod('/p/d.test.ts', 'pending', 0, 1)]
    expect(filesNotRun(planned, modules).map((s) => `${s.project.name}:${s.moduleId}`)).toEqual([
      ':/p/b.test.ts',
      ':/p/c.test.ts',
      'other:/p/a.test.ts',
    ])
    expect(notRunMessage('a Vitest worker exited unexpectedly')).toBe(
      "not run: a Vitest worker exited unexpectedly before this file's tasks ran; none of them has a result",
    )
  })

  it("takes a shard's part of the planned files with the configured sequencer (Vitest reports them before sharding)", async () => {
    const [a, b, c] = [spec('/p/a.test.ts'), spec('/p/b.test.ts'), spec('/p/c.test.ts')]
    class EveryOther {
      shard(specs: TestSpecification[]) {
        return specs.filter((_, i) => i % 2 === 0)
      }
    }
    const sharded = { config: { shard: { index: 1, count: 2 }, sequence: { sequencer: EveryOther } } } as unknown as Vitest
    expect(await plannedFiles(sharded, [a!, b!, c!])).toEqual([a, c])
    expect(await plannedFiles({ config: {} } as unknown as Vitest, [a!, b!])).toEqual([a, b])
  })

  it("a dead worker makes the run exit 1, not a signal's code, and says what was listed", () => {
    const board = {
      interrupted: true,
      tasks: [{ status: 'passed' }],
      unfinished: [{ file: 'a', name: 't' }],
      fileErrors: [{ file: 'b', error: 'not run' }],
    } as unknown as Leaderboard
    expect(exitVerdict(board, { gateConfigured: false, otherFailures: 0, unhandledErrors: 1, workerDied: true })).toEqual({
      code: 1,
      reason:
        'interrupted (a Vitest worker exited unexpectedly): 1 finished task written, 1 unfinished and 1 file that did not run or load listed in leaderboard.json; exit 1',
    })
    expect(exitVerdict(board, { gateConfigured: false, otherFailures: 0, unhandledErrors: 0, interruptCode: 143 }).code).toBe(143)
  })

  it("a signal after every task finished still exits with its code, not the gate's", () => {
    const board = {
      interrupted: false,
      tasks: [{ status: 'passed' }, { status: 'passed' }],
      unfinished: [],
      fileErrors: [],
      gate: { applied: true, passed: true, note: '' },
      integrity: undefined,
    } as unknown as Leaderboard
    expect(exitVerdict(board, { gateConfigured: true, otherFailures: 0, unhandledErrors: 0 }).code).toBe(0)
    expect(exitVerdict(board, { gateConfigured: true, otherFailures: 0, unhandledErrors: 0, interruptCode: 129 })).toEqual({
      code: 129,
      reason: 'a signal came after every task had finished: 2 tasks written, none unfinished; exit 129',
    })
  })
})
