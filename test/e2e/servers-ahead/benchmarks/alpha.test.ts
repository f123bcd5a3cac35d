import { waitForServerAtCollection } from './wait.ts'
import { mcpTask } from 'vitest-mcp-bench'

mcpTask('alpha/echo', {
  servers: ['alpha'],
  prompt: 'echo hi',
  reference: { calls: [{ id: 'a', tool: 'alpha.echo', args: { text: 'hi' } }], answer: 'hi' },
})

await waitForServerAtCollection('alpha')
