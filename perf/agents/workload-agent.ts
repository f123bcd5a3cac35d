import type { AgentContext } from 'vitest-mcp-bench'

/**
 * Workload W's agent: three tool turns of two parallel calls each, then a final answer. The prompt names the
 * server (`memory` or `stdio`) and the number of turns (`stdio 3`); `stdio 1 single` makes one call only.
 */
export default async function workload(ctx: AgentContext): Promise<string> {
  const [server, turns = '3', single] = ctx.task.prompt.split(' ')
  let total = 0
  for (let turn = 1; turn <= Number(turns); turn++) {
    ctx.nextRound()
    const calls = single
      ? [ctx.callTool(`${server}__add`, { firstNumber: turn, secondNumber: 1 })]
      : [
          ctx.callTool(`${server}__add`, { firstNumber: turn, secondNumber: 1 }),
          ctx.callTool(`${server}__multiply`, { firstNumber: turn, SecondNumber: 2 }),
        ]
    for (const out of await Promise.all(calls)) total += Number(out.text) || 0
  }
  return `The total is ${total}.`
}
