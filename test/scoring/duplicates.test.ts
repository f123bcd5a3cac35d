import { describe, expect, it } from 'vitest'
import { markDuplicates } from '../../src/scoring/duplicates.ts'
import { record } from '../support/trajectories.ts'

describe('markDuplicates', () => {
  it('makes a task id registered in two files a collection error naming both, and leaves the others as they were', () => {
    const a = record({ taskId: 'same', file: 'benchmarks/b.test.ts' })
    const b = record({ taskId: 'same', file: 'benchmarks/a.test.ts' })
    const other = record({ taskId: 'other', file: 'benchmarks/a.test.ts' })
    expect(a.status).toBe('passed')
    const [ma, mb, mo] = markDuplicates([a, b, other])
    const message =
      'Duplicate task id "same": it is registered in benchmarks/a.test.ts and benchmarks/b.test.ts; give every task its own id'
    for (const m of [ma!, mb!])
      expect(m).toMatchObject({ status: 'setup-error', errorPhase: 'collection', error: message, failures: [message] })
    expect(mo).toBe(other)
  })

  it('keeps trials of one task in one file apart from duplicates: the same id in the same file is no collision', () => {
    const first = record({ taskId: 't', trial: 1 })
    const second = record({ taskId: 't', trial: 2 })
    expect(markDuplicates([first, second])).toEqual([first, second])
  })
})
