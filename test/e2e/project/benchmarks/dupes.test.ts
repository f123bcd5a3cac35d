import { mcpTask } from 'vitest-mcp-bench'

// The same id as a task of more.test.ts: a collection error naming both files.
mcpTask('more/echo-alpha', {
  servers: ['probe'],
  prompt: 'Echo alpha again.',
  reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'alpha' } }], answer: 'alpha', facts: ['alpha'] },
})
