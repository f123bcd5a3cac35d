import { mcpTask } from 'vitest-mcp-bench'
import { waitForServerAtImport } from './wait.ts'

mcpTask('beta/echo', {
  servers: ['beta'],
  prompt: 'echo hi',
  reference: { calls: [{ id: 'a', tool: 'beta.echo', args: { text: 'hi' } }], answer: 'hi' },
})

await waitForServerAtImport('beta')
