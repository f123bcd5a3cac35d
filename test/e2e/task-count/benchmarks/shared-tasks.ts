import { mcpTask } from 'vitest-mcp-bench'

/** Tasks built by a module the task file imports, as a suite shares its task builders. */
export function addTasks(prefix: string, numbers: number[]): void {
  for (const n of numbers)
    mcpTask(`${prefix}/${n}`, {
      servers: ['math'],
      prompt: `add ${n}`,
      reference: { calls: [{ id: 'a', tool: 'math.sum', args: { numbers: [n] } }] },
    })
}
