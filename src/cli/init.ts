import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { checkArguments } from '../json-schema/validator.ts'
import { ServerConfigSchema, ServerNameSchema, type ServerConfig } from '../contracts/server-config.ts'
import { readOnlyCandidates } from './init/pick-tool.ts'
import { unsafeAnswer } from './init/answer-safety.ts'
import { sampleArgs } from './init/sample-args.ts'
import { exampleTaskFile, VITEST_CONFIG, WORKFLOW, type ExampleTask } from './init/templates.ts'
import type { CatalogEntry } from '../contracts/catalog.ts'
import { withTimeout } from '../runtime/servers/connect.ts'
import { callListedTool } from '../runtime/servers/tool-contract.ts'
import { defaultFixturesDir, FIXTURE_SETTINGS } from '../import/mcp-bench-fixtures.ts'
import { contentToText, truncate } from '../lib/text.ts'
import { HELP, InputError, parseCommandArgs, processIO, runCommand, UsageError, type CliIO } from './command.ts'
import { openServer, type OpenServer } from './server-tools.ts'

const DEFAULT_FIXTURE = 'nasa-data'

const USAGE = `usage: mcp-bench init [--server <name=command…>]… [--fixture <slug>] [--force]

  Sets up this directory to benchmark agents against MCP servers: vitest.config.ts with the plugin,
  mcp.servers.json, an example task (benchmarks/<server>.test.ts) and a CI workflow
  (.github/workflows/mcp-bench.yml). The example calls one read-only tool of the first server with
  arguments valid for its schema; init starts the server and tries the call first, so
  \`npx vitest run benchmarks\` passes at once.

  --server <name=command…>  a stdio server ("notes=npx -y some-mcp-server --flag") or a streamable HTTP
                            one ("remote=https://host/mcp"); repeat it for more servers
  --fixture <slug>          one of this package's offline fixture servers, run in-process
                            (default when no --server is given: ${DEFAULT_FIXTURE})
  --force                   overwrite files that exist (otherwise init writes nothing and exits 1)
  -h, --help                this text
`

/** How many read-only tools init tries before it gives up on a server. */
const MAX_TRIES = 8
const CALL_TIMEOUT_MS = 20_000
const ANSWER_CHARS = 300

/** `mcp-bench init`. Exit codes: 0 written, 1 a file exists or the server cannot be used (named), 2 bad usage. */
export function main(argv: readonly string[], io: CliIO = processIO(), cwd = process.cwd()): Promise<number> {
  return runCommand({ name: 'init', usage: USAGE, parse: parseOptions, run: (options) => run(options, io, cwd) }, argv, io)
}

interface InitOptions {
  servers: Array<{ name: string; config: Record<string, unknown> }>
  force: boolean
}

function parseOptions(argv: readonly string[]): InitOptions | typeof HELP {
  const { values } = parseCommandArgs(argv, {
    options: {
      server: { type: 'string', multiple: true },
      fixture: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return HELP
  if (values.server?.length && values.fixture) throw new UsageError('give --server or --fixture, not both')
  const servers = values.server?.length ? values.server.map(parseServerFlag) : [fixtureServer(values.fixture ?? DEFAULT_FIXTURE)]
  const names = servers.map((s) => s.name)
  const twice = names.find((name, i) => names.indexOf(name) !== i)
  if (twice) throw new UsageError(`--server ${twice} is given twice`)
  return { servers, force: values.force ?? false }
}

/** `name=command args…` (split like a shell, quotes kept together) or `name=https://…`. */
export function parseServerFlag(flag: string): { name: string; config: Record<string, unknown> } {
  const eq = flag.indexOf('=')
  const name = eq > 0 ? flag.slice(0, eq).trim() : ''
  const value = eq > 0 ? flag.slice(eq + 1).trim() : ''
  if (!name || !value) throw new UsageError(`--server takes name=command (or name=url), not "${flag}"`)
  const named = ServerNameSchema.safeParse(name)
  if (!named.success) throw new UsageError(`--server ${name}: ${named.error.issues[0]?.message}`)
  if (/^https?:\/\//.test(value)) return { name, config: { url: value } }
  const [command, ...args] = splitCommand(value)
  return { name, config: { command: command!, args } }
}

/** Splits a command line into words: whitespace separates, '…' and "…" group, a backslash escapes. */
export function splitCommand(line: string): string[] {
  const words: string[] = []
  let word = ''
  let quote: string | undefined
  let started = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quote) {
      if (c === quote) quote = undefined
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i]
      else word += c
    } else if (c === '"' || c === "'") {
      quote = c
      started = true
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i]
      started = true
    } else if (/\s/.test(c)) {
      if (started) words.push(word)
      word = ''
      started = false
    } else {
      word += c
      started = true
    }
  }
  if (quote) throw new UsageError(`unclosed ${quote} in "${line}"`)
  if (started) words.push(word)
  return words
}

/** The fixture slugs this package ships: the folders of its fixture servers. */
function fixtureSlugs(): string[] {
  const dir = defaultFixturesDir()
  return dir
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && e.name !== 'shared')
        .map((e) => e.name)
        .sort()
    : []
}

function fixtureServer(slug: string): { name: string; config: Record<string, unknown> } {
  const slugs = fixtureSlugs()
  if (!slugs.includes(slug)) throw new UsageError(`--fixture ${slug}: no such fixture; choose one of ${slugs.join(', ')}`)
  const settings = FIXTURE_SETTINGS[slug] ?? {}
  return {
    name: slug,
    config: {
      module: `vitest-mcp-bench/fixtures/${slug}`,
      ...(settings.options ? { options: settings.options } : {}),
      ...(settings.isolation ? { isolation: settings.isolation } : {}),
      description: `vitest-mcp-bench's offline "${slug}" fixture (no key, no network)`,
    },
  }
}

