import { describe, expect, it } from 'vitest'
import { summariseTrials } from '../../src/scoring/trials.ts'

const run = (id: string, trial: number, passed: boolean) => ({ id, trial, status: passed ? 'passed' : 'failed' })

describe('summariseTrials', () => {
  it('is null for a single run', () => {
    expect(summariseTrials([run('a', 1, true), run('b', 1, false)])).toBeNull()
  })

  it('computes pass^k (every trial) and pass@k (any trial) over tasks', () => {
    // a: 3/3, b: 1/3, c: 0/3, d: 2/3 → every trial: 1 of 4; any trial: 3 of 4.
    const records = [
      ...[1, 2, 3].map((t) => run('a', t, true)),
      run('b', 1, false), run('b', 2, true), run('b', 3, false),
      ...[1, 2, 3].map((t) => run('c', t, false)),
      run('d', 1, true), run('d', 2, true), run('d', 3, false),
    ]
    expect(summariseTrials(records)).toEqual({ trials: 3, tasks: 4, passAll: 0.25, passAny: 0.75 })
  })

  it('does not count a task with a missing trial as passing every trial', () => {
    expect(summariseTrials([run('a', 1, true), run('a', 2, true), run('b', 1, true)])).toMatchObject({ passAll: 0.5, passAny: 1 })
  })
})
