import { mcpTask } from 'vitest-mcp-bench'
import { TASKS } from '../tasks.ts'

for (const task of TASKS) {
  mcpTask(task.id, {
    servers: ['filesystem'],
    category: 'single-server/single',
    prompt: task.prompt,
    reference: {
      calls: [{ id: 'call', tool: `filesystem.${task.tool}`, args: task.args }],
      answer: 'Answered from the tool.',
      facts: [],
    },
  })
}
