import { mcpTask } from 'vitest-mcp-bench'

mcpTask(
  'probe/echo',
  {
    servers: ['probe'],
    prompt: 'Echo the word hello.',
    reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'hello' } }], answer: 'The server said hello.', facts: ['hello'] },
  },
  async ({ run, expect }) => {
    expect(run).toCallTool('probe.echo', { text: 'hello' })
    await expect(run).toPassJudge({ min: 0.5 })
  },
)

mcpTask(
  'probe/counter-is-fresh',
  {
    servers: ['stateful'],
    prompt: 'Increment the counter twice.',
    reference: {
      calls: [
        { id: 'a', tool: 'stateful.increment' },
        { id: 'b', tool: 'stateful.increment', after: ['a'] },
      ],
      answer: 'The counter is 2.',
    },
  },
  ({ run, expect }) => {
    const last = run.trajectory.calls.at(-1)!.result as Array<{ text: string }>
    expect(last[0]!.text).toBe('2')
  },
)

mcpTask(
  'probe/counter-is-fresh-again',
  {
    servers: ['stateful'],
    prompt: 'Increment the counter once.',
    reference: { calls: [{ id: 'a', tool: 'stateful.increment' }], answer: 'The counter is 1.' },
  },
  ({ run, expect }) => {
    expect((run.trajectory.calls[0]!.result as Array<{ text: string }>)[0]!.text).toBe('1')
  },
)

mcpTask('probe/wrong-facts', {
  servers: ['probe'],
  prompt: 'Echo hello.',
  reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'hello' } }], answer: 'It said hello.', facts: ['goodbye'] },
})
