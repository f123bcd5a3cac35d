import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { loadServersFile, ServerConfigError } from '../config/load-servers.ts'
import { createRedactor, keySecrets, referencedSecrets } from '../lib/redact.ts'
import { ServerHub } from '../runtime/servers/hub.ts'
import { synthModel, type SynthModel } from '../synth/model.ts'
import { CANDIDATES_PER_TASK, MCP_BENCH_THRESHOLDS, synthesize, type SynthEvent, type SynthSettings } from '../synth/pipeline.ts'
import type { SynthReport, UsageReport } from '../contracts/synth-report.ts'
import { renderSynthFile } from '../synth/task-files.ts'
import {
  HELP,
  InputError,
  parseCommandArgs,
  processIO,
  readInputFile,
  requireValues,
  runCommand,
  UsageError,
  type CliIO,
} from './command.ts'
import { priceTable, PricesSchema, type Prices } from '../contracts/prices.ts'

const USAGE = `usage: mcp-bench synth --servers a[,b[,c]] [options]

  Writes benchmark tasks for the configured servers with any OpenAI-compatible model, in the
  manner of MCP-Bench's task synthesis, and keeps only tasks whose reference plan runs: every
  call succeeds and fits its schema, every fact is found in the tool outputs, and the fuzzy
  text names no tool. A task that fails is sent back once for a repair.

  --servers a,b,c           one to three servers from the servers file (required); tasks are
                            written for each server alone and for the servers together
  --model <name>            the model (default MCP_BENCH_MODEL); OPENAI_BASE_URL and
                            OPENAI_API_KEY as for the agents; MCP_BENCH_CASSETTE=record|replay
                            records or replays the model's answers
  --count <n>               tasks to keep (default 10); at most ${CANDIDATES_PER_TASK}×n chains are tried
  --out <dir>               where the task files go (default benchmarks/synth), one per combination
  --report <file>           the report of every candidate (default synth-report.json)
  --seed <n>                orders chains of equal strength and goes with every request (default 1)
  --allow-calls             call each tool that looks read-only once, with arguments from its own
                            schema, so chains and tasks can use real sample outputs
  --min-solvability <x>     the model's solvability score a task needs, 0-10 (default ${MCP_BENCH_THRESHOLDS.minSolvability}, MCP-Bench's)
  --min-utility <y>         the model's utility score a task needs, 0-10 (default ${MCP_BENCH_THRESHOLDS.minUtility}, MCP-Bench's)
  --servers-file <file>     the servers file (default mcp.servers.json)
  --prices <file>           a JSON price table, { "model-id": { "input": usd, "output": usd } } per
                            million tokens, on top of the bundled one (the plugin's \`prices\` option)
  -h, --help                this text
`

interface Options {
  settings: SynthSettings
  model?: string
  out: string
  report: string
  serversFile: string
  /** The `--prices` file, if any. */
  pricesFile?: string
}

/**
 * `mcp-bench synth`. Exit codes: 0 done (even if few tasks were kept: the
 * report says why), 1 bad input or a run the model stopped (the report is
 * still written), 2 bad usage.
 */
export function main(argv: readonly string[], io: CliIO = processIO(), cwd = process.cwd()): Promise<number> {
  return runCommand(
    { name: 'synth', usage: USAGE, parse: parseOptions, run: (options) => run(options, io, cwd), inputErrors: [ServerConfigError] },
    argv,
    io,
  )
}

