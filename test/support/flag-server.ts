import { existsSync } from 'node:fs'
import { createServer as createProbe } from './probe-server.ts'

/** The probe server, in process, that refuses to start while `options.flag` names a missing file (start-failure tests). */
export function createServer(options: { flag: string }) {
  if (!existsSync(options.flag)) throw new Error(`flag file ${options.flag} is missing`)
  return createProbe({ name: 'flag' })
}
