import { afterAll, beforeAll, expect, test } from 'vitest'
import { workloadClients, workloadTasks } from '../lib/workload-clients.ts'
import { runWorkloadTask, workloadAnswer } from '../lib/workload.ts'

// The floor of perf/bar.ts: plain Vitest running workload W's loop, one `test.concurrent` per task, one MCP
// client for the file (as this project shares a server per file). Run with `--maxConcurrency C`.
let clients: Awaited<ReturnType<typeof workloadClients>>
beforeAll(async () => {
  clients = await workloadClients()
})
afterAll(() => clients?.close())

for (let i = 0; i < workloadTasks(); i++) {
  test.concurrent(`workload/${i}`, async () => {
    expect(await runWorkloadTask(clients, i)).toBe(workloadAnswer(i))
  })
}
