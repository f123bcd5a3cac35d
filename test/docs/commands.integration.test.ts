import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseCLI } from 'vitest/node'
import { main } from '../../src/cli/main.ts'
import { BenchOptionsSchema } from '../../src/contracts/options.ts'
import { documentedCommands, flagName, helpFlags, shellWords, type DocCommand } from './doc-commands.ts'
import { anchorsOf, citedPaths, isExternal, linksOf, slug } from './doc-links.ts'
import { optionPaths } from './option-paths.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const read = (file: string) => readFileSync(join(root, file), 'utf8')

/** Every document a reader is pointed to: the README, every page under docs/, the fixtures' overview. */
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => posix.join('docs', f.split('\\').join('/')))
    .sort(),
  'fixtures/README.md',
]

/** Runs `mcp-bench` in-process, as the bin script does, and captures what it writes. */
async function mcpBench(args: readonly string[]) {
  const out = { stdout: '', stderr: '' }
  const io = { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } }
  const code = await main(args, io)
  return { code, ...out }
}

/** Vitest's own help, every option expanded: the flags this Vitest accepts. */
const vitestHelp = execFileSync(
  process.execPath,
  [new URL('../../node_modules/vitest/vitest.mjs', import.meta.url).pathname, '--help', '--expand-help'],
  { cwd: root, encoding: 'utf8' },
)
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
  return rest
    .map(flagName)
    .filter((f): f is string => f !== null && !documented.has(f.replace(/^-+/, '')))
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
    const commands = documentedCommands(
      [
        '```sh',
        'npx mcp-bench frobnicate',
        'npx mcp-bench compare a.json b.json --no-such-flag',
        'npx mcp-bench history --last 5',
        'npx vitest run benchmarks --frobnicate',
        'npx vitest rnu benchmarks',
        '```',
      ].join('\n'),
      'bad.md',
    )
    const problems = await problemsOf(commands)
    expect(problems).toEqual([
      'bad.md:2: `mcp-bench frobnicate` is not accepted: mcp-bench: unknown command "frobnicate"',
      expect.stringMatching(/^bad\.md:3: `mcp-bench compare .*` is not accepted: compare: Unknown option '--no-such-flag'/),
      'bad.md:5: vitest has no flag --frobnicate',
      'bad.md:6: vitest filter "rnu" matches no file',
    ])
  })
})

/** What is wrong with the links of one document: a file that does not exist, an anchor no heading makes. */
function linkProblems(file: string, markdown: string, readDoc: (path: string) => string | null): string[] {
  const problems: string[] = []
  for (const link of linksOf(markdown, file)) {
    if (isExternal(link.target)) continue
    const hash = link.target.indexOf('#')
    const path = hash === -1 ? link.target : link.target.slice(0, hash)
    const anchor = hash === -1 ? null : decodeURIComponent(link.target.slice(hash + 1))
    const target = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(path)))
    const text = target === file ? markdown : readDoc(target)
    if (text === null) {
      problems.push(`${link.where}: links to ${link.target}, and ${target} does not exist`)
      continue
    }
    if (anchor !== null && target.endsWith('.md') && !anchorsOf(text).has(anchor)) {
      problems.push(`${link.where}: links to ${link.target}, and ${target} has no heading with the anchor #${anchor}`)
    }
  }
  return problems
}

/** A repository file's text, '' for a directory, null when there is nothing at that path. */
function readRepo(path: string): string | null {
  const full = join(root, path)
  if (!existsSync(full)) return null
  return path.endsWith('.md') ? readFileSync(full, 'utf8') : ''
}

/**
 * The folders of the project's own code whose paths documents cite; a cited path must exist (a prefix filter
 * ending in `-` must start some file). benchmarks/ is left out: documents name files there that a user writes or
 * a command generates (`benchmarks/synth`), and docs/ is covered by the link check.
 */
const CITED_ROOTS = ['src', 'test', 'scripts', 'perf', 'reporters', 'fixtures', 'bin', '\\.ci']

function pathProblems(file: string, markdown: string, exists: (path: string) => boolean): string[] {
  return citedPaths(markdown, CITED_ROOTS)
    .filter((p) => !(p.endsWith('-') ? trackedFiles.some((f) => f.startsWith(p)) : exists(p)))
    .map((p) => `${file}: cites ${p}, which does not exist`)
}

/** The scripts of package.json: every `npm run <script>` a document shows must be one of them. */
const npmScripts = new Set(Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts))

function npmRunProblems(file: string, markdown: string): string[] {
  return [...markdown.matchAll(/\bnpm run ([\w:.-]+)/g)]
    .map((m) => m[1]!)
    .filter((name) => !npmScripts.has(name))
    .map((name) => `${file}: npm run ${name} is not a script of package.json`)
}

