import { mcpTask } from 'vitest-mcp-bench'

/** Eight tasks of one tool call each; the prompt names the file and the number so the scripted model can answer. */
export function sums(file: string): void {
  for (let i = 0; i < 8; i++) {
    mcpTask(`${file}/sum-${i}`, {
      servers: ['math'],
      prompt: `[${file}] Use the math tools to add 1000 and ${i}.`,
      reference: {
        calls: [{ id: 'sum', tool: 'math.sum', args: { numbers: [1000, i] } }],
        answer: `The sum is ${1000 + i}.`,
        facts: [String(1000 + i)],
      },
    })
  }
}
