import { mcpTask } from 'vitest-mcp-bench'

const spec = (n: number) => ({
  servers: ['math'],
  prompt: `add ${n}`,
  reference: { calls: [{ id: 'a', tool: 'math.sum', args: { numbers: [n, 1] } }] },
})
for (const n of [1, 2, 3]) mcpTask(`loop/${n}`, spec(n))
