import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/import.ts'
import { ServerConfigSchema, ServersFileSchema } from '../../src/contracts/server-config.ts'
import { collectTasks } from '../../src/runtime/task/collect.ts'
import { FIXTURE_SETTINGS } from '../../src/import/mcp-bench-fixtures.ts'
import { TaskSpecSchema } from '../../src/contracts/task-spec.ts'

// MCP-Bench's published task files and commands.json (see data/mcp-bench/LICENSE).
const DATA = fileURLToPath(new URL('./data/mcp-bench/', import.meta.url))
const SINGLE = join(DATA, 'mcpbench_tasks_single_runner_format.json')
const TWO = join(DATA, 'mcpbench_tasks_multi_2server_runner_format.json')
const THREE = join(DATA, 'mcpbench_tasks_multi_3server_runner_format.json')
const COMMANDS = join(DATA, 'commands.json')
const REPO_SERVERS = fileURLToPath(new URL('../../mcp.servers.json', import.meta.url))

// A task file in MCP-Bench's released format, with our own made-up tasks.
const sample = {
  generation_info: { status: 'completed' },
  server_tasks: [
    {
      server_name: 'Weather Data+National Parks',
      servers: ['Weather Data', 'National Parks'],
      combination_type: 'two_server',
      tasks: [
        {
          task_id: 'weather_parks_000',
          task_description: '1. Find parks in UT.\n2. For each, get the 3-day forecast of its gateway town.',
          fuzzy_description: 'Which Utah park will have the best weather this weekend?',
          dependency_analysis: 'Step 2 needs the park list from step 1; the forecasts run in parallel.',
          distraction_servers: ['Math MCP', 'OKX Exchange'],
        },
      ],
    },
    {
      server_name: 'OKX Exchange',
      combination_type: 'single_server',
      tasks: [{ task_id: 'okx_000', task_description: 'Get the BTC-USDT ticker.', fuzzy_description: 'What is bitcoin trading at?' }],
    },
    {
      server_name: 'OKX Exchange',
      combination_type: 'single_server',
      tasks: [{ task_id: 'okx_001', task_description: 'Get the ETH-USDT ticker.', fuzzy_description: 'And ether?' }],
    },
  ],
  total_tasks: 3,
}

function capture() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } }
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'import-'))
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'))

/** Runs the CLI in a fresh directory; returns that directory, the exit code and the output. */
async function runImport(args: string[], dir = tempDir()) {
  const { out, io } = capture()
  const code = await main(args, io, dir)
  return { dir, code, ...out }
}

/** The table row of one server: [name, key, source, main, distractor]. */
function tableRow(stdout: string, name: string): string[] | undefined {
  const line = stdout.split('\n').find((l) => l.startsWith(`${name}  `))
  return line?.split(/\s{2,}/)
}

async function loadTasks(dir: string) {
  const files = readdirSync(dir).sort()
  const tasks = await collectTasks(files, (f) => import(/* @vite-ignore */ pathToFileURL(join(dir, f)).href))
  return tasks.map((t) => ({ id: t.id, spec: TaskSpecSchema.parse(t.spec) }))
}

