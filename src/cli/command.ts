/**
 * What every `mcp-bench` subcommand shares: its streams, its two kinds of error and the one sequence
 * that turns them into exit codes. Exit codes: 0 ok (or whatever the run returns), 1 bad input (the
 * message names the file and field), 2 bad usage (the message, then the usage text).
 */
import { readFile } from 'node:fs/promises'
import { parseArgs, type ParseArgsConfig } from 'node:util'

/** Where a command writes; the process's streams, or strings in a test. */
export interface CliIO {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

export const processIO = (): CliIO => ({ stdout: process.stdout, stderr: process.stderr })

/** Bad usage: an unknown option, a missing or malformed value. Exit 2, with the usage text. */
export class UsageError extends Error {}

/** Bad input: a file that cannot be read or is malformed, a server that cannot be used. Exit 1; the message names it. */
export class InputError extends Error {}

/** The answer of a command's `parse` to `--help`. */
export const HELP = Symbol('help')

export interface Command<Args> {
  /** The subcommand's name: the prefix of every message it writes to stderr. */
  name: string
  usage: string
  /** The arguments, `HELP`, or a `UsageError`; the command decides what it checks before honouring --help. */
  parse(argv: readonly string[]): Args | typeof HELP
  /** Does the work; its number is the exit code. */
  run(args: Args, io: CliIO): number | Promise<number>
  /** The module's own bad-input errors (beside `InputError`), reported like it. */
  inputErrors?: ReadonlyArray<abstract new (...args: never[]) => Error>
}

/** parse → a usage error exits 2 with the usage → --help prints it and exits 0 → run → bad input exits 1 → the run's code. */
export async function runCommand<Args>(command: Command<Args>, argv: readonly string[], io: CliIO): Promise<number> {
  let args: Args | typeof HELP
  try {
    args = command.parse(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    // A usage text of several paragraphs is set off from the message by a blank line; a one-paragraph one follows it directly.
    const gap = command.usage.includes('\n\n') ? '\n' : ''
    io.stderr.write(`${command.name}: ${error.message}\n${gap}${command.usage}`)
    return 2
  }
  if (args === HELP) {
    io.stdout.write(command.usage)
    return 0
  }
  try {
    return await command.run(args, io)
  } catch (error) {
    const inputErrors = [InputError, ...(command.inputErrors ?? [])]
    if (!inputErrors.some((kind) => error instanceof kind)) throw error
    io.stderr.write(`${command.name}: ${(error as Error).message}\n`)
    return 1
  }
}

type CommandArgsConfig = Pick<ParseArgsConfig, 'options' | 'allowPositionals'>

/** `node:util` parseArgs, always strict, with its complaints (unknown option, missing value) as `UsageError`s. */
export function parseCommandArgs<T extends CommandArgsConfig>(argv: readonly string[], config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs({ ...config, args: [...argv], strict: true }) as ReturnType<typeof parseArgs<T>>
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

/** Every string option given must have a value: `--out ""` is as good as no `--out` at all, and the user meant something. */
export function requireValues(values: Record<string, unknown>): void {
  for (const [flag, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() === '') throw new UsageError(`--${flag} needs a value`)
  }
}

/** Why a file could not be read or written, shortly: the system's code (`ENOENT`, `EACCES`) when it gave one, else the message. */
export function ioReason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message
}

/** A file's text; one that cannot be read throws what `fail` makes of `cannot read file (ENOENT)`, the command's own input error. */
export async function readInputFile(file: string, fail: (message: string) => Error): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    throw fail(`cannot read file (${ioReason(error)})`)
  }
}
