import { defineConfig } from 'vitest/config'

// Vitest's defaults, one file: what any test run in this repository costs at the least.
export default defineConfig({ test: { include: ['trivial.test.ts'] } })
