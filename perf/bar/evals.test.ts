// @ts-nocheck vitest-evals is installed only in perf/bar.ts's scratch project, never in this repository.
import { afterAll, beforeAll, expect } from 'vitest'
import { createHarness, describeEval } from 'vitest-evals'
import { workloadClients, workloadTasks } from '../lib/workload-clients.ts'
import { runWorkloadTask, workloadAnswer, workloadPrompt } from '../lib/workload.ts'

// vitest-evals running workload W's loop as a custom harness (its `createHarness`), a contender of perf/bar.ts.
let clients: Awaited<ReturnType<typeof workloadClients>>
beforeAll(async () => {
  clients = await workloadClients()
})
afterAll(() => clients?.close())

const harness = createHarness({
  name: 'workload-w',
  run: async ({ input }: { input: number }) => {
    const answer = await runWorkloadTask(clients, input)
    return {
      events: [
        { type: 'message', role: 'user', content: workloadPrompt(input) },
        { type: 'message', role: 'assistant', content: answer },
      ],
      output: answer,
      usage: {},
    }
  },
})

describeEval('workload', { harness }, (it) => {
  for (let i = 0; i < workloadTasks(); i++) {
    it.concurrent(`workload/${i}`, async ({ run }) => {
      const result = await run(i)
      expect(result.output).toBe(workloadAnswer(i))
    })
  }
})