function parseOptions(argv: readonly string[]): Options | typeof HELP {
  const { values } = parseCommandArgs(argv, {
    allowPositionals: false,
    options: {
      servers: { type: 'string' },
      model: { type: 'string' },
      count: { type: 'string' },
      out: { type: 'string' },
      report: { type: 'string' },
      seed: { type: 'string' },
      'allow-calls': { type: 'boolean' },
      'min-solvability': { type: 'string' },
      'min-utility': { type: 'string' },
      'servers-file': { type: 'string' },
      prices: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return HELP
  requireValues(values)
  if (!values.servers) throw new UsageError('name the servers with --servers a[,b[,c]]')
  const servers = values.servers
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (servers.length === 0 || servers.length > 3) throw new UsageError(`--servers takes one to three servers, not ${servers.length}`)
  if (new Set(servers).size !== servers.length) throw new UsageError('--servers names a server twice')
  return {
    settings: {
      servers,
      count: integer(values.count, 'count', 10, 1),
      seed: integer(values.seed, 'seed', 1),
      allowCalls: values['allow-calls'] ?? false,
      minSolvability: score(values['min-solvability'], 'min-solvability', MCP_BENCH_THRESHOLDS.minSolvability),
      minUtility: score(values['min-utility'], 'min-utility', MCP_BENCH_THRESHOLDS.minUtility),
    },
    model: values.model,
    out: values.out ?? 'benchmarks/synth',
    report: values.report ?? 'synth-report.json',
    serversFile: values['servers-file'] ?? 'mcp.servers.json',
    ...(values.prices ? { pricesFile: values.prices } : {}),
  }
}

function integer(value: string | undefined, flag: string, fallback: number, min = Number.MIN_SAFE_INTEGER): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${flag} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${value}"`)
  return n
}

function score(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0 || n > 10) throw new UsageError(`--${flag} must be a score from 0 to 10, not "${value}"`)
  return n
}

async function run(options: Options, io: CliIO, cwd: string): Promise<number> {
  const serversFile = resolve(cwd, options.serversFile)
  const loaded = loadServersFile(serversFile, cwd)
  const hub = new ServerHub({ ...loaded, root: cwd })
  for (const server of options.settings.servers) {
    const problem = hub.problemWith(server)
    if (problem) throw new InputError(problem)
  }
  const prices = options.pricesFile ? await readPrices(resolve(cwd, options.pricesFile), options.pricesFile) : priceTable()
  let model: SynthModel
  try {
    model = synthModel({ model: options.model, seed: options.settings.seed, prices })
  } catch (error) {
    throw new InputError(`${(error as Error).message.replace('pass { model }', 'pass --model')}`)
  }
  const redactor = createRedactor([...referencedSecrets(loaded.servers, process.env), ...keySecrets(process.env)])
  let result
  try {
    result = await synthesize({
      hub,
      model,
      settings: options.settings,
      redact: redactor.text,
      onEvent: (event) => io.stdout.write(describeEvent(event)),
    })
  } catch (error) {
    throw new InputError(redactor.text((error as Error).message))
  } finally {
    await hub.close()
  }
  const { report, files } = result
  const out = resolve(cwd, options.out)
  if (files.length) mkdirSync(out, { recursive: true })
  for (const file of files) writeFileSync(join(out, file.name), renderSynthFile(file, { model: model.name, seed: options.settings.seed }))
  const reportFile = resolve(cwd, options.report)
  mkdirSync(dirname(reportFile), { recursive: true })
  writeFileSync(reportFile, `${JSON.stringify(redactor.deep(report), null, 2)}\n`)

  io.stdout.write(`\n${summary(report)}\n`)
  io.stdout.write(
    files.length
      ? `wrote ${files.length} ${files.length === 1 ? 'file' : 'files'} to ${shown(cwd, out)}: ${files.map((f) => `${f.name} (${plural(f.tasks.length, 'task')})`).join(', ')}\n`
      : 'no task was kept, so no task file was written\n',
  )
  io.stdout.write(`report: ${shown(cwd, reportFile)}\n`)
  if (report.stopped) {
    io.stderr.write(`synth: stopped early: ${report.stopped}\n`)
    return 1
  }
  return 0
}

/** The `--prices` file over the bundled table, validated as the plugin's `prices` option is; bad input names the file and the field. */
async function readPrices(file: string, shownName: string): Promise<Prices> {
  const text = await readInputFile(file, (message) => new InputError(`--prices ${shownName}: ${message}`))
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new InputError(`--prices ${shownName}: not JSON (${(error as Error).message})`)
  }
  const parsed = PricesSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new InputError(`--prices ${shownName}: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
  }
  return priceTable(parsed.data)
}

/** A path as the user would type it: relative inside the working directory, absolute outside it. */
function shown(cwd: string, path: string): string {
  const rel = relative(cwd, path)
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** Tokens and, when the model's price is known, dollars. */
function describeUsage(usage: UsageReport): string {
  const tokens = `${plural(usage.requests, 'request')}, ${usage.totalTokens.toLocaleString('en-US')} tokens`
  return usage.usd === null ? `${tokens} (no price known for this model)` : `${tokens}, $${usage.usd.toFixed(4)}`
}

/** One line of progress per event. */
function describeEvent(event: SynthEvent): string {
  switch (event.kind) {
    case 'catalog':
      return `synth: ${plural(event.tools, 'tool')} on ${event.servers.join(', ')}\n`
    case 'samples':
      return `synth: sampled ${plural(event.sampled, 'tool')}; ${event.skipped} not called\n`
    case 'chains':
      return `synth: ${plural(event.links, 'link')} between tools, ${plural(event.found, 'chain')}; trying up to ${event.selected}\n`
    case 'candidate': {
      const c = event.candidate
      const why = c.status === 'dropped' ? ` (${c.reasons[0]!.kind}: ${c.reasons[0]!.detail.slice(0, 120)})` : ''
      return `[${c.n}/${event.of}] ${c.chain.key}: ${c.status}${why} · ${event.kept} kept · ${describeUsage(event.usage)}\n`
    }
  }
}

/** The run in three lines: the counts, the drop reasons, the cost. */
function summary(report: SynthReport): string {
  const { totals } = report
  const reasons = Object.entries(totals.droppedBy)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ')
  return [
    `${plural(totals.candidates, 'candidate')}: ${totals.kept} kept, ${totals.repaired} repaired, ${totals.dropped} dropped${reasons ? ` (${reasons})` : ''}`,
    `model ${report.settings.model}: ${describeUsage(report.usage)}`,
  ].join('\n')
}
