// Vitest setup file wired in by mcpBench(): registers the matchers in every benchmark file.
import { expect } from 'vitest'
import { judgeMatchers } from './judge-matchers.ts'
import { ruleMatchers } from './rule-matchers.ts'
import { stateMatchers } from './state-matchers.ts'

expect.extend({ ...ruleMatchers, ...stateMatchers, ...judgeMatchers })
