import { expect, test } from 'vitest'

// The floor perf/bar.ts (--parts suite) measures the bundled suite against: Vitest running one trivial test.
test('adds', () => {
  expect(1 + 1).toBe(2)
})
