// Setup file of the `unit` project: a unit test starts no process and listens on no socket. Every way of starting a
// child process (child_process.spawn/exec/execFile/fork and their sync forms, which cross-spawn and the MCP SDK's
// StdioClientTransport go through) and net.Server#listen (http, https and the scripted model server go through it)
// throws here, and any attempt, even one the code under test catches and records, fails the test that made it. A
// file that needs either belongs in `*.integration.test.ts` or test/e2e/ (see vitest.config.ts).
import childProcess from 'node:child_process'
import * as nodeModule from 'node:module'
import net from 'node:net'
import { afterEach } from 'vitest'

const attempts: string[] = []

function refuse(what: string): never {
  const message =
    `unit project: ${what} is not allowed here (no child processes, no listening sockets). ` +
    'Rename the file to *.integration.test.ts (servers, stdio, loopback) or move it to test/e2e/ (child Vitest, tsc, signals).'
  attempts.push(message)
  throw new Error(message)
}

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  Object.defineProperty(childProcess, name, {
    configurable: true,
    writable: true,
    value: () => refuse(`child_process.${name}()`),
  })
}
// ESM importers of node:child_process see the replaced functions too (a no-op where a runtime has no such step).
nodeModule.syncBuiltinESMExports?.()

net.Server.prototype.listen = function listen() {
  return refuse('net.Server#listen() (an HTTP or TCP server)')
}

// Checked after each test, so an attempt in a beforeAll or afterAll hook is reported on the test that runs next.
afterEach(() => {
  if (attempts.length === 0) return
  const found = attempts.splice(0)
  throw new Error(found[0] + (found.length > 1 ? ` (and ${found.length - 1} more attempt(s))` : ''))
})
