import { mcpTask } from 'vitest-mcp-bench'
// @ts-expect-error: this file fails to import on purpose, to test that the run records it
import { doesNotExist } from './no-such-module.ts'

mcpTask('never/registered', { servers: ['probe'], prompt: String(doesNotExist) })
