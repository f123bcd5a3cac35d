import { describe } from 'vitest'
import { mcpTask } from 'vitest-mcp-bench'

mcpTask('described/outside', {
  servers: ['math'],
  prompt: 'x',
  reference: { calls: [{ id: 'a', tool: 'math.sum', args: { numbers: [1] } }] },
})
describe('group', () => {
  mcpTask('described/inside', {
    servers: ['math'],
    prompt: 'x',
    reference: { calls: [{ id: 'a', tool: 'math.sum', args: { numbers: [1] } }] },
  })
})
