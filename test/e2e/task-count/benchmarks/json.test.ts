import { mcpTask } from 'vitest-mcp-bench'
import tasks from './tasks.json' with { type: 'json' }

for (const t of tasks)
  mcpTask(t.id, { servers: ['math'], prompt: t.prompt, reference: { calls: [{ id: 'a', tool: 'math.sum', args: { numbers: [1] } }] } })
