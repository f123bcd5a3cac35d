import { appendFileSync } from 'node:fs'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createServer } from './hostile-server.ts'

// Lets end-to-end tests check that no server process outlives a run.
if (process.env.PROBE_PID_FILE) appendFileSync(process.env.PROBE_PID_FILE, `${process.pid}\n`)
const server = createServer({
  badTool: process.argv.includes('--bad-tool'),
  hugeList: process.argv.includes('--huge-list'),
  closeStdout: process.argv.includes('--close-stdout'),
})
await server.connect(new StdioServerTransport())
const exit = () => void server.close().finally(() => process.exit(0))
process.stdin.on('end', exit)
process.stdin.on('close', exit)
