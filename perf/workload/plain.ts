/**
 * Workload W with no test runner: one MCP SDK client on one stdio server, the openai SDK, and the
 * shared loop (perf/lib/workload.ts) run PERF_TASKS times, PERF_CONCURRENCY at once. A contender of
 * perf/bar.ts. Exits non-zero if any answer is wrong.
 */
import { workloadClients, workloadTasks } from '../lib/workload-clients.ts'
import { runPool, runWorkloadTask, workloadAnswer } from '../lib/workload.ts'

const clients = await workloadClients()
let wrong = 0
await runPool(workloadTasks(), Number(process.env.PERF_CONCURRENCY), async (i) => {
  const answer = await runWorkloadTask(clients, i)
  if (answer !== workloadAnswer(i)) wrong++
})
await clients.close()
if (wrong) {
  console.error(`plain: ${wrong} wrong answers`)
  process.exit(1)
}
