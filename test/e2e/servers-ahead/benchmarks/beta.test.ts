import { waitForServerAtCollection } from './wait.ts'
import { mcpTask } from 'vitest-mcp-bench'

mcpTask('beta/echo', {
  servers: ['beta'],
  prompt: 'echo hi',
  reference: { calls: [{ id: 'a', tool: 'beta.echo', args: { text: 'hi' } }], answer: 'hi' },
})

await waitForServerAtCollection('beta')
