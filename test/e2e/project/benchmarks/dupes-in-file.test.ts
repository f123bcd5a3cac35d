import { mcpTask } from 'vitest-mcp-bench'

// One id twice in one file: the file fails to collect, naming the id.
const spec = {
  servers: ['probe'],
  prompt: 'Echo x.',
  reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'x' } }], answer: 'x' },
}
mcpTask('twice/same-id', spec)
mcpTask('twice/same-id', spec)