async function run(options: InitOptions, io: CliIO, cwd: string): Promise<number> {
  const first = options.servers[0]!
  const files: Record<string, string> = {
    'vitest.config.ts': VITEST_CONFIG,
    'mcp.servers.json': `${JSON.stringify({ mcpServers: Object.fromEntries(options.servers.map((s) => [s.name, s.config])) }, null, 2)}\n`,
    [`benchmarks/${first.name}.test.ts`]: '',
    '.github/workflows/mcp-bench.yml': WORKFLOW,
  }
  // Refuse before starting anything: nothing is written unless every file may be.
  const existing = Object.keys(files).filter((file) => existsSync(join(cwd, file)))
  if (existing.length && !options.force) {
    throw new InputError(`${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}; nothing written (--force overwrites)`)
  }
  const parsed = ServerConfigSchema.safeParse(first.config)
  if (!parsed.success) throw new InputError(`server "${first.name}": ${parsed.error.issues.map((i) => i.message).join('; ')}`)
  const task = await exampleTask(first.name, parsed.data, cwd)
  files[`benchmarks/${first.name}.test.ts`] = exampleTaskFile(task)
  for (const [file, content] of Object.entries(files)) {
    const path = resolve(cwd, file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, content)
    io.stdout.write(`  wrote ${relative(cwd, path)}\n`)
  }
  io.stdout.write(`init: the example task calls ${first.name}.${task.tool}; run it with \`npx vitest run benchmarks\`\n`)
  io.stdout.write('  needs: npm i -D vitest-mcp-bench vitest vite (if not installed yet); `npx mcp-bench types` types the names\n')
  return 0
}

/** Starts the server, finds a read-only tool whose generated call succeeds, and stops it again. */
async function exampleTask(name: string, config: ServerConfig, cwd: string): Promise<ExampleTask> {
  let server: OpenServer
  try {
    server = await openServer(name, config, cwd)
  } catch (error) {
    throw new InputError((error as Error).message)
  }
  try {
    const candidates = readOnlyCandidates(server.tools)
    if (!candidates.length) {
      throw new InputError(
        `server "${name}" has no tool that looks read-only (${describeTools(server.tools)}); write the first task by hand`,
      )
    }
    const tried: string[] = []
    for (const tool of candidates.slice(0, MAX_TRIES)) {
      const args = sampleArgs(tool.inputSchema)
      const check = checkArguments({ inputSchema: tool.inputSchema } as CatalogEntry, args)
      if (!check.valid) {
        tried.push(`${tool.name} (no valid arguments: ${check.errors[0]})`)
        continue
      }
      const outcome = await callOnce(server, tool.name, args)
      // Checked on the whole answer, before it is cut: it goes into a file meant to be committed. A reason
      // never quotes the answer, which would put it on the terminal and into CI logs instead.
      const unsafe = outcome.ok ? unsafeAnswer(outcome.full, config) : undefined
      if (outcome.ok && !unsafe) return { server: name, tool: tool.name, args, answer: outcome.text }
      tried.push(`${tool.name} (${unsafe ?? outcome.text})`)
    }
    throw new InputError(`no read-only tool of server "${name}" answered a generated call without an error; tried ${tried.join('; ')}`)
  } finally {
    await server.close()
  }
}

async function callOnce(
  server: OpenServer,
  tool: string,
  args: Record<string, unknown>,
): Promise<{ ok: boolean; text: string; full: string }> {
  try {
    const result = await withTimeout(
      callListedTool(server.connection, tool, args),
      CALL_TIMEOUT_MS,
      `no answer within ${CALL_TIMEOUT_MS} ms`,
    )
    const full = contentToText(result.content).trim()
    if (result.isError === true || reportsError(full)) return { ok: false, text: truncate(full, 120), full }
    // An empty answer makes an example that checks nothing: the next tool may say something.
    if (saysNothing(full)) return { ok: false, text: `an empty result (${truncate(full || 'no text', 40)})`, full }
    // The reference answer: the start of what the tool said, cut at a line or word end.
    return { ok: true, text: full.length <= ANSWER_CHARS ? full : `${full.slice(0, ANSWER_CHARS).replace(/\s+\S*$/, '')} …`, full }
  } catch (error) {
    return { ok: false, text: truncate((error as Error).message, 120), full: '' }
  }
}

/** Many servers answer a failure as ordinary text: `{"error": …}` or "Error: …". Such an answer is no example. */
export function reportsError(text: string): boolean {
  if (/^error\b/i.test(text)) return true
  try {
    const value = JSON.parse(text) as unknown
    return typeof value === 'object' && value !== null && !Array.isArray(value) && 'error' in value && Object.keys(value).length <= 2
  } catch {
    return false
  }
}

/** An answer with nothing in it: no text, or JSON whose every value is empty (`[]`, `{}`, `{"alerts": []}`, `null`). */
export function saysNothing(text: string): boolean {
  if (text.trim() === '') return true
  const empty = (value: unknown): boolean =>
    value === null ||
    value === '' ||
    (Array.isArray(value) ? value.every(empty) : typeof value === 'object' ? Object.values(value as object).every(empty) : false)
  try {
    return empty(JSON.parse(text))
  } catch {
    return false
  }
}

function describeTools(tools: Tool[]): string {
  return tools.length
    ? `tools: ${tools
        .slice(0, 8)
        .map((t) => t.name)
        .join(', ')}${tools.length > 8 ? ', …' : ''}`
    : 'no tools'
}
