import { mcpTask } from 'vitest-mcp-bench'

for (const word of ['alpha', 'beta']) {
  mcpTask(`more/echo-${word}`, {
    servers: ['probe'],
    prompt: `Echo the word ${word}.`,
    reference: { calls: [{ id: 'e', tool: 'probe.echo', args: { text: word } }], answer: `The server said ${word}.`, facts: [word] },
  })
}
