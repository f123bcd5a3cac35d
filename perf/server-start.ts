/**
 * Time from start to `tools/list` answered, for every fixture server, per
 * transport, through the harness's own `connectServer` (the code the hub
 * runs):
 *
 * - stdio, tsx: `node --import tsx fixtures/servers/<name>/main.ts` (transpiles at every start);
 * - stdio, JavaScript: `node <build>/fixtures/servers/<name>/main.js`, where a build exists
 *   (`--build DIR`, default `dist/`), or a throwaway one made with `--precompile`;
 * - in-process: `server.ts`'s factory over the SDK's in-memory transport. The first start in a
 *   process also imports (and transpiles) the module: shown apart as "cold".
 *
 * Transports take turns per server and per repetition, so they see the same load. Each server
 * gets the options mcp.servers.json gives it.
 *
 * A second table: a task-isolated instance (`isolation: "task"`) as a task gets it from the hub
 * (`ServerHub.acquire`), per transport: started cold when the task asks, against handed over from the
 * warm pool (src/runtime/servers/warm-pool.ts), started while the task before it ran. The ratio is what the
 * pool takes off a task's critical path; the hand-over still lists nothing and starts nothing.
 *
 * Run: node --import tsx perf/server-start.ts [--runs 3] [--servers math,time] [--precompile | --build DIR]
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { parseServers } from '../src/config/load-servers.ts'
import type { ServerConfig } from '../src/contracts/server-config.ts'
import { useRunnerImporter } from '../src/runtime/modules/load-module.ts'
import { connectServer } from '../src/runtime/servers/connect.ts'
import { ServerHub } from '../src/runtime/servers/hub.ts'
import { precompileFixtures } from './lib/precompile.ts'
import { markdownTable, median } from './lib/stats.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    servers: { type: 'string' },
    build: { type: 'string', default: 'dist' },
    precompile: { type: 'boolean', default: false },
  },
})
const root = process.cwd()
const runs = Number(values.runs)
const all = readdirSync(resolve(root, 'fixtures/servers'))
  .filter((d) => existsSync(resolve(root, 'fixtures/servers', d, 'main.ts')))
  .sort()
const servers = values.servers ? values.servers.split(',') : all
const build = values.precompile ? precompileFixtures(root) : resolve(root, values.build!)
const hasBuild = (name: string) => existsSync(join(build, 'fixtures/servers', name, 'main.js'))

/** The options mcp.servers.json passes a fixture (its `--options=` argument), so every transport starts the same server. */
function bundledOptions(): Map<string, string | undefined> {
  const file = JSON.parse(readFileSync(resolve(root, 'mcp.servers.json'), 'utf8')) as {
    mcpServers: Record<string, { args?: string[]; options?: unknown }>
  }
  const out = new Map<string, string | undefined>()
  for (const [name, entry] of Object.entries(file.mcpServers)) {
    const flag = entry.args?.find((a) => a.startsWith('--options='))
    out.set(name, flag ? flag.slice('--options='.length) : entry.options === undefined ? undefined : JSON.stringify(entry.options))
  }
  return out
}
const options = bundledOptions()
// In a benchmark run, in-process modules load through Vitest's module runner, which caches them; this
// script runs under tsx, whose own import() plays that part (without it each start would go through
// Vite's runnerImport afresh).
useRunnerImporter((specifier) => import(specifier))

type Transport = 'tsx' | 'js' | 'in-process'

function parsedFor(name: string, transport: Transport, extra: Record<string, unknown> = {}) {
  const opts = options.get(name)
  const flag = opts ? [`--options=${opts}`] : []
  const raw =
    transport === 'tsx'
      ? { command: process.execPath, args: ['--import', 'tsx', `fixtures/servers/${name}/main.ts`, ...flag] }
      : transport === 'js'
        ? { command: process.execPath, args: [join(build, 'fixtures/servers', name, 'main.js'), ...flag] }
        : { module: `./fixtures/servers/${name}/server.ts`, ...(opts ? { options: JSON.parse(opts) } : {}) }
  const parsed = parseServers({ mcpServers: { [name]: { ...raw, startupTimeoutMs: 120_000, ...extra } } }, 'perf/server-start')
  if (!parsed.servers[name]) throw new Error(`perf/server-start: bad config for ${name}: ${Object.values(parsed.invalid).join('; ')}`)
  return parsed
}

function configFor(name: string, transport: Transport): ServerConfig {
  return parsedFor(name, transport).servers[name]!
}

/**
 * A task's isolated instance through the hub: cold (acquired with nothing warm), then warm (the hub planned
 * two tasks; the first one's acquisition set the second's instance starting, which is awaited before the
 * second acquires, as when a task runs longer than a start). Times the two acquisitions; stops are not timed.
 */
async function handOver(name: string, transport: Transport): Promise<{ cold: number; warm: number }> {
  const hub = new ServerHub({ ...parsedFor(name, transport, { isolation: 'task' }), root })
  try {
    hub.plan([name])
    hub.plan([name])
    let t0 = performance.now()
    const first = await hub.acquire([name])
    const cold = performance.now() - t0
    await first.release()
    await hub.warmed()
    t0 = performance.now()
    const second = await hub.acquire([name])
    const warm = performance.now() - t0
    await second.release()
    return { cold, warm }
  } finally {
    await hub.close()
  }
}

