/**
 * Two leaderboards compared task by task: "is this PR worse than main?".
 *
 *   mcp-bench compare base.json head.json [--json out.json] [--markdown out.md]
 *                     [--confidence 0.95] [--seed N] [--resamples N] [--min-pairs N] [--map base=head …]
 *
 * Tasks pair by agent name; `--map reference=gpt-4o` pairs base's agent `reference` with head's
 * `gpt-4o` (the reference run against a model run, or an agent renamed between runs). Repeatable.
 *
 *   mcp-bench compare run.json --variant <name> [--json out.json] [--markdown out.md] […]
 *
 * compares, within one run with server variants, the variant's rows with the rows of the same agents on the
 * servers as configured (src/compare/variants.ts).
 *
 * Either way the comparison goes by tool and by server too, when the records carry per-tool counts.
 * Prints the comparison as Markdown (append it to $GITHUB_STEP_SUMMARY);
 * --json and --markdown also write it to files.
 *
 *   mcp-bench compare a.json b.json --reproducible
 *
 * compares the two files field by field instead, apart from timings and the judge's spend (src/compare/fields.ts
 * lists them), and names the first fields that differ: "do the same inputs give the same numbers?".
 * Exit codes: 0 compared (or, with --reproducible, the same), 1 bad input (naming the file and field), 2 bad usage,
 * 3 (--reproducible) a field differs.
 */
import { writeFile } from 'node:fs/promises'
import { CompareInputError, parseComparableRun, type ComparableRun } from '../compare/compare-input.ts'
import { renderComparisonMarkdown } from '../../reporters/compare-markdown.ts'
import { compareRuns, type CompareOptions } from '../compare/compare.ts'
import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from '../stats/paired.ts'
import { MIN_PAIRS_TO_TELL } from '../compare/metric.ts'
import { compareFields, formatFieldComparison } from '../compare/fields.ts'
import { variantRuns } from '../compare/variants.ts'
import { HELP, ioReason, parseCommandArgs, processIO, readInputFile, requireValues, runCommand, UsageError, type CliIO } from './command.ts'

const USAGE = `usage: compare <base.json> <head.json> [--json out.json] [--markdown out.md]
               [--confidence 0.95] [--seed ${DEFAULT_BOOTSTRAP_SEED}] [--resamples ${DEFAULT_RESAMPLES}] [--min-pairs ${MIN_PAIRS_TO_TELL}]
               [--map <base agent>=<head agent> …]
       compare <run.json> --variant <name> [--json out.json] [--markdown out.md] [--confidence …]
       compare <a.json> <b.json> --reproducible [--json out.json]
`

/** `--reproducible`: the exit code when a field differs. */
export const FIELDS_DIFFER = 3

/** A number option (never blank: `requireValues` checks that first): finite, and an integer in [min, max] when asked. */
function numberOption(
  name: string,
  raw: string | undefined,
  check: { integer?: boolean; min: number; max: number; open?: boolean },
): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  const inRange = check.open ? value > check.min && value < check.max : value >= check.min && value <= check.max
  if (!Number.isFinite(value) || (check.integer && !Number.isInteger(value)) || !inRange) {
    const what = check.integer ? 'an integer' : 'a number'
    const range = check.open ? `between ${check.min} and ${check.max}, exclusive` : `from ${check.min} to ${check.max}`
    throw new UsageError(`--${name} must be ${what} ${range}, got "${raw}"`)
  }
  return value
}

interface CompareArgs {
  base: string
  head: string
  options: CompareOptions
  json?: string
  markdown?: string
  /** Base agent name → head agent name. */
  map: Map<string, string>
  /** Field by field, apart from timings, instead of the paired statistics. */
  reproducible: boolean
  /** One run: this server variant's rows against the servers as configured (then `head` is unused). */
  variant?: string
}

/** `--map base=head`, repeatable: each base agent at most once, each head agent at most once. */
function agentMap(raw: readonly string[] | undefined): Map<string, string> {
  const map = new Map<string, string>()
  const heads = new Set<string>()
  for (const entry of raw ?? []) {
    const at = entry.indexOf('=')
    const [base, head] = [entry.slice(0, at).trim(), entry.slice(at + 1).trim()]
    if (at < 0 || !base || !head) throw new UsageError(`--map takes <base agent>=<head agent>, got "${entry}"`)
    if (map.has(base)) throw new UsageError(`--map names base agent "${base}" twice`)
    if (heads.has(head)) throw new UsageError(`--map names head agent "${head}" twice`)
    map.set(base, head)
    heads.add(head)
  }
  return map
}

