import { mcpTask } from 'vitest-mcp-bench'
import { waitForServerAtImport } from './wait.ts'

mcpTask('alpha/echo', {
  servers: ['alpha'],
  prompt: 'echo hi',
  reference: { calls: [{ id: 'a', tool: 'alpha.echo', args: { text: 'hi' } }], answer: 'hi' },
})

await waitForServerAtImport('alpha')
