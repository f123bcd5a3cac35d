import { mcpTask } from 'vitest-mcp-bench'

mcpTask('dupe/x', { servers: ['math'], prompt: 'x', reference: { calls: [{ id: 'a', tool: 'math.sum', args: { numbers: [1] } }] } })
mcpTask('dupe/x', { servers: ['math'], prompt: 'x', reference: { calls: [{ id: 'a', tool: 'math.sum', args: { numbers: [1] } }] } })
