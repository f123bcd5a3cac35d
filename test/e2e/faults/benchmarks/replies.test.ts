import { mcpTask } from 'vitest-mcp-bench'

// The scripted model (test/e2e/faults-hostile.test.ts) answers by the REPLY word in the prompt with a valid but
// unusual shape: what vLLM, Ollama, LM Studio or a proxy may send.
for (const shape of ['args-object', 'no-id', 'content-parts', 'usage-fraction', 'usage-negative', 'no-name']) {
  mcpTask(`reply/${shape}`, {
    servers: ['probe'],
    prompt: `REPLY ${shape}: echo hello.`,
    reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: 'hello' } }], answer: 'It said hello.', facts: ['hello'] },
  })
}