describe('mcp-bench import: tasks', () => {
  it('writes one mcpTask file per server combination, with names mapped to our fixture servers', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(sample))
    const run = await runImport(['tasks.json', '--out', 'out', '--map', 'OKX Exchange=okx'], dir)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('3 tasks in 2 files')
    // The distractor-only server (math) is declared too.
    expect(run.stdout).toContain('servers to declare in mcp.servers.json: math, national-parks, okx, weather')
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['mcp-bench-okx.test.ts', 'mcp-bench-weather+national-parks.test.ts'])
    const byId = Object.fromEntries((await loadTasks(join(dir, 'out'))).map((t) => [t.id, t.spec]))
    expect(byId['mcp-bench/weather_parks_000']).toMatchObject({
      servers: ['weather', 'national-parks'],
      category: 'multi-server',
      fuzzy: 'Which Utah park will have the best weather this weekend?',
      reference: { dependencyAnalysis: expect.stringContaining('Step 2 needs'), calls: [] },
      distractors: ['math', 'okx'],
      tier: 'hard',
      tags: ['mcp-bench', 'two_server'],
    })
    expect(byId['mcp-bench/okx_000']).toMatchObject({ servers: ['okx'], category: 'single-server' })
    // Two groups of the same combination land in one file, not one over the other.
    expect(byId['mcp-bench/okx_001']).toMatchObject({ servers: ['okx'] })
    expect(readFileSync(join(dir, 'out', 'mcp-bench-okx.test.ts'), 'utf8')).toMatch(
      /^\/\/ Generated by `mcp-bench import` from tasks\.json/,
    )
    // No commands.json and no --offline: no servers file.
    expect(run.stdout).toContain('no servers file written')
    expect(readdirSync(dir)).not.toContain('mcp.servers.json')
  })

  it("imports all 104 of MCP-Bench's tasks: 56 single-server, 30 two-server, 18 three-server", async () => {
    const run = await runImport([SINGLE, TWO, THREE, '--out', 'bench'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('mcpbench_tasks_single_runner_format.json: 56 tasks')
    expect(run.stdout).toContain('mcpbench_tasks_multi_2server_runner_format.json: 30 tasks')
    expect(run.stdout).toContain('mcpbench_tasks_multi_3server_runner_format.json: 18 tasks')
    expect(run.stdout).toMatch(/^104 tasks in \d+ files written to/m)
    const tasks = await loadTasks(join(run.dir, 'bench'))
    expect(tasks).toHaveLength(104)
    expect(new Set(tasks.map((t) => t.id)).size).toBe(104)
    const bySize = (n: number) => tasks.filter((t) => t.spec.servers.length === n).length
    expect([bySize(1), bySize(2), bySize(3)]).toEqual([56, 30, 18])
  })

  it('declares the servers used only as distractors: 9 in the 2-server file, 11 in the 3-server file', async () => {
    const declared = async (file: string) => {
      const run = await runImport([file, '--out', 'bench'])
      const line = run.stdout.split('\n').find((l) => l.startsWith('servers to declare'))!
      return new Set(
        line
          .slice(line.indexOf(':') + 1)
          .split(',')
          .map((s) => s.trim()),
      )
    }
    const mainServers = (file: string) => new Set((readJson(file).server_tasks as Array<{ servers: string[] }>).flatMap((g) => g.servers))
    // The distractor-only servers of each file, by config key, as MCP-Bench's data has them.
    const twoOnly = [
      'bibliomantic',
      'call-for-papers',
      'car-price-evaluator',
      'fruityvice',
      'huge-icons',
      'medical-calculator',
      'movie-recommender',
      'osint-intelligence',
      'openapi-explorer',
    ]
    const threeOnly = [
      'bibliomantic',
      'car-price-evaluator',
      'context7',
      'dex-paprika',
      'game-trends',
      'movie-recommender',
      'nixos',
      'okx-exchange',
      'osint-intelligence',
      'reddit',
      'unit-converter',
    ]
    expect(mainServers(TWO).size).toBe(18)
    expect(mainServers(THREE).size).toBe(16)
    const two = await declared(TWO)
    const three = await declared(THREE)
    for (const key of twoOnly) expect(two, key).toContain(key)
    for (const key of threeOnly) expect(three, key).toContain(key)
    expect(two.size).toBe(18 + 9)
    expect(three.size).toBe(16 + 11)
  })
})

