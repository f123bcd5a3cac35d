import { mcpTask } from 'vitest-mcp-bench'

// A task that finishes, one that holds its server's call until the run is cut short, and one that never starts.
mcpTask('first/quick', {
  servers: ['stubborn'],
  prompt: 'Echo one.',
  reference: { calls: [{ id: 'e', tool: 'stubborn.echo', args: { text: 'one' } }], answer: 'It said one.', facts: ['one'] },
})
mcpTask('first/holds', {
  servers: ['stubborn', 'stubborn-ws'],
  prompt: 'Hold.',
  reference: { calls: [{ id: 'h', tool: 'stubborn-ws.hold', args: {} }], answer: 'done' },
})
mcpTask('first/never-started', {
  servers: ['stubborn'],
  prompt: 'Echo late.',
  reference: { calls: [{ id: 'e', tool: 'stubborn.echo', args: { text: 'late' } }], answer: 'It said late.', facts: ['late'] },
})
