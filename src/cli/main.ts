import { readFileSync } from 'node:fs'
import { processIO, type CliIO } from './command.ts'

type Command = (argv: readonly string[], io: CliIO) => Promise<number>

/**
 * Each subcommand's module, loaded only when it runs: one command need not load the others (synth and types
 * bring the MCP SDK's clients, import the task converters), so `mcp-bench calibrate` starts in a fraction of
 * the time.
 */
const COMMANDS: Record<string, () => Promise<{ main: Command }>> = {
  compare: () => import('./compare.ts'),
  history: () => import('./history.ts'),
  calibrate: () => import('./calibrate.ts'),
  import: () => import('./import.ts'),
  synth: () => import('./synth.ts'),
  init: () => import('./init.ts'),
  types: () => import('./types.ts'),
  'lint-tools': () => import('./lint-tools.ts'),
  resume: () => import('./resume.ts'),
}

const USAGE = `usage: mcp-bench <command> [args]

commands:
  compare <base.json> <head.json> [--json out.json] [--markdown out.md] [--confidence 0.95]
      two leaderboards task by task: per agent the change in pass rate and scores with intervals,
      the tasks that flipped and the largest drops ("is this PR worse than main?")
  compare <run.json> --variant <name> [--json out.json] [--markdown out.md]
      within one run with server variants: the variant's rows against the same agents on the
      servers as configured; like the above, by task, by tool and by server
  compare <a.json> <b.json> --reproducible [--json out.json]
      the two files field by field, apart from timings and judge spend; names the first fields
      that differ and exits 3 if any does ("do the same inputs give the same numbers?")
  history [--dir bench-results/history] [--agent NAME] [--last N] [--json]
      the recorded runs' trend per agent: pass rate with its interval, rule and overall
      scores, the judge's domains and the tiers, run by run with commit and branch
  calibrate <judgements.jsonl> <human-labels.jsonl> [--categories pass,fail] [--json]
      agreement of the LLM judge with human labels: percent agreement and Cohen's kappa
      against the human majority, Fleiss' kappa among raters, three-way agreement, and the
      mean coefficient of variation across judge models
  import <mcpbench_tasks.json>… [--commands <commands.json>] [--mcp-bench-dir <checkout>] [--offline]
         [--out benchmarks/mcp-bench] [--servers-out mcp.servers.json] [--map "Server Name=key,…"]
      MCP-Bench's released task files as mcpTask files (one per server combination), and
      mcp.servers.json entries for its servers (real, or this project's fixtures with --offline)
  synth --servers a[,b[,c]] [--model m] [--count N] [--out benchmarks/synth] [--report synth-report.json]
        [--seed N] [--allow-calls] [--min-solvability x] [--min-utility y]
      new tasks for your servers, written by a model from dependency chains between their tools;
      a task is kept only if its reference plan runs against the servers and its facts are in the outputs
  init [--server <name=command…>]… [--fixture <slug>] [--force]
      a working project: vitest.config.ts with the plugin, mcp.servers.json, one example task
      against the server you name (or a bundled fixture) and a CI workflow; never overwrites
      a file unless --force
  lint-tools [servers.json] [--server NAME]… [--across-servers] [--json out.json] [--strict]
      starts the configured servers and warns about tool definitions that predict confusion:
      near-duplicate names or descriptions, vague descriptions, undescribed parameters, strings
      that should be enums, untyped parameters, large unions, deep nesting, $ref
  types [servers.json] [--out mcp-bench.d.ts]
      starts the configured servers and writes a .d.ts that types server and tool names and
      each tool's arguments in task files and matchers

  resume [--all-failed] [vitest arguments…]
      \`vitest run\` again with MCP_BENCH_RESUME=1: keeps the tasks the last run finished and runs
      the rest (unfinished, not run for the budget, or failed for a setup error, the judge or the
      model endpoint); --all-failed runs every task that did not pass again too

options:
  --help, -h      this text
  --version, -v   the package version
`

/** The package's own version, read from its package.json (the same file from src/ and from dist/src/). */
export function packageVersion(): string {
  for (const path of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { name?: string; version?: string }
      if (pkg.name === 'vitest-mcp-bench' && pkg.version) return pkg.version
    } catch {
      // not this one
    }
  }
  return 'unknown'
}

/** The `mcp-bench` command: one entry, a subcommand per tool. Exit codes: 0 ok, 1 bad input, 2 bad usage. */
export async function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  const [command, ...rest] = argv
  const load = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined
  if (load) return (await load()).main(rest, io)
  switch (command) {
    case '--help':
    case '-h':
    case 'help':
      io.stdout.write(USAGE)
      return 0
    case '--version':
    case '-v':
      io.stdout.write(`${packageVersion()}\n`)
      return 0
    case undefined:
      io.stderr.write(USAGE)
      return 2
    default:
      io.stderr.write(`mcp-bench: unknown command "${command}"\n\n${USAGE}`)
      return 2
  }
}
