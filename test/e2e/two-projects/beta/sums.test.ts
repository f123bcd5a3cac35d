import { mcpTask } from 'vitest-mcp-bench'

for (const [a, b] of [
  [4, 6],
  [20, 5],
] as Array<[number, number]>) {
  mcpTask(`beta/sum-${a}-${b}`, {
    servers: ['math'],
    prompt: `What is ${a} plus ${b}?`,
    reference: {
      calls: [{ id: 's', tool: 'math.add', args: { firstNumber: a, secondNumber: b } }],
      answer: `${a + b}`,
      facts: [String(a + b)],
    },
  })
}
