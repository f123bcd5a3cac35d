import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseCLI } from 'vitest/node'
import { main } from '../../src/cli/main.ts'
import { documentedCommands, flagName, helpFlags, shellWords, type DocCommand } from './doc-commands.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const read = (file: string) => readFileSync(new URL(file, new URL('../../', import.meta.url)), 'utf8')

/** Runs `mcp-bench` in-process, as the bin script does, and captures what it writes. */
async function mcpBench(args: readonly string[]) {
  const out = { stdout: '', stderr: '' }
  const io = { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } }
  const code = await main(args, io)
  return { code, ...out }
}

/** Vitest's own help, every option expanded: the flags this Vitest accepts. */
const vitestHelp = execFileSync(process.execPath, [new URL('../../node_modules/vitest/vitest.mjs', import.meta.url).pathname, '--help', '--expand-help'], { cwd: root, encoding: 'utf8' })
const vitestFlags = helpFlags(vitestHelp)
const trackedFiles = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)

/** What is wrong with one documented `npx mcp-bench …`: an unknown subcommand, a flag it does not take. */
async function mcpBenchProblems(command: DocCommand): Promise<string[]> {
  const [sub, ...rest] = command.args
  if (sub === undefined || sub.startsWith('-')) {
    const result = await mcpBench(command.args)
    return result.code === 0 ? [] : [`\`mcp-bench ${command.args.join(' ')}\` exits ${result.code}`]
  }
  // With --help appended, the subcommand parses every argument strictly and then prints its usage: an unknown
  // flag, or a flag missing its value, is a usage error (exit 2) instead.
  const result = await mcpBench([sub, ...rest, '--help'])
  if (result.code !== 0) return [`\`mcp-bench ${command.args.join(' ')}\` is not accepted: ${(result.stderr.split('\n')[0] ?? '').trim()}`]
  const documented = helpFlags(result.stdout)
  return rest.map(flagName).filter((f): f is string => f !== null && !documented.has(f.replace(/^-+/, '')))
    .map((f) => `mcp-bench ${sub}: ${f} is not in its usage text`)
}

/** What is wrong with one documented `npx vitest …`: a flag Vitest does not have, a filter that matches no file. */
function vitestProblems(command: DocCommand): string[] {
  const { filter, options } = parseCLI(['vitest', ...command.args])
  const problems: string[] = []
  for (const [key, value] of Object.entries(options)) {
    if (key === '--') continue
    const names = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).map((k) => `${key}.${k}`) : [key]
    for (const name of names) if (!vitestFlags.has(name)) problems.push(`vitest has no flag --${name}`)
  }
  // Positionals are file filters (a mistyped command lands here too): each must match a file of the project.
  for (const f of filter) if (!trackedFiles.some((file) => file.includes(f))) problems.push(`vitest filter "${f}" matches no file`)
  return problems
}

async function problemsOf(commands: readonly DocCommand[]): Promise<string[]> {
  const problems: string[] = []
  for (const c of commands) {
    const found = c.tool === 'mcp-bench' ? await mcpBenchProblems(c) : vitestProblems(c)
    problems.push(...found.map((p) => `${c.where}: ${p}`))
  }
  return problems
}

describe('reading commands out of Markdown', () => {
  it('takes the commands of fenced blocks, with quotes, continuations, comments and redirects handled', () => {
    const markdown = [
      'Prose with `npx vitest --nope` is not a command block.',
      '```sh',
      "npx vitest run benchmarks -t '^hard/'   # the hard tier",
      'npx mcp-bench compare a.json b.json \\',
      '  --json out.json >> "$GITHUB_STEP_SUMMARY"',
      '```',
      '```yaml',
      '- run: npx vitest run benchmarks --shard=${{ matrix.shard }}/4 --reporter=blob',
      '```',
    ].join('\n')
    expect(documentedCommands(markdown, 'doc.md')).toEqual([
      { where: 'doc.md:3', tool: 'vitest', args: ['run', 'benchmarks', '-t', '^hard/'] },
      { where: 'doc.md:4', tool: 'mcp-bench', args: ['compare', 'a.json', 'b.json', '--json', 'out.json'] },
      { where: 'doc.md:8', tool: 'vitest', args: ['run', 'benchmarks', '--shard=EXPR/4', '--reporter=blob'] },
    ])
    expect(shellWords(`a "b c" 'd'e $(x) | y`)).toEqual(['a', 'b c', 'de', '$(x'])
  })

  it('finds an unknown subcommand, flag or filter', async () => {
    const commands = documentedCommands([
      '```sh',
      'npx mcp-bench frobnicate',
      'npx mcp-bench compare a.json b.json --no-such-flag',
      'npx mcp-bench history --last 5',
      'npx vitest run benchmarks --frobnicate',
      'npx vitest rnu benchmarks',
      '```',
    ].join('\n'), 'bad.md')
    const problems = await problemsOf(commands)
    expect(problems).toEqual([
      'bad.md:2: `mcp-bench frobnicate` is not accepted: mcp-bench: unknown command "frobnicate"',
      expect.stringMatching(/^bad\.md:3: `mcp-bench compare .*` is not accepted: compare: Unknown option '--no-such-flag'/),
      'bad.md:5: vitest has no flag --frobnicate',
      'bad.md:6: vitest filter "rnu" matches no file',
    ])
  })
})

describe.each(['docs/ci.md', 'README.md'])('every command %s shows exists', (file) => {
  const commands = documentedCommands(read(file), file)

  it('shows commands of both tools', () => {
    expect(commands.filter((c) => c.tool === 'mcp-bench').length).toBeGreaterThan(0)
    expect(commands.filter((c) => c.tool === 'vitest').length).toBeGreaterThan(0)
  })

  it('names only subcommands, flags and filters that exist', async () => {
    expect(await problemsOf(commands)).toEqual([])
  })
})
