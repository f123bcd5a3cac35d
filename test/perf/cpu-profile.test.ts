import { describe, expect, it } from 'vitest'
import { selfTimeDifference, type ProfileSummary } from '../../perf/lib/cpu-profile.ts'

const summary = (functions: Array<[string, number]>): ProfileSummary => ({
  file: 'x.cpuprofile',
  totalMs: functions.reduce((s, [, ms]) => s + ms, 0),
  functions: functions.map(([name, ms]) => ({ name, ms })),
  groups: [],
})

describe('selfTimeDifference (perf/bar.ts --profile-of a,b)', () => {
  it('matches a function across builds by name and module, whatever its line and chunk hash, largest increase first', () => {
    const floor = summary([
      ['(garbage collector) (native / gc / idle):0', 40],
      ['parse zod:1199', 25],
      ['only-in-floor vitest:10', 5],
    ])
    const project = summary([
      ['(garbage collector) (native / gc / idle):0', 100],
      ['parse zod:1200', 20],
      ['parse zod:2593', 12],
      ['taskRow src/plugin-chunk-YGT6CXV4.js:458', 7],
      ['taskRow src/plugin-chunk-AB12CD34.js:460', 3],
    ])
    expect(selfTimeDifference(floor, project)).toEqual([
      { name: '(garbage collector) (native / gc / idle)', a: 40, b: 100 },
      { name: 'taskRow src/plugin-chunk.js', a: 0, b: 10 },
      { name: 'parse zod', a: 25, b: 32 },
      { name: 'only-in-floor vitest', a: 5, b: 0 },
    ])
  })
})
