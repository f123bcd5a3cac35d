/**
 * Resumes the last run: `vitest run` again with MCP_BENCH_RESUME set, the rest of the arguments passed to Vitest.
 *
 *   mcp-bench resume [--all-failed] [vitest arguments…]
 *
 * The run keeps the tasks the journal (bench-results/journal/) has finished and runs the rest (docs/guide/long-runs.md).
 * Exit codes: Vitest's; 1 when Vitest cannot be found in this project.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { HELP, InputError, processIO, runCommand, type CliIO } from './command.ts'

const USAGE = `usage: resume [--all-failed] [vitest arguments…]

Runs \`vitest run\` again with MCP_BENCH_RESUME=1: the tasks the last run finished are kept, and only the rest run
(those that never finished or were not run for the budget, and those that failed for a setup error, the judge or
the model endpoint). --all-failed runs every task that did not pass again too. Other arguments go to Vitest as
they are (the same files, --project and --shard as the run being resumed).
`

interface ResumeArgs {
  mode: 'faults' | 'all-failed'
  vitest: string[]
}

/** Our own flags come first; everything else is Vitest's. */
export function resumeArgs(argv: readonly string[]): ResumeArgs | typeof HELP {
  const args = [...argv]
  // Vitest's own help is `npx vitest --help`; here --help anywhere is this command's.
  if (args.includes('--help') || args.includes('-h')) return HELP
  const allFailed = args[0] === '--all-failed'
  return { mode: allFailed ? 'all-failed' : 'faults', vitest: allFailed ? args.slice(1) : args }
}

/** Vitest's command-line entry in the project at `cwd` (its own installed copy, as `npx vitest` would run). */
function vitestEntry(cwd: string): string {
  try {
    const pkg = createRequire(join(resolve(cwd), 'package.json')).resolve('vitest/package.json')
    return join(dirname(pkg), 'vitest.mjs')
  } catch {
    throw new InputError(`cannot find vitest in ${resolve(cwd)} (npm i -D vitest)`)
  }
}

function run(args: ResumeArgs, _io: CliIO): Promise<number> {
  const entry = vitestEntry(process.cwd())
  const child = spawn(process.execPath, [entry, 'run', ...args.vitest], {
    stdio: 'inherit',
    env: { ...process.env, MCP_BENCH_RESUME: args.mode === 'all-failed' ? 'all-failed' : '1' },
  })
  // Ctrl-C reaches Vitest through the terminal's process group; this process waits for it to finish its reports.
  const ignore = () => {}
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, ignore)
  return new Promise((done) => child.on('close', (code, signal) => done(code ?? (signal ? 128 + (signalNumbers[signal] ?? 1) : 1))))
}

const signalNumbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }

export function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  return runCommand({ name: 'resume', usage: USAGE, parse: resumeArgs, run }, argv, io)
}
