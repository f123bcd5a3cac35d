import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { parseMcpBenchCommands, type McpBenchCommands } from '../import/mcp-bench-commands.ts'
import { defaultFixturesDir } from '../import/mcp-bench-fixtures.ts'
import { readCheckoutTemplates } from '../import/mcp-bench-templates.ts'
import { MCP_BENCH_TEMPLATES_FILE } from '../contracts/mcp-bench-templates.ts'
import { mergeServersFile, planServers, renderServerTable } from '../import/mcp-bench-servers.ts'
import {
  countServerUsage,
  mergeFiles,
  parseMcpBenchTaskFile,
  renderTaskFile,
  serverKey,
  toImportedFiles,
  type ImportedFile,
  type ServerUsage,
} from '../import/import-mcp-bench.ts'
import { HELP, InputError, ioReason, parseCommandArgs, processIO, requireValues, runCommand, UsageError, type CliIO } from './command.ts'

const USAGE = `usage: mcp-bench import <mcpbench_tasks.json>… [options]

  MCP-Bench's released task files as mcpTask files (one per server combination), and
  mcp.servers.json entries for its servers.

  --out <dir>               where the task files go (default benchmarks/mcp-bench)
  --commands <file>         MCP-Bench's mcp_servers/commands.json: write an entry for each of its servers
  --mcp-bench-dir <dir>     an MCP-Bench checkout (the directory holding mcp_servers/): the servers'
                            working directories; also finds commands.json when --commands is not given,
                            and the judge's and the planner's prompt templates (read with python3 from the
                            checkout's own code into <out>/mcp-bench-templates.json, for fidelity
                            'released-code')
  --offline                 use this project's fixture for every server that has one
  --servers-out <file>      the servers file to add entries to (default mcp.servers.json); entries
                            it already has are kept as they are
  --map "Name=key,…"        config keys for MCP-Bench server names (default: the fixture names)
  -h, --help                this text
`

interface Options {
  taskFiles: string[]
  out: string
  commands?: string
  mcpBenchDir?: string
  offline: boolean
  serversOut?: string
  overrides: Record<string, string>
}

/**
 * `mcp-bench import`: MCP-Bench task files → mcpTask files, and commands.json → servers-file entries.
 * Exit codes: 0 ok, 1 bad input (named), 2 bad usage (with the usage text).
 */
export function main(argv: readonly string[], io: CliIO = processIO(), cwd = process.cwd()): Promise<number> {
  return runCommand({ name: 'import', usage: USAGE, parse: parseOptions, run: (options) => run(options, io, cwd) }, argv, io)
}

