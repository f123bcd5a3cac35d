import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadServersFile, ServerConfigError } from '../config/load-servers.ts'
import { lintTools } from '../lint/tool-lint.ts'
import type { ToolLintReport, ToolLintWarning } from '../contracts/tool-lint.ts'
import { cleanText } from '../lib/text.ts'
import { HELP, InputError, ioReason, parseCommandArgs, processIO, requireValues, runCommand, UsageError, type CliIO } from './command.ts'
import { listTools } from './server-tools.ts'

const USAGE = `usage: mcp-bench lint-tools [servers.json] [--server NAME]… [--across-servers] [--json out.json] [--strict]

  Starts the servers as a run would (the same servers file, toolOverrides included), lists their tools
  and warns about what predicts that a model confuses or misuses them: near-duplicate names or
  descriptions, vague descriptions, parameters without descriptions, free strings whose description
  lists their values (enums), parameters without a type, large unions, deep nesting and $ref.

  --server <name>     lint this server only (repeatable; default: every server in the file)
  --across-servers    compare names and descriptions across servers too (a task's catalog with
                      distractors puts them side by side)
  --json <file>       also write the report as JSON
  --strict            exit 3 when there is any warning
  --servers <file>    the servers file (the same as naming it first)
  -h, --help          this text
`

/** `--strict`: the exit code when there is a warning. */
export const HAS_WARNINGS = 3

interface LintToolsOptions {
  serversFile: string
  only: string[]
  acrossServers: boolean
  json?: string
  strict: boolean
}

/** `mcp-bench lint-tools`. Exit codes: 0 linted, 1 bad input or a server that did not start, 2 bad usage, 3 warnings with --strict. */
export function main(argv: readonly string[], io: CliIO = processIO(), cwd = process.cwd()): Promise<number> {
  return runCommand(
    {
      name: 'lint-tools',
      usage: USAGE,
      parse: (args) => parseOptions(args, cwd),
      run: (o) => run(o, io, cwd),
      inputErrors: [ServerConfigError],
    },
    argv,
    io,
  )
}

function parseOptions(argv: readonly string[], cwd: string): LintToolsOptions | typeof HELP {
  const { values, positionals } = parseCommandArgs(argv, {
    allowPositionals: true,
    options: {
      server: { type: 'string', multiple: true },
      servers: { type: 'string' },
      'across-servers': { type: 'boolean' },
      json: { type: 'string' },
      strict: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (positionals.length > 1 || (positionals.length && values.servers)) throw new UsageError('name one servers file')
  requireValues(values)
  if (values.help) return HELP
  return {
    serversFile: resolve(cwd, values.servers ?? positionals[0] ?? 'mcp.servers.json'),
    only: values.server ?? [],
    acrossServers: values['across-servers'] === true,
    ...(values.json ? { json: resolve(cwd, values.json) } : {}),
    strict: values.strict === true,
  }
}

async function run(options: LintToolsOptions, io: CliIO, cwd: string): Promise<number> {
  const loaded = loadServersFile(options.serversFile, cwd)
  const unknown = options.only.filter((name) => !loaded.servers[name] && !loaded.invalid[name])
  if (unknown.length)
    throw new InputError(
      `${options.serversFile} has no server ${unknown.map((u) => `"${u}"`).join(', ')} (it has: ${Object.keys(loaded.servers).join(', ') || 'none'})`,
    )
  const wanted = options.only.length ? options.only : Object.keys(loaded.servers)
  const invalid = wanted.filter((name) => loaded.invalid[name]).map((name) => loaded.invalid[name]!)
  if (invalid.length) throw new InputError(invalid.join('\n'))
  if (!wanted.length) throw new InputError(`${options.serversFile} declares no servers`)
  const { tools, failures } = await listTools(Object.fromEntries(wanted.map((name) => [name, loaded.servers[name]!])), cwd)
  const started = wanted.filter((name) => tools[name]).sort()
  const warnings = lintTools(
    started.map((server) => ({ server, tools: tools[server]! })),
    { acrossServers: options.acrossServers },
  )
  const report: ToolLintReport = {
    servers: started.map((server) => ({ server, tools: tools[server]!.length })),
    failures: Object.keys(failures)
      .sort()
      .map((server) => ({ server, error: failures[server]! })),
    warnings,
  }
  if (options.json) {
    try {
      writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`)
    } catch (error) {
      throw new InputError(`cannot write ${options.json} (${ioReason(error)})`)
    }
  }
  io.stdout.write(formatReport(report))
  if (report.failures.length) return 1
  return options.strict && warnings.length ? HAS_WARNINGS : 0
}

/** The report as the terminal shows it: per server, per tool, one line per warning; then what did not start. */
function formatReport(report: ToolLintReport): string {
  const lines: string[] = []
  for (const { server, tools } of report.servers) {
    const mine = report.warnings.filter((w) => w.server === server)
    lines.push(`${server}: ${tools} tools, ${mine.length} warning${mine.length === 1 ? '' : 's'}`)
    let tool: string | undefined
    for (const w of mine) {
      if (w.tool !== tool) lines.push(`  ${cleanText(w.tool)}`)
      tool = w.tool
      lines.push(`    ${w.rule}: ${cleanText(w.message)}`)
    }
  }
  for (const { server, error } of report.failures) lines.push(`${server}: did not start: ${cleanText(error.split('\n')[0] ?? '')}`)
  const counts = countByRule(report.warnings)
  lines.push('', `${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'}${counts ? ` (${counts})` : ''}`, '')
  return lines.join('\n')
}

function countByRule(warnings: readonly ToolLintWarning[]): string {
  const counts = new Map<string, number>()
  for (const w of warnings) counts.set(w.rule, (counts.get(w.rule) ?? 0) + 1)
  return [...counts].map(([rule, n]) => `${rule} ${n}`).join(', ')
}
