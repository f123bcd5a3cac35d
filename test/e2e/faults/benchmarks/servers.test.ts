import { mcpTask } from 'vitest-mcp-bench'

const plan = (id: string, tool: string, args: Record<string, unknown> = {}) => ({ calls: [{ id, tool, args }], answer: 'done' })

// Tasks run in order: the server crashes during the first, the second finds it dead and gets a new one.
mcpTask('server/crash-mid-call', { servers: ['probe'], prompt: 'Crash the server.', reference: plan('c', 'probe.crash-now') })
mcpTask('server/after-a-crash', {
  servers: ['probe'],
  prompt: 'Echo ok.',
  reference: { ...plan('e', 'probe.echo', { text: 'ok' }), answer: 'It said ok.', facts: ['ok'] },
})
mcpTask('server/tool-hangs', {
  servers: ['impatient'],
  prompt: 'Sleep for a minute.',
  reference: plan('s', 'impatient.sleep', { ms: 60_000 }),
})
mcpTask('server/hangs-at-start', { servers: ['hangs-at-start'], prompt: 'x', reference: plan('a', 'hangs-at-start.anything') })
mcpTask('server/garbage-on-stdout', { servers: ['garbage'], prompt: 'x', reference: plan('a', 'garbage.anything') })
// Moving 10 MB through stdio, JSON and the cut takes seconds on a loaded machine: this task is about size, not time,
// so it gets a budget no load reaches instead of the project's 8 s.
mcpTask('server/ten-megabytes', {
  servers: ['probe'],
  prompt: 'Fetch a huge result.',
  timeout: 120_000,
  reference: plan('h', 'probe.huge', { n: 10_000_000 }),
})
mcpTask('server/leaks-its-key', { servers: ['leaky'], prompt: 'x', reference: plan('a', 'leaky.anything') })
