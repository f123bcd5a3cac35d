import { runStdio } from '../../fixtures/servers/shared/stdio.ts'
import { createServer } from './probe-server.ts'

await runStdio(createServer)