describe('mcp-bench import: servers from commands.json', () => {
  it('writes an entry for each of the 28 servers: command and args split, API keys as ${VAR}, HTTP as a URL', async () => {
    const run = await runImport([SINGLE, '--commands', COMMANDS, '--out', 'bench'])
    expect(run.code).toBe(0)
    const file = ServersFileSchema.parse(readJson(join(run.dir, 'mcp.servers.json')))
    const entries = file.mcpServers as Record<string, Record<string, unknown>>
    expect(Object.keys(entries)).toHaveLength(28)
    for (const [key, entry] of Object.entries(entries)) expect(ServerConfigSchema.safeParse(entry).success, key).toBe(true)

    expect(entries.math).toEqual({
      command: 'node',
      args: ['build/index.js'],
      cwd: '${MCP_BENCH_DIR}/mcp_servers/math-mcp',
      description: expect.stringContaining('Math MCP'),
    })
    expect(entries.wikipedia).toMatchObject({ command: 'uv', args: ['run', 'python', '-m', 'wikipedia_mcp'] })
    // A nested cwd keeps its path under mcp_servers/.
    expect(entries['movie-recommender']).toMatchObject({ cwd: '${MCP_BENCH_DIR}/mcp_servers/movie-recommender-mcp/movie-reccomender-mcp' })
    // Every API key is passed through by name, never with a value.
    const keyed = Object.entries(entries)
      .filter(([, e]) => e.env)
      .map(([k, e]) => [k, e.env])
    expect(Object.fromEntries(keyed)).toEqual({
      biomcp: { NCI_API_KEY: '${NCI_API_KEY}' },
      huggingface: { HF_TOKEN: '${HF_TOKEN}' },
      'national-parks': { NPS_API_KEY: '${NPS_API_KEY}' },
      'nasa-data': { NASA_API_KEY: '${NASA_API_KEY}' },
    })
    // Google Maps is MCP-Bench's HTTP server: a URL, its key named in how to start it.
    expect(entries['google-maps']).toEqual({
      url: 'http://127.0.0.1:3001/mcp',
      description: expect.stringMatching(/start it separately.*GOOGLE_MAPS_API_KEY=… node dist\/cli\.js --port 3001/),
    })
    expect(JSON.stringify(entries)).not.toMatch(/"[A-Z_]+": "(?!\$\{)/)
    expect(run.stdout).toContain('set MCP_BENCH_DIR')
  })

  it('resolves cwd inside a given checkout and marks servers present there as real, the rest missing', async () => {
    const dir = tempDir()
    const checkout = join(dir, 'mcp-bench')
    mkdirSync(join(checkout, 'mcp_servers', 'math-mcp'), { recursive: true })
    mkdirSync(join(checkout, 'mcp_servers', 'weather_mcp'), { recursive: true })
    writeFileSync(join(checkout, 'mcp_servers', 'commands.json'), readFileSync(COMMANDS))
    // Relative checkout: cwd stays relative to the servers file, so the project can commit it.
    const run = await runImport([SINGLE, '--mcp-bench-dir', 'mcp-bench', '--out', 'bench'], dir)
    expect(run.code).toBe(0)
    const entries = readJson(join(dir, 'mcp.servers.json')).mcpServers
    expect(entries.math.cwd).toBe(join('mcp-bench', 'mcp_servers', 'math-mcp'))
    expect(tableRow(run.stdout, 'Math MCP')).toEqual(['Math MCP', 'math', 'real', '2', '13'])
    expect(tableRow(run.stdout, 'Weather Data')?.[2]).toBe('real')
    expect(tableRow(run.stdout, 'Wikipedia')?.[2]).toBe('missing')
    expect(run.stdout).toContain('28 servers: 0 fixture, 2 real, 26 missing')

    // Absolute checkout: absolute cwd.
    const absolute = await runImport([SINGLE, '--mcp-bench-dir', checkout, '--out', 'bench', '--servers-out', 'abs.json'], dir)
    expect(readJson(join(dir, 'abs.json')).mcpServers.math.cwd).toBe(join(checkout, 'mcp_servers', 'math-mcp'))
    expect(absolute.code).toBe(0)
  })

  it("says the judge keeps this project's wording when the checkout's prompt builders cannot be read", async () => {
    const dir = tempDir()
    const checkout = join(dir, 'mcp-bench')
    mkdirSync(join(checkout, 'mcp_servers'), { recursive: true })
    writeFileSync(join(checkout, 'mcp_servers', 'commands.json'), readFileSync(COMMANDS))
    const run = await runImport([SINGLE, '--mcp-bench-dir', 'mcp-bench', '--out', 'bench'], dir)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(
      /no MCP-Bench judge templates taken from .*mcp-bench: .*\nthe judge and the planner will use this project's wording/,
    )
    expect(readdirSync(join(dir, 'bench'))).not.toContain('mcp-bench-templates.json')
  })

  // A real checkout (MCP_BENCH_CHECKOUT, with python3 and python3-yaml): its own prompt builders give the templates.
  it.skipIf(!process.env.MCP_BENCH_CHECKOUT)(
    "stores the judge's templates read from a real checkout with the suite",
    async () => {
      const run = await runImport([SINGLE, '--mcp-bench-dir', process.env.MCP_BENCH_CHECKOUT!, '--out', 'bench'])
      expect(run.code).toBe(0)
      const templates = readJson(join(run.dir, 'bench', 'mcp-bench-templates.json'))
      expect(templates.judge.dimensions).toHaveLength(3)
      expect(templates.planner.config.compressionTargetTokens).toBe(3_000)
      expect(run.stdout).toContain("use them with: judge: { templates: './bench/mcp-bench-templates.json' }")
    },
    120_000,
  )

  it('--offline maps every server with a fixture folder to the in-process fixture from the package', async () => {
    const run = await runImport([SINGLE, TWO, THREE, '--commands', COMMANDS, '--offline', '--out', 'bench'])
    expect(run.code).toBe(0)
    const entries = readJson(join(run.dir, 'mcp.servers.json')).mcpServers
    const fixtureDirs = new Set(readdirSync(fileURLToPath(new URL('../../fixtures/servers/', import.meta.url))))
    const rows = run.stdout
      .split('\n')
      .map((l) => l.split(/\s{2,}/))
      .filter((c) => c.length === 5 && /^\d+$/.test(c[3]!))
    expect(rows).toHaveLength(28)
    for (const [name, key, source] of rows) {
      // A fixture counts as present when its folder exists; the others stay real entries.
      expect(source, name).toBe(fixtureDirs.has(key!) ? 'fixture' : 'missing')
      if (source === 'fixture') {
        expect(entries[key!], key).toMatchObject({ module: `vitest-mcp-bench/fixtures/${key}`, export: 'createServer' })
      } else {
        expect(entries[key!], key).toHaveProperty(entries[key!].url ? 'url' : 'command')
      }
    }
    expect(rows.filter((r) => r[2] === 'fixture').length).toBeGreaterThanOrEqual(13)
    expect(entries.math).toEqual({
      module: 'vitest-mcp-bench/fixtures/math',
      export: 'createServer',
      options: {},
      description: expect.any(String),
    })
    expect(entries.time.options).toEqual({ now: '2025-06-15T12:00:00Z' })
    expect(entries['scientific-computing'].isolation).toBe('task')
    for (const [key, entry] of Object.entries(entries)) expect(ServerConfigSchema.safeParse(entry).success, key).toBe(true)
  })

  it("gives each fixture the options and isolation this repository's mcp.servers.json gives it", () => {
    // The repository runs its fixtures in-process (`module` and `options`); one it ran over stdio would give them as `--options=`.
    const repo = readJson(REPO_SERVERS).mcpServers as Record<
      string,
      { args?: string[]; module?: string; options?: unknown; isolation?: string }
    >
    const stdio = Object.entries(repo).filter(([, e]) => e.args?.some((a) => a.startsWith('fixtures/servers/')))
    const inProcess = Object.entries(repo).filter(([, e]) => e.module?.startsWith('./fixtures/servers/'))
    expect(stdio.length + inProcess.length).toBeGreaterThanOrEqual(13)
    const optionsOf = (entry: { args?: string[]; options?: unknown }) => {
      if (!entry.args) return entry.options
      const flag = entry.args.find((a) => a.startsWith('--options='))
      return flag ? JSON.parse(flag.slice('--options='.length)) : undefined
    }
    for (const [key, entry] of [...stdio, ...inProcess]) {
      expect(FIXTURE_SETTINGS[key]?.options, key).toEqual(optionsOf(entry))
      expect(FIXTURE_SETTINGS[key]?.isolation, key).toEqual(entry.isolation)
    }
  })

  it('prints the table of servers with their task counts as main server and as distractor', async () => {
    const run = await runImport([SINGLE, TWO, THREE, '--commands', COMMANDS, '--out', 'bench'])
    expect(run.stdout).toMatch(/^MCP-Bench server\s+key\s+source\s+main tasks\s+distractor tasks$/m)
    // Counts from MCP-Bench's data: Wikipedia is a main server in 18 tasks and a distractor in 30.
    expect(tableRow(run.stdout, 'Wikipedia')).toEqual(['Wikipedia', 'wikipedia', 'missing', '18', '30'])
    expect(tableRow(run.stdout, 'Time MCP')).toEqual(['Time MCP', 'time', 'missing', '2', '0'])
    const rows = run.stdout
      .split('\n')
      .map((l) => l.split(/\s{2,}/))
      .filter((c) => c.length === 5 && /^\d+$/.test(c[3]!))
    const total = (i: number) => rows.reduce((n, r) => n + Number(r[i]), 0)
    const tasks = [SINGLE, TWO, THREE].flatMap((f) =>
      (readJson(f).server_tasks as Array<{ servers: string[]; tasks: Array<{ distraction_servers: string[] }> }>).flatMap((g) =>
        g.tasks.map((t) => ({ servers: g.servers, distractors: t.distraction_servers })),
      ),
    )
    expect(total(3)).toBe(tasks.reduce((n, t) => n + t.servers.length, 0))
    expect(total(4)).toBe(tasks.reduce((n, t) => n + t.distractors.length, 0))
  })

  it("adds to an existing servers file without overwriting the user's entries, and says which were kept", async () => {
    const dir = tempDir()
    const mine = { command: 'node', args: ['my-math.js'] }
    writeFileSync(join(dir, 'servers.json'), JSON.stringify({ mcpServers: { math: mine, other: { url: 'http://127.0.0.1:9/mcp' } } }))
    const run = await runImport([SINGLE, '--commands', COMMANDS, '--offline', '--out', 'bench', '--servers-out', 'servers.json'], dir)
    expect(run.code).toBe(0)
    const entries = readJson(join(dir, 'servers.json')).mcpServers
    expect(entries.math).toEqual(mine)
    expect(entries.other).toEqual({ url: 'http://127.0.0.1:9/mcp' })
    expect(Object.keys(entries)).toHaveLength(29)
    expect(run.stdout).toContain('27 server entries added')
    expect(run.stdout).toContain('kept as they were (already in the file): math')
  })
})

describe('mcp-bench import: bad input and usage', () => {
  it('names the file and field of a malformed task file, commands file or servers file (exit 1)', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ server_tasks: [{ server_name: 'X', tasks: [{ task_id: 'x' }] }] }))
    const bad = await runImport(['bad.json', '--out', 'o'], dir)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/bad\.json: not an MCP-Bench task file: server_tasks\.0\.tasks\.0\.task_description/)

    writeFileSync(join(dir, 'commands.json'), JSON.stringify({ Maps: { cmd: 'node x.js', cwd: '../m', transport: 'http' } }))
    const commands = await runImport([SINGLE, '--commands', 'commands.json', '--out', 'o'], dir)
    expect(commands.code).toBe(1)
    expect(commands.stderr).toMatch(/commands\.json: not an MCP-Bench commands\.json: Maps\.port: an HTTP server needs a port/)

    writeFileSync(join(dir, 'servers.json'), JSON.stringify({ servers: {} }))
    const servers = await runImport([SINGLE, '--offline', '--out', 'o', '--servers-out', 'servers.json'], dir)
    expect(servers.code).toBe(1)
    expect(servers.stderr).toMatch(/servers\.json: not a servers file: mcpServers: Invalid input/)

    const missing = await runImport(['nowhere.json'], dir)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/nowhere\.json: cannot read the task file: ENOENT/)

    writeFileSync(join(dir, 'text.json'), 'not json')
    expect((await runImport(['text.json'], dir)).stderr).toMatch(/text\.json: the task file is not JSON/)
  })

  it('rejects unknown options, missing values and bad --map entries with the usage (exit 2)', async () => {
    for (const args of [
      [],
      ['a.json', '--frobnicate'],
      ['a.json', '--out'],
      ['a.json', '--map', 'nonsense'],
      ['a.json', '--offline=yes'],
      ['a.json', '--out', ''],
    ]) {
      const run = await runImport(args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr, args.join(' ')).toContain('usage: mcp-bench import')
    }
    expect((await runImport(['a.json', '--map', 'nonsense'])).stderr).toMatch(/--map entries look like "Server Name=key"/)
    const help = await runImport(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--mcp-bench-dir')
  })
})
