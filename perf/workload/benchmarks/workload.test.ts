import { mcpTask } from 'vitest-mcp-bench'
import { workloadAnswer, workloadPrompt } from '../../lib/workload.ts'

// PERF_TASKS tasks of workload W in one file, so they share one server; run with --sequence.concurrent.
const count = Number(process.env.PERF_TASKS ?? 8)
for (let i = 0; i < count; i++) {
  mcpTask(`workload/${i}`, {
    servers: ['math'],
    prompt: workloadPrompt(i),
    reference: {
      calls: [
        { id: 'add', tool: 'math.add', args: { firstNumber: i, secondNumber: 1 } },
        { id: 'multiply', tool: 'math.multiply', args: { firstNumber: i, SecondNumber: 2 } },
      ],
      answer: workloadAnswer(i),
      facts: [String(i + 1), String(i * 2)],
    },
  })
}
