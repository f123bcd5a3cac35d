import { createInterface } from 'node:readline'
import { Referee } from './referee.ts'
import { RequestSchema, type Reply, type RunEnd } from './protocol.ts'

/**
 * The referee's own process, started by Vitest's main process for a run (referee-client.ts). It reads one
 * request per line on its stdin and answers each on its stdout, in the order they came; nothing else may go to
 * stdout, so anything a module logs goes to stderr. It ends when its stdin does: when the main process is
 * done with it, or has died, so it never outlives the run.
 *
 * It ignores SIGINT, SIGTERM and SIGHUP: Ctrl-C (or a hangup) reaches the whole process group, this process included, and the main
 * process, which handles them, still needs it to write the reports of the tasks that finished.
 */
function main(): void {
  console.log = console.info = console.debug = console.error
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => {})
  let referee: Referee | undefined
  let parts: RunEnd['files'] = []
  // One request at a time, in order: a result's rows are made before the end of the run reads them.
  let queue = Promise.resolve()
  const send = (reply: Reply) => process.stdout.write(`${JSON.stringify(reply)}\n`)
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
  lines.on('line', (line) => {
    queue = queue.then(async () => {
      let id: number | null = null
      try {
        const request = RequestSchema.parse(JSON.parse(line))
        if (request.type === 'init') {
          referee = new Referee(request.settings)
          return
        }
        if (!referee) throw new Error('referee: a request came before its settings')
        if (request.type === 'end-part') {
          parts.push(...request.files)
          return
        }
        id = request.id
        if (request.type === 'result') send({ type: 'record', id, record: await referee.result(request.item) })
        else {
          const files = [...parts, ...request.run.files]
          parts = []
          const end = request.id
          send({ type: 'verdict', id: end, verdict: await referee.end({ ...request.run, files }, (properties) => send({ type: 'properties', id: end, properties })) })
        }
      } catch (error) {
        send({ type: 'error', id, message: (error as Error).stack ?? String(error) })
      }
    })
  })
  lines.on('close', () => {
    void queue.finally(() => {
      referee?.close()
      process.exit(0)
    })
  })
}

main()
