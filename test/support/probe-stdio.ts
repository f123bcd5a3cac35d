import { appendFileSync, existsSync } from 'node:fs'
import { runStdio } from '../../fixtures/servers/shared/stdio.ts'
import { createServer } from './probe-server.ts'

// Every start, before anything can fail it (the hub's tests count attempts).
if (process.env.PROBE_ATTEMPTS_FILE) appendFileSync(process.env.PROBE_ATTEMPTS_FILE, `${process.pid}\n`)
// A server that fails to start until a file exists (the hub's retry tests).
if (process.env.PROBE_START_WHEN && !existsSync(process.env.PROBE_START_WHEN)) process.exit(5)

// Lets end-to-end tests check that no server process outlives a run.
if (process.env.PROBE_PID_FILE) {
  appendFileSync(process.env.PROBE_PID_FILE, `${process.pid}\n`)
  // The test worker that started this server, so tests can check it too is gone after an interrupt.
  appendFileSync(`${process.env.PROBE_PID_FILE}.parents`, `${process.ppid}\n`)
}
await runStdio(createServer)
