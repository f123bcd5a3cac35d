/**
 * The run history's trend per agent: "are we getting better?".
 *
 *   mcp-bench history [--dir bench-results/history] [--agent NAME] [--last N] [--json]
 *
 * Prints one table per agent, oldest run first (--json: the same trend as JSON).
 * Exit codes: 0 printed, 1 bad input (no history, a malformed file, an unknown agent), 2 bad usage.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readHistory } from '../history/store.ts'
import { formatTrendTables } from '../history/trend-table.ts'
import { agentTrends, historyAgents } from '../history/trend.ts'
import type { CliIO } from './compare.ts'

export const DEFAULT_HISTORY_DIR = 'bench-results/history'

export const USAGE = `usage: history [--dir ${DEFAULT_HISTORY_DIR}] [--agent NAME] [--last N] [--json]
`

class UsageError extends Error {}

function readArgs(argv: readonly string[]) {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        dir: { type: 'string', default: DEFAULT_HISTORY_DIR },
        agent: { type: 'string' },
        last: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const { values } = parsed
  let last: number | undefined
  if (values.last !== undefined) {
    last = Number(values.last)
    if (values.last.trim() === '' || !Number.isInteger(last) || last < 1) throw new UsageError(`--last must be a positive integer, got "${values.last}"`)
  }
  if (values.dir.trim() === '') throw new UsageError('--dir needs a directory')
  if (values.agent !== undefined && values.agent === '') throw new UsageError('--agent needs a name')
  return { help: values.help, dir: values.dir, agent: values.agent, last, json: values.json }
}

export async function main(argv: readonly string[], io: CliIO = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  let args
  try {
    args = readArgs(argv)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    io.stderr.write(`history: ${err.message}\n${USAGE}`)
    return 2
  }
  if (args.help) {
    io.stdout.write(USAGE)
    return 0
  }
  const dir = resolve(args.dir)
  let history
  try {
    history = readHistory(dir)
  } catch (err) {
    io.stderr.write(`history: ${dir}: cannot read the directory (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})\n`)
    return 1
  }
  if (history.problems.length > 0) {
    for (const p of history.problems) io.stderr.write(`history: ${p.file}: ${p.message}\n`)
    io.stderr.write(`history: ${history.problems.length} file${history.problems.length === 1 ? ' is' : 's are'} not a run record; move ${history.problems.length === 1 ? 'it' : 'them'} out of ${dir}\n`)
    return 1
  }
  if (history.records.length === 0) {
    io.stderr.write(`history: no runs recorded in ${dir} (each benchmark run adds one file there; is --dir right?)\n`)
    return 1
  }
  const agents = historyAgents(history.records)
  if (args.agent !== undefined && !agents.includes(args.agent)) {
    io.stderr.write(`history: no run of agent "${args.agent}" in ${dir}; agents recorded: ${agents.join(', ')}\n`)
    return 1
  }
  const trends = agentTrends(history.records, { agent: args.agent, last: args.last })
  io.stdout.write(args.json ? `${JSON.stringify(trends, null, 2)}\n` : formatTrendTables(trends))
  return 0
}
