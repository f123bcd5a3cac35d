import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mcpTask } from 'vitest-mcp-bench'

// Tasks read from a file found through import.meta, as a file of imported MCP-Bench tasks does.
const tasks = JSON.parse(readFileSync(join(import.meta.dirname, 'tasks.json'), 'utf8')) as Array<{ id: string; prompt: string }>
for (const t of tasks)
  mcpTask(`meta/${t.id}`, {
    servers: ['math'],
    prompt: t.prompt,
    reference: { calls: [{ id: 'a', tool: 'math.sum', args: { numbers: [new URL(import.meta.url).pathname.length] } }] },
  })
