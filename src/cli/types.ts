import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { loadServersFile, ServerConfigError } from '../config/load-servers.ts'
import { renderDeclarations } from './typegen/declarations.ts'
import { HELP, InputError, parseCommandArgs, processIO, requireValues, runCommand, UsageError, type CliIO } from './command.ts'
import { listTools } from './server-tools.ts'

const USAGE = `usage: mcp-bench types [servers.json] [--out mcp-bench.d.ts]

  Starts every server in the servers file (default mcp.servers.json), lists its tools and writes a
  declaration file that types the project's names: servers: ['…'], tool: 'server.tool' and the
  matchers' tool names autocomplete, a misspelt one is a compile error, and reference-call args are
  typed from each tool's input schema. Keep the file where tsconfig.json includes it; rerun it when
  a server's tools change. Without it every name is a plain string.

  --out <file>      the declaration file to write (default mcp-bench.d.ts)
  --servers <file>  the servers file (the same as naming it first)
  -h, --help        this text
`

interface TypesOptions {
  serversFile: string
  out: string
}

/** `mcp-bench types`. Exit codes: 0 written, 1 a server failed or the file is bad (named), 2 bad usage. */
export function main(argv: readonly string[], io: CliIO = processIO(), cwd = process.cwd()): Promise<number> {
  return runCommand(
    {
      name: 'types',
      usage: USAGE,
      parse: (args) => parseOptions(args, cwd),
      run: (options) => run(options, io, cwd),
      inputErrors: [ServerConfigError],
    },
    argv,
    io,
  )
}

function parseOptions(argv: readonly string[], cwd: string): TypesOptions | typeof HELP {
  const { values, positionals } = parseCommandArgs(argv, {
    allowPositionals: true,
    options: { out: { type: 'string' }, servers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (positionals.length > 1 || (positionals.length && values.servers)) throw new UsageError('name one servers file')
  requireValues(values)
  if (values.help) return HELP
  return {
    serversFile: resolve(cwd, values.servers ?? positionals[0] ?? 'mcp.servers.json'),
    out: resolve(cwd, values.out ?? 'mcp-bench.d.ts'),
  }
}

async function run({ serversFile, out }: TypesOptions, io: CliIO, cwd: string): Promise<number> {
  const loaded = loadServersFile(serversFile, cwd)
  const invalid = Object.values(loaded.invalid)
  if (invalid.length) throw new InputError(invalid.join('\n'))
  if (!Object.keys(loaded.servers).length) throw new InputError(`${serversFile} declares no servers`)
  const { tools, failures } = await listTools(loaded.servers, cwd)
  const failed = Object.keys(failures).sort()
  if (failed.length) {
    // A partial file would make the missing servers' names compile errors: write nothing.
    throw new InputError(
      `${failed.length} server${failed.length > 1 ? 's' : ''} did not start, nothing written:\n${failed.map((name) => `  ${failures[name]}`).join('\n')}`,
    )
  }
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, renderDeclarations(tools, relative(dirname(out), serversFile) || serversFile))
  const toolCount = Object.values(tools).reduce((n, list) => n + list.length, 0)
  io.stdout.write(`types: ${relative(cwd, out) || out}: ${Object.keys(tools).length} servers, ${toolCount} tools\n`)
  return 0
}
