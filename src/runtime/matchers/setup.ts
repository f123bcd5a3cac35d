// Vitest setup file wired in by mcpBench(): registers the matchers in every benchmark file.
import { expect } from 'vitest'
import { judgeMatchers } from './judge-matchers.ts'
import { ruleMatchers } from './rule-matchers.ts'
import { stateMatchers } from './state-matchers.ts'
import type { MatcherImplementations, McpBenchMatchers } from './types.ts'

// Every declared matcher has its implementation, typed by its declaration.
const matchers: MatcherImplementations<keyof McpBenchMatchers> = { ...ruleMatchers, ...stateMatchers, ...judgeMatchers }
expect.extend(matchers)