describe('reading links, anchors and paths out of Markdown', () => {
  const docs: Record<string, string> = {
    'docs/a.md': [
      '# Guide',
      '## Writing a task',
      '## The `mcp-bench` command',
      "## Reproducing MCP-Bench's setup: `preset: 'mcp-bench'`",
      '## Writing a task',
      '```md',
      '# Not a heading [nor a link](missing.md)',
      '```',
      'See [tasks](#writing-a-task), [again](#writing-a-task-1), [cli](#the-mcp-bench-command),',
      '[preset](#reproducing-mcp-benchs-setup-preset-mcp-bench), [b](b.md#options), [site](https://example.com/x.md)',
      'and `[code](nowhere.md)`. Broken: [gone](#nowhere), [file](c.md), [up](../README.md#quick-start), [b](b.md#nope).',
      '[ref]: ./b.md#options',
    ].join('\n'),
    'docs/b.md': '# B\n\n## Options\n',
    'README.md': '# R\n',
  }
  const readDoc = (p: string) => docs[p] ?? null

  it('makes anchors as GitHub does', () => {
    expect(slug("Reproducing MCP-Bench's setup: `preset: 'mcp-bench'`")).toBe('reproducing-mcp-benchs-setup-preset-mcp-bench')
    expect(slug('Cassettes: record a model run once, replay it for free')).toBe('cassettes-record-a-model-run-once-replay-it-for-free')
    expect([...anchorsOf(docs['docs/a.md']!)]).toEqual([
      'guide',
      'writing-a-task',
      'the-mcp-bench-command',
      'reproducing-mcp-benchs-setup-preset-mcp-bench',
      'writing-a-task-1',
    ])
  })

  it('finds a link to a missing file or heading, and leaves code and other sites alone', () => {
    expect(linkProblems('docs/a.md', docs['docs/a.md']!, readDoc)).toEqual([
      'docs/a.md:11: links to #nowhere, and docs/a.md has no heading with the anchor #nowhere',
      'docs/a.md:11: links to c.md, and docs/c.md does not exist',
      'docs/a.md:11: links to ../README.md#quick-start, and README.md has no heading with the anchor #quick-start',
      'docs/a.md:11: links to b.md#nope, and docs/b.md has no heading with the anchor #nope',
    ])
  })

  it('finds a cited path that does not exist, and leaves patterns alone', () => {
    const text =
      'Run `node --import tsx perf/nope.ts` or perf/aggregate.ts, see `fixtures/servers/<slug>/main.ts`, `test/e2e/*.test.ts` and test/e2e/html-.'
    expect(pathProblems('x.md', text, (p) => existsSync(join(root, p)))).toEqual(['x.md: cites perf/nope.ts, which does not exist'])
  })

  it('finds an npm script that package.json does not have', () => {
    expect(npmRunProblems('x.md', 'After `npm run build`, `npm run bulid`.')).toEqual([
      'x.md: npm run bulid is not a script of package.json',
    ])
  })
})

describe.each(documents)('%s', (file) => {
  const markdown = read(file)
  const commands = documentedCommands(markdown, file)

  it('names only subcommands, flags and filters that exist', async () => {
    expect(await problemsOf(commands)).toEqual([])
  })

  it('links only to files and headings that exist', () => {
    expect(linkProblems(file, markdown, readRepo)).toEqual([])
  })

  it('cites only paths and npm scripts that exist', () => {
    expect([...pathProblems(file, markdown, (p) => existsSync(join(root, p))), ...npmRunProblems(file, markdown)]).toEqual([])
  })
})

describe('the documents as a whole', () => {
  it('show commands of both tools, the README too', () => {
    const all = documents.flatMap((f) => documentedCommands(read(f), f))
    expect(all.filter((c) => c.tool === 'mcp-bench').length).toBeGreaterThan(10)
    expect(all.filter((c) => c.tool === 'vitest').length).toBeGreaterThan(10)
    const readme = documentedCommands(read('README.md'), 'README.md')
    expect(new Set(readme.map((c) => c.tool))).toEqual(new Set(['mcp-bench', 'vitest']))
  })

  it('reach every page under docs/ from the index, docs/README.md', () => {
    const linked = new Set(
      linksOf(read('docs/README.md'), 'docs/README.md')
        .filter((l) => !isExternal(l.target))
        .map((l) => posix.normalize(posix.join('docs', l.target.split('#')[0]!))),
    )
    expect(documents.filter((f) => f.startsWith('docs/') && f !== 'docs/README.md' && !linked.has(f))).toEqual([])
  })

  it('keep the README within 300 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300)
  })

  it('document every plugin option, at every depth, in the options reference', () => {
    const reference = read('docs/reference/options.md')
    const missing = optionPaths(BenchOptionsSchema).filter((path) => !reference.includes(`\`${path.split('.').at(-1)}\``))
    expect(missing).toEqual([])
  })

  it('describe every field of leaderboard.schema.json, and the fields of each top-level one, in the schema reference', () => {
    interface JsonSchema {
      properties?: Record<string, JsonSchema>
      items?: JsonSchema
    }
    const schema = JSON.parse(read('leaderboard.schema.json')) as JsonSchema
    const fields = Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [
      name,
      ...Object.keys((field.items ?? field).properties ?? {}),
    ])
    expect(fields.length).toBeGreaterThan(60)
    const reference = read('docs/reference/leaderboard.md')
    expect([...new Set(fields)].filter((f) => !reference.includes(`\`${f}\``))).toEqual([])
  })

  it('list every environment variable the package reads in the environment reference', () => {
    const sources = ['src', 'reporters'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => read(join(dir, f))),
    )
    const names = new Set(sources.flatMap((text) => [...text.matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!)))
    expect(names.size).toBeGreaterThan(10)
    const reference = read('docs/reference/environment.md')
    expect([...names].filter((name) => !reference.includes(`\`${name}\``))).toEqual([])
  })

  it('list every mcp-bench subcommand in the CLI reference', async () => {
    const help = (await mcpBench(['--help'])).stdout
    const subcommands = [...help.matchAll(/^\s{2}(\w+)\s/gm)].map((m) => m[1]!)
    expect(subcommands.length).toBeGreaterThan(5)
    const reference = anchorsOf(read('docs/reference/cli.md'))
    expect(subcommands.filter((s) => ![...reference].some((a) => a.startsWith(`mcp-bench-${s}`)))).toEqual([])
  })
})
