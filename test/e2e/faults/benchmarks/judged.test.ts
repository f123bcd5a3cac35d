import { mcpTask } from 'vitest-mcp-bench'

for (const id of ['judged/one', 'judged/two']) {
  mcpTask(id, {
    servers: ['probe'],
    prompt: 'Echo hello.',
    reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'hello' } }], answer: 'It said hello.', facts: ['hello'] },
  })
}