/** One start: spawn (or import) to tools/list answered, then a clean stop (not timed). */
async function startOnce(name: string, transport: Transport): Promise<{ ms: number; tools: number }> {
  const t0 = performance.now()
  const connection = await connectServer(name, configFor(name, transport), root)
  const ms = performance.now() - t0
  await connection.close()
  return { ms, tools: connection.tools.length }
}

const rows: string[][] = []
const totals = { tsx: [] as number[], js: [] as number[], warm: [] as number[] }
/** Per transport, each server's median cold acquisition and warm hand-over. */
const pool: Record<Transport, { cold: number[]; warm: number[] }> = {
  tsx: { cold: [], warm: [] },
  js: { cold: [], warm: [] },
  'in-process': { cold: [], warm: [] },
}
for (const name of servers) {
  const times: Record<Transport, number[]> = { tsx: [], js: [], 'in-process': [] }
  const handOvers: Record<Transport, { cold: number[]; warm: number[] }> = {
    tsx: { cold: [], warm: [] },
    js: { cold: [], warm: [] },
    'in-process': { cold: [], warm: [] },
  }
  let tools = 0
  let cold = Number.NaN
  for (let run = 0; run <= runs; run++) {
    // Run 0 is the in-process cold start alone: the module is imported then, and cached after.
    if (run === 0) {
      cold = (await startOnce(name, 'in-process')).ms
      continue
    }
    times.tsx.push((await startOnce(name, 'tsx')).ms)
    if (hasBuild(name)) times.js.push((await startOnce(name, 'js')).ms)
    const warm = await startOnce(name, 'in-process')
    times['in-process'].push(warm.ms)
    tools = warm.tools
    for (const transport of ['tsx', 'js', 'in-process'] as const) {
      if (transport === 'js' && !hasBuild(name)) continue
      const pair = await handOver(name, transport)
      handOvers[transport].cold.push(pair.cold)
      handOvers[transport].warm.push(pair.warm)
    }
  }
  for (const transport of ['tsx', 'js', 'in-process'] as const) {
    if (!handOvers[transport].cold.length) continue
    pool[transport].cold.push(median(handOvers[transport].cold))
    pool[transport].warm.push(median(handOvers[transport].warm))
  }
  const tsx = median(times.tsx)
  const js = times.js.length ? median(times.js) : Number.NaN
  const warm = median(times['in-process'])
  totals.tsx.push(tsx)
  if (!Number.isNaN(js)) totals.js.push(js)
  totals.warm.push(warm)
  rows.push([name, String(tools), fmt(tsx), fmt(js), fmt(cold), fmt(warm), x(tsx, js), x(tsx, warm)])
  process.stderr.write(`${name} `)
}
process.stderr.write('\n')
const sum = (v: number[]) => v.reduce((a, b) => a + b, 0)
rows.push([
  '**median server**',
  '',
  fmt(median(totals.tsx)),
  fmt(median(totals.js)),
  '',
  fmt(median(totals.warm)),
  x(median(totals.tsx), median(totals.js)),
  x(median(totals.tsx), median(totals.warm)),
])
rows.push([
  '**all servers, one start each**',
  '',
  fmt(sum(totals.tsx)),
  totals.js.length === totals.tsx.length ? fmt(sum(totals.js)) : '–',
  '',
  fmt(sum(totals.warm)),
  '',
  '',
])

function fmt(ms: number): string {
  return Number.isNaN(ms) ? '–' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`
}
function x(a: number, b: number): string {
  return Number.isNaN(a) || Number.isNaN(b) ? '–' : `${(a / b).toFixed(a / b >= 100 ? 0 : 1)}×`
}

const jsNote = values.precompile
  ? 'a throwaway build made with --precompile'
  : hasBuild(servers[0]!)
    ? `the build in ${values.build}`
    : `no build in ${values.build}: pass --precompile to make a throwaway one`
console.log(
  `\nServer start to tools/list answered (median of ${runs}; node ${process.version}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; JavaScript: ${jsNote})\n`,
)
console.log(
  markdownTable(
    ['server', 'tools', 'stdio, tsx', 'stdio, JavaScript', 'in-process, cold', 'in-process', 'tsx / JavaScript', 'tsx / in-process'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  ),
)
console.log(
  `\nA task-isolated instance as a task acquires it from the hub: started cold, or handed over from the warm pool (per server: median of ${runs}; the median server shown)\n`,
)
const transports: Array<[Transport, string]> = [
  ['tsx', 'stdio, tsx'],
  ['js', 'stdio, JavaScript'],
  ['in-process', 'in-process'],
]
console.log(
  markdownTable(
    ['transport', 'servers', 'cold start', 'warm hand-over', 'cold / warm'],
    transports
      .filter(([t]) => pool[t].cold.length)
      .map(([t, label]) => [
        label,
        String(pool[t].cold.length),
        fmt(median(pool[t].cold)),
        fmt(median(pool[t].warm)),
        x(median(pool[t].cold), median(pool[t].warm)),
      ]),
    ['l', 'r', 'r', 'r', 'r'],
  ),
)
if (values.precompile) rmSync(build, { recursive: true, force: true })
