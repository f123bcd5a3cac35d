import { mcpTask } from 'vitest-mcp-bench'

// The scripted model answers by the FAULT word in the prompt (see test/e2e/faults.test.ts).
for (const fault of ['ok', '401', '429', '500', 'timeout', 'html', 'no-choices']) {
  mcpTask(`model/${fault}`, {
    servers: ['probe'],
    prompt: `FAULT ${fault}: echo hello.`,
    reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'hello' } }], answer: 'It said hello.', facts: ['hello'] },
  })
}
