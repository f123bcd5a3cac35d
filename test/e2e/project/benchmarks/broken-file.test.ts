import { mcpTask } from 'vitest-mcp-bench'
import { doesNotExist } from './no-such-module.ts'

mcpTask('never/registered', { servers: ['probe'], prompt: String(doesNotExist) })
