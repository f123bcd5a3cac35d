import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HELP, InputError, ioReason, parseCommandArgs, requireValues, runCommand, UsageError, type Command } from '../../src/cli/command.ts'

function capture() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } }
}

class WidgetFileError extends Error {}

/** A command that echoes its one positional, or fails as the positional asks. */
function echo(usage = 'usage: echo <word>\n'): Command<string> {
  return {
    name: 'echo',
    usage,
    parse(argv) {
      const { values, positionals } = parseCommandArgs(argv, { allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } })
      if (values.help) return HELP
      if (positionals.length !== 1) throw new UsageError(`expected 1 word, got ${positionals.length}`)
      return positionals[0]!
    },
    async run(word, io) {
      if (word === 'input') throw new InputError('words.txt: line 3: not a word')
      if (word === 'widget') throw new WidgetFileError('widget.json: size: must be positive')
      if (word === 'bug') throw new TypeError('x is undefined')
      if (word === 'seven') return 7
      io.stdout.write(`${word}\n`)
      return 0
    },
    inputErrors: [WidgetFileError],
  }
}

describe('runCommand', () => {
  it('runs the command and returns its exit code', async () => {
    const ok = capture()
    expect(await runCommand(echo(), ['hello'], ok.io)).toBe(0)
    expect(ok.out).toEqual({ stdout: 'hello\n', stderr: '' })
    expect(await runCommand(echo(), ['seven'], capture().io)).toBe(7)
  })

  it('exits 2 on bad usage: the message after the command name, then the usage text', async () => {
    const none = capture()
    expect(await runCommand(echo(), [], none.io)).toBe(2)
    expect(none.out).toEqual({ stdout: '', stderr: 'echo: expected 1 word, got 0\nusage: echo <word>\n' })
    const unknown = capture()
    expect(await runCommand(echo(), ['--loud', 'x'], unknown.io)).toBe(2)
    expect(unknown.out.stderr).toMatch(/^echo: Unknown option '--loud'\. .*\nusage: echo <word>\n$/)
  })

  it('sets a usage text of several paragraphs off from the message by a blank line', async () => {
    const long = capture()
    expect(await runCommand(echo('usage: echo <word>\n\n  Prints the word.\n'), [], long.io)).toBe(2)
    expect(long.out.stderr).toBe('echo: expected 1 word, got 0\n\nusage: echo <word>\n\n  Prints the word.\n')
  })

  it('prints the usage on stdout and exits 0 for --help', async () => {
    const help = capture()
    expect(await runCommand(echo(), ['--help'], help.io)).toBe(0)
    expect(help.out).toEqual({ stdout: 'usage: echo <word>\n', stderr: '' })
  })

  it("exits 1 with the message of an InputError or of one of the command's own input errors", async () => {
    const input = capture()
    expect(await runCommand(echo(), ['input'], input.io)).toBe(1)
    expect(input.out).toEqual({ stdout: '', stderr: 'echo: words.txt: line 3: not a word\n' })
    const widget = capture()
    expect(await runCommand(echo(), ['widget'], widget.io)).toBe(1)
    expect(widget.out.stderr).toBe('echo: widget.json: size: must be positive\n')
  })

  it('lets any other error through: a bug is not bad input', async () => {
    await expect(runCommand(echo(), ['bug'], capture().io)).rejects.toThrow(TypeError)
    const parseBug: Command<string> = {
      ...echo(),
      parse: () => {
        throw new RangeError('oops')
      },
    }
    await expect(runCommand(parseBug, ['x'], capture().io)).rejects.toThrow(RangeError)
  })
})

describe('parseCommandArgs', () => {
  it('is strict, and reports what parseArgs rejects as a UsageError', () => {
    const options = { out: { type: 'string' }, force: { type: 'boolean' } } as const
    expect(parseCommandArgs(['--out', 'x', '--force'], { options })).toEqual({ values: { out: 'x', force: true }, positionals: [] })
    expect(() => parseCommandArgs(['--out'], { options })).toThrow(UsageError)
    expect(() => parseCommandArgs(['--force=yes'], { options })).toThrow(UsageError)
    expect(() => parseCommandArgs(['stray'], { options })).toThrow(UsageError)
    expect(parseCommandArgs(['stray'], { options, allowPositionals: true }).positionals).toEqual(['stray'])
  })
})

describe('requireValues', () => {
  it('rejects a string option given as empty or blank, naming it', () => {
    expect(() => requireValues({ out: 'x', force: true, map: undefined })).not.toThrow()
    expect(() => requireValues({ out: 'x', 'servers-out': ' ' })).toThrow(new UsageError('--servers-out needs a value'))
    expect(() => requireValues({ out: '' })).toThrow(UsageError)
  })
})

describe('ioReason', () => {
  it('gives the system error code when there is one, else the message', () => {
    const missing = (() => {
      try {
        readFileSync(join(tmpdir(), 'no-such-file-for-ioReason'))
      } catch (error) {
        return error
      }
    })()
    expect(ioReason(missing)).toBe('ENOENT')
    expect(ioReason(new Error('disk on fire'))).toBe('disk on fire')
  })
})
