import { expect, test } from 'vitest'

// The floor perf/suite-vs-trivial.ts measures the bundled suite against: Vitest running one trivial test.
test('adds', () => {
  expect(1 + 1).toBe(2)
})
