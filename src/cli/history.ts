/**
 * The run history's trend per agent: "are we getting better?".
 *
 *   mcp-bench history [--dir bench-results/history] [--agent NAME] [--last N] [--json]
 *
 * Prints one table per agent, oldest run first (--json: the same trend as JSON).
 * Exit codes: 0 printed, 1 bad input (no history, a malformed file, an unknown agent), 2 bad usage.
 */
import { resolve } from 'node:path'
import { readHistory } from '../node/history/store.ts'
import { formatTrendTables } from '../node/history/trend-table.ts'
import { agentTrends, historyAgents } from '../node/history/trend.ts'
import { HELP, InputError, ioReason, parseCommandArgs, processIO, requireValues, runCommand, UsageError, type CliIO } from './command.ts'

const DEFAULT_HISTORY_DIR = 'bench-results/history'

const USAGE = `usage: history [--dir ${DEFAULT_HISTORY_DIR}] [--agent NAME] [--last N] [--json]
`

interface HistoryArgs {
  dir: string
  agent?: string
  last?: number
  json: boolean
}

function readArgs(argv: readonly string[]): HistoryArgs | typeof HELP {
  const { values } = parseCommandArgs(argv, {
    allowPositionals: false,
    options: {
      dir: { type: 'string', default: DEFAULT_HISTORY_DIR },
      agent: { type: 'string' },
      last: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  requireValues(values)
  let last: number | undefined
  if (values.last !== undefined) {
    last = Number(values.last)
    if (!Number.isInteger(last) || last < 1) throw new UsageError(`--last must be a positive integer, got "${values.last}"`)
  }
  if (values.help) return HELP
  return { dir: values.dir, agent: values.agent, last, json: values.json }
}

function run(args: HistoryArgs, io: CliIO): number {
  const dir = resolve(args.dir)
  let history
  try {
    history = readHistory(dir)
  } catch (err) {
    throw new InputError(`${dir}: cannot read the directory (${ioReason(err)})`)
  }
  if (history.problems.length > 0) {
    for (const p of history.problems) io.stderr.write(`history: ${p.file}: ${p.message}\n`)
    io.stderr.write(
      `history: ${history.problems.length} file${history.problems.length === 1 ? ' is' : 's are'} not a run record; move ${history.problems.length === 1 ? 'it' : 'them'} out of ${dir}\n`,
    )
    return 1
  }
  if (history.records.length === 0)
    throw new InputError(`no runs recorded in ${dir} (each benchmark run adds one file there; is --dir right?)`)
  const agents = historyAgents(history.records)
  if (args.agent !== undefined && !agents.includes(args.agent))
    throw new InputError(`no run of agent "${args.agent}" in ${dir}; agents recorded: ${agents.join(', ')}`)
  const trends = agentTrends(history.records, { agent: args.agent, last: args.last })
  io.stdout.write(args.json ? `${JSON.stringify(trends, null, 2)}\n` : formatTrendTables(trends))
  return 0
}

export function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  return runCommand({ name: 'history', usage: USAGE, parse: readArgs, run }, argv, io)
}
