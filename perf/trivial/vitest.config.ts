import { defineConfig } from 'vitest/config'

// Vitest's defaults, one file: what any test run in this repository costs at the least.
// perf/bar.ts (--parts suite) runs it from the repository's root, which the path is relative to.
export default defineConfig({ test: { include: ['perf/trivial/trivial.test.ts'] } })