function parseOptions(argv: readonly string[]): Options | typeof HELP {
  const { values, positionals } = parseCommandArgs(argv, {
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      commands: { type: 'string' },
      'mcp-bench-dir': { type: 'string' },
      offline: { type: 'boolean' },
      'servers-out': { type: 'string' },
      map: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return HELP
  if (positionals.length === 0) throw new UsageError('name at least one MCP-Bench task file')
  requireValues(values)
  return {
    taskFiles: positionals,
    out: values.out ?? 'benchmarks/mcp-bench',
    commands: values.commands,
    mcpBenchDir: values['mcp-bench-dir'],
    offline: values.offline ?? false,
    serversOut: values['servers-out'],
    overrides: parseMap(values.map),
  }
}

function parseMap(arg: string | undefined): Record<string, string> {
  const map: Record<string, string> = {}
  for (const pair of arg ? arg.split(',') : []) {
    const [name, key, ...rest] = pair.split('=').map((x) => x.trim())
    if (!name || !key || rest.length) throw new UsageError(`--map entries look like "Server Name=key", not "${pair}"`)
    map[name] = key
  }
  return map
}

function readJson(file: string, what: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new InputError(`${file}: cannot read the ${what}: ${ioReason(error)}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new InputError(`${file}: the ${what} is not JSON: ${(error as Error).message}`)
  }
}

function run(options: Options, io: CliIO, cwd: string): number {
  // Tasks: every file read and checked before anything is written.
  const usage = new Map<string, ServerUsage>()
  const imported: ImportedFile[] = []
  const sources = new Map<string, Set<string>>()
  for (const taskFile of options.taskFiles) {
    const file = resolve(cwd, taskFile)
    let parsed
    try {
      parsed = parseMcpBenchTaskFile(readJson(file, 'task file'))
    } catch (error) {
      if (error instanceof InputError) throw error
      throw new InputError(`${file}: ${(error as Error).message}`)
    }
    countServerUsage(parsed, usage)
    const files = toImportedFiles(parsed, options.overrides)
    for (const f of files) (sources.get(f.name) ?? sources.set(f.name, new Set()).get(f.name)!).add(basename(file))
    imported.push(...files)
    io.stdout.write(`${basename(file)}: ${files.reduce((n, f) => n + f.tasks.length, 0)} tasks\n`)
  }

  const commandsFile = options.commands ?? (options.mcpBenchDir ? join(options.mcpBenchDir, 'mcp_servers', 'commands.json') : undefined)
  let commands: McpBenchCommands | undefined
  if (commandsFile) {
    const file = resolve(cwd, commandsFile)
    try {
      commands = parseMcpBenchCommands(readJson(file, 'commands file'))
    } catch (error) {
      if (error instanceof InputError) throw error
      throw new InputError(`${file}: ${(error as Error).message}`)
    }
  }
  if (options.mcpBenchDir && !existsSync(resolve(cwd, options.mcpBenchDir))) {
    throw new InputError(`${resolve(cwd, options.mcpBenchDir)}: --mcp-bench-dir does not exist`)
  }

  const merged = mergeFiles(imported)
  const out = resolve(cwd, options.out)
  mkdirSync(out, { recursive: true })
  for (const f of merged) writeFileSync(join(out, f.name), renderTaskFile(f, [...sources.get(f.name)!].join(', ')))
  io.stdout.write(`${merged.reduce((n, f) => n + f.tasks.length, 0)} tasks in ${merged.length} files written to ${out}\n`)
  if (options.mcpBenchDir) writeTemplates(resolve(cwd, options.mcpBenchDir), out, cwd, io)

  // Every server a task needs, as its own server or as a named distractor: all must be declared.
  const declare = [...usage.keys()].map((name) => serverKey(name, options.overrides))
  io.stdout.write(`servers to declare in mcp.servers.json: ${[...new Set(declare)].sort().join(', ')}\n`)

  const writesServers = commands !== undefined || options.offline
  const serversOut = resolve(cwd, options.serversOut ?? 'mcp.servers.json')
  const plan = planServers({
    commands,
    usage,
    offline: options.offline,
    fixturesDir: defaultFixturesDir(),
    where: { dir: options.mcpBenchDir, configRoot: dirname(serversOut), cwd },
    overrides: options.overrides,
  })
  io.stdout.write(`\n${renderServerTable(plan.rows)}`)
  if (!options.mcpBenchDir && commands) {
    io.stdout.write('no --mcp-bench-dir: real servers run in ${MCP_BENCH_DIR}/mcp_servers/…; set MCP_BENCH_DIR to your checkout\n')
  }
  if (!writesServers) {
    io.stdout.write('no servers file written: give --commands or --mcp-bench-dir for the real servers, or --offline for the fixtures\n')
    return 0
  }
  const existing = existsSync(serversOut) ? readJson(serversOut, 'servers file') : undefined
  let result
  try {
    result = mergeServersFile(existing, plan.entries)
  } catch (error) {
    throw new InputError(`${serversOut}: ${(error as Error).message}`)
  }
  writeFileSync(serversOut, `${JSON.stringify(result.file, null, 2)}\n`)
  io.stdout.write(`${result.added.length} server entries added to ${serversOut}\n`)
  if (result.kept.length) io.stdout.write(`kept as they were (already in the file): ${result.kept.join(', ')}\n`)
  const unconfigured = plan.rows.filter((r) => !(r.key in result.file.mcpServers)).map((r) => r.key)
  if (unconfigured.length) io.stdout.write(`no entry could be written for: ${unconfigured.join(', ')}\n`)
  return 0
}

/**
 * MCP-Bench's judge and planner templates, taken from the checkout by running its own prompt builders, stored with
 * the suite. Not having them is not an error: the judge and the planner then use this project's wording, and say so.
 */
function writeTemplates(checkout: string, out: string, cwd: string, io: CliIO): void {
  const read = readCheckoutTemplates(checkout)
  if ('reason' in read) {
    io.stdout.write(
      `no MCP-Bench judge templates taken from ${checkout}: ${read.reason}\nthe judge and the planner will use this project's wording\n`,
    )
    return
  }
  const file = join(out, MCP_BENCH_TEMPLATES_FILE)
  writeFileSync(file, `${JSON.stringify(read.templates, null, 1)}\n`)
  const shown = relative(cwd, file) || file
  io.stdout.write(`MCP-Bench's judge and planner templates (commit ${read.templates.source.commit ?? 'unknown'}) written to ${file}\n`)
  // Under the preset the planner takes the judge's; a planner outside it is given them as its own `templates`.
  io.stdout.write(`use them with: judge: { templates: './${shown.split(sep).join('/')}' }\n`)
}
