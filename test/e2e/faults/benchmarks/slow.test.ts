import { mcpTask } from 'vitest-mcp-bench'

// Run only by the interrupt tests (test/e2e/interrupt.test.ts): two quick tasks, then one that waits long enough to be interrupted.
for (const word of ['one', 'two']) {
  mcpTask(`slow/quick-${word}`, {
    servers: ['probe'],
    prompt: `Echo ${word}.`,
    reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: word } }], answer: `It said ${word}.`, facts: [word] },
  })
}
mcpTask('slow/long-wait', {
  servers: ['probe'],
  prompt: 'Wait a long time.',
  timeout: 60_000,
  reference: {
    calls: [
      { id: 'e', tool: 'probe.echo', args: { text: 'start' } },
      { id: 's', tool: 'probe.sleep', args: { ms: 25_000 }, after: ['e'] },
    ],
    answer: 'done',
  },
})
mcpTask('slow/never-started', {
  servers: ['probe'],
  prompt: 'Echo late.',
  reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'late' } }], answer: 'It said late.', facts: ['late'] },
})
