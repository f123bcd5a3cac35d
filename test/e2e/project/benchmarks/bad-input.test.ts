import { mcpTask } from 'vitest-mcp-bench'

mcpTask('bad/unknown-server', { servers: ['nope'], prompt: 'x', reference: { calls: [{ id: 'a', tool: 'nope.t' }] } })

// @ts-expect-error: prompt is missing and servers has the wrong type, on purpose
mcpTask('bad/spec', { servers: 'probe', reference: { calls: [{ id: 'a', tool: 'no-dot' }] } })

mcpTask('bad/server-exits', { servers: ['dies'], prompt: 'x', reference: { calls: [{ id: 'a', tool: 'dies.t' }] } })

mcpTask('bad/no-command', { servers: ['ghost'], prompt: 'x', reference: { calls: [{ id: 'a', tool: 'ghost.t' }] } })

mcpTask('bad/invalid-server-config', { servers: ['broken'], prompt: 'x', reference: { calls: [{ id: 'a', tool: 'broken.t' }] } })

mcpTask('bad/failing-reference-step', { servers: ['probe'], prompt: 'x', reference: { calls: [{ id: 'f', tool: 'probe.fail' }] } })

mcpTask('bad/cycle', {
  servers: ['probe'],
  prompt: 'x',
  reference: {
    calls: [
      { id: 'a', tool: 'probe.echo', after: ['b'] },
      { id: 'b', tool: 'probe.echo', after: ['a'] },
    ],
  },
})

mcpTask('bad/agent-timeout', {
  servers: ['probe'],
  prompt: 'x',
  timeout: 1_000,
  reference: {
    calls: [
      { id: 'e', tool: 'probe.echo', args: { text: 'first' } },
      { id: 's', tool: 'probe.sleep', args: { ms: 5_000 }, after: ['e'] },
    ],
  },
})
