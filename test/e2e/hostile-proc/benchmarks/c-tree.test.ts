import { mcpTask } from 'vitest-mcp-bench'

// Run alone, to the end: a server crashes and leaves the child it started; the other ignores SIGTERM at teardown.
mcpTask('tree/crash', {
  servers: ['stubborn-ws'],
  prompt: 'Crash.',
  reference: { calls: [{ id: 'c', tool: 'stubborn-ws.crash', args: {} }], answer: 'bye' },
})
mcpTask('tree/stays', {
  servers: ['stubborn'],
  prompt: 'Echo four.',
  reference: { calls: [{ id: 'e', tool: 'stubborn.echo', args: { text: 'four' } }], answer: 'It said four.', facts: ['four'] },
})
