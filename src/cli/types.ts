import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadServersFile, ServerConfigError } from '../config/load-servers.ts'
import { renderDeclarations } from '../typegen/declarations.ts'
import { listTools } from './server-tools.ts'

export const USAGE = `usage: mcp-bench types [servers.json] [--out mcp-bench.d.ts]

  Starts every server in the servers file (default mcp.servers.json), lists its tools and writes a
  declaration file that types the project's names: servers: ['…'], tool: 'server.tool' and the
  matchers' tool names autocomplete, a misspelt one is a compile error, and reference-call args are
  typed from each tool's input schema. Keep the file where tsconfig.json includes it; rerun it when
  a server's tools change. Without it every name is a plain string.

  --out <file>      the declaration file to write (default mcp-bench.d.ts)
  --servers <file>  the servers file (the same as naming it first)
  -h, --help        this text
`

interface Io {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

/** `mcp-bench types`. Exit codes: 0 written, 1 a server failed or the file is bad (named), 2 bad usage. */
export async function main(argv: readonly string[], io: Io = { stdout: process.stdout, stderr: process.stderr }, cwd = process.cwd()): Promise<number> {
  let values: { out?: string; servers?: string; help?: boolean }
  let positionals: string[]
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { out: { type: 'string' }, servers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }))
    if (positionals.length > 1 || (positionals.length && values.servers)) throw new Error('name one servers file')
    for (const flag of ['out', 'servers'] as const) if (values[flag]?.trim() === '') throw new Error(`--${flag} needs a value`)
  } catch (error) {
    io.stderr.write(`types: ${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (values.help) {
    io.stdout.write(USAGE)
    return 0
  }
  const serversFile = resolve(cwd, values.servers ?? positionals[0] ?? 'mcp.servers.json')
  const out = resolve(cwd, values.out ?? 'mcp-bench.d.ts')
  let loaded
  try {
    loaded = loadServersFile(serversFile, cwd)
  } catch (error) {
    if (!(error instanceof ServerConfigError)) throw error
    io.stderr.write(`types: ${error.message}\n`)
    return 1
  }
  const invalid = Object.values(loaded.invalid)
  if (invalid.length) {
    io.stderr.write(`types: ${invalid.join('\n')}\n`)
    return 1
  }
  if (!Object.keys(loaded.servers).length) {
    io.stderr.write(`types: ${serversFile} declares no servers\n`)
    return 1
  }
  const { tools, failures } = await listTools(loaded.servers, cwd)
  const failed = Object.keys(failures).sort()
  if (failed.length) {
    // A partial file would make the missing servers' names compile errors: write nothing.
    io.stderr.write(`types: ${failed.length} server${failed.length > 1 ? 's' : ''} did not start, nothing written:\n${failed.map((name) => `  ${failures[name]}`).join('\n')}\n`)
    return 1
  }
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, renderDeclarations(tools, relative(dirname(out), serversFile) || serversFile))
  const toolCount = Object.values(tools).reduce((n, list) => n + list.length, 0)
  io.stdout.write(`types: ${relative(cwd, out) || out}: ${Object.keys(tools).length} servers, ${toolCount} tools\n`)
  return 0
}
