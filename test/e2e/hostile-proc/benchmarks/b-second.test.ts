import { mcpTask } from 'vitest-mcp-bench'

// Runs after a-first.test.ts in the same worker: when that worker dies, these never start.
for (const word of ['two', 'three']) {
  mcpTask(`second/${word}`, {
    servers: ['stubborn'],
    prompt: `Echo ${word}.`,
    reference: { calls: [{ id: 'e', tool: 'stubborn.echo', args: { text: word } }], answer: `It said ${word}.`, facts: [word] },
  })
}