function readArgs(argv: readonly string[]): CompareArgs | typeof HELP {
  const { values, positionals } = parseCommandArgs(argv, {
    allowPositionals: true,
    options: {
      json: { type: 'string' },
      markdown: { type: 'string' },
      confidence: { type: 'string' },
      seed: { type: 'string' },
      resamples: { type: 'string' },
      'min-pairs': { type: 'string' },
      map: { type: 'string', multiple: true },
      reproducible: { type: 'boolean' },
      variant: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return HELP
  const variant = values.variant
  if (variant !== undefined && positionals.length !== 1)
    throw new UsageError(`--variant compares within one run: expected 1 leaderboard file, got ${positionals.length}`)
  if (variant === undefined && positionals.length !== 2) throw new UsageError(`expected 2 leaderboard files, got ${positionals.length}`)
  requireValues(values)
  const options: CompareOptions = {
    confidence: numberOption('confidence', values.confidence, { min: 0, max: 1, open: true }),
    seed: numberOption('seed', values.seed, { integer: true, min: 0, max: 0xffffffff }),
    resamples: numberOption('resamples', values.resamples, { integer: true, min: 100, max: 10_000_000 }),
    minPairs: numberOption('min-pairs', values['min-pairs'], { integer: true, min: 2, max: Number.MAX_SAFE_INTEGER }),
  }
  const [base, head = base] = positionals as [string, string?]
  const reproducible = values.reproducible === true
  if (reproducible && (values.markdown !== undefined || values.map !== undefined || variant !== undefined)) {
    throw new UsageError('--reproducible compares two files as they are: --markdown, --map and --variant do not apply')
  }
  if (variant !== undefined && values.map !== undefined)
    throw new UsageError('--variant pairs each variant row with its own agent: --map does not apply')
  return {
    base,
    head,
    options,
    json: values.json,
    markdown: values.markdown,
    map: agentMap(values.map),
    reproducible,
    ...(variant === undefined ? {} : { variant }),
  }
}

async function readRun(file: string) {
  return parseComparableRun(await readInputFile(file, (message) => new CompareInputError(file, null, message)), file)
}

async function writeOutput(file: string, text: string) {
  try {
    await writeFile(file, text)
  } catch (err) {
    throw new CompareInputError(file, null, `cannot write file (${ioReason(err)})`)
  }
}

/** The base run with its agents renamed as `--map` says, so that their tasks pair with head's; an agent it names must be there. */
function renamed(run: ComparableRun, map: ReadonlyMap<string, string>): ComparableRun {
  if (map.size === 0) return run
  const present = new Set(run.tasks.map((t) => t.agent))
  for (const base of map.keys()) {
    if (!present.has(base))
      throw new CompareInputError(
        run.source,
        null,
        `--map names agent "${base}", which has no task here (agents: ${[...present].join(', ') || 'none'})`,
      )
  }
  return { ...run, tasks: run.tasks.map((t) => (map.has(t.agent) ? { ...t, agent: map.get(t.agent)! } : t)) }
}

/** A leaderboard file as JSON, for the field-by-field comparison (which needs no field of its own to be there). */
async function readJson(file: string): Promise<unknown> {
  const text = await readInputFile(file, (message) => new CompareInputError(file, null, message))
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new CompareInputError(file, null, `not valid JSON (${(error as Error).message})`)
  }
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { tasks?: unknown }).tasks)) {
    throw new CompareInputError(file, 'tasks', 'not a leaderboard: expected an object with a tasks array')
  }
  return value
}

async function runFields(args: CompareArgs, io: CliIO): Promise<number> {
  const result = compareFields(await readJson(args.base), await readJson(args.head))
  if (args.json !== undefined) await writeOutput(args.json, `${JSON.stringify(result, null, 2)}\n`)
  io.stdout.write(formatFieldComparison(result, { base: args.base, head: args.head }))
  return result.differences.length === 0 ? 0 : FIELDS_DIFFER
}

async function run(args: CompareArgs, io: CliIO): Promise<number> {
  if (args.reproducible) return runFields(args, io)
  const { base, head } =
    args.variant === undefined
      ? { base: renamed(await readRun(args.base), args.map), head: await readRun(args.head) }
      : variantRuns(await readRun(args.base), args.variant)
  const comparison = compareRuns(base, head, args.options)
  const markdown = renderComparisonMarkdown(comparison)
  if (args.json !== undefined) await writeOutput(args.json, `${JSON.stringify(comparison, null, 2)}\n`)
  if (args.markdown !== undefined) await writeOutput(args.markdown, markdown)
  io.stdout.write(markdown)
  return 0
}

export function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  return runCommand({ name: 'compare', usage: USAGE, parse: readArgs, run, inputErrors: [CompareInputError] }, argv, io)
}
