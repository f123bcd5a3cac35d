/**
 * Workload W of the "Speed" issue, side by side in one process run: N tasks, each 3 tool-calling
 * turns of 2 parallel calls then a final answer, against one shared stdio MCP server (the math
 * fixture), with the scripted model server (fixtures/models/scripted-server.ts) as an
 * OpenAI-compatible stand-in that takes 100 ms per completion. Contenders, each a fresh process tree
 * per run, taking turns so they see the same load:
 *
 * - plain script: perf/workload/plain.ts (run as JavaScript), the openai SDK + MCP SDK loop of
 *   perf/lib/workload.ts, no test runner;
 * - this project: perf/workload (mcpTask files, the plugin and its reporters, the OpenAI-compatible agent)
 *   run by `vitest run --sequence.concurrent --maxConcurrency C`;
 * - peers, when PERF_PEERS_DIR names a directory with a peers.json (see peers() below): the same loop
 *   under other eval harnesses, installed there and never in this project's dependencies.
 *
 * Prints the median wall time of each, its ratio to the plain script, and the peak resident memory of
 * its whole process tree, as a Markdown table.
 *
 * `npm run build` first: the server and the project then run compiled, as a user's project runs them
 * (`--server tsx` / `--from source` run them from TypeScript instead).
 *
 * Run: node --import tsx perf/harness-overhead.ts [--quick] [--configs 32x8x7,128x16x3] [--server js|tsx]
 *        [--from dist|source] [--only plain,project,…]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startScriptedModel } from '../fixtures/models/scripted-server.ts'
import { MODEL_DELAY_MS, workloadModel } from './lib/workload.ts'
import { transpileTree } from './lib/precompile.ts'
import { runTree } from './lib/process-tree.ts'
import { markdownTable, median, mib, ratio, seconds } from './lib/stats.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    server: { type: 'string' },
    only: { type: 'string' },
    configs: { type: 'string' },
    from: { type: 'string' },
  },
})
const root = process.cwd()
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs')

/** The workload's sizes: N tasks, C at once, median of R runs (the issue's two). `--quick`: one run each, to try the script. */
const configs = (values.configs ?? '32x8x7,128x16x3').split(',').map((c) => {
  const [tasks, concurrency, runs] = c.split('x').map(Number)
  return { tasks: tasks!, concurrency: concurrency!, runs: values.quick ? 1 : runs! }
})

/** The shared stdio server: the math fixture, compiled when a build exists (`npm run build`), else through tsx. */
const built = resolve(root, 'dist/fixtures/servers/math/main.js')
const serverKind = values.server ?? (existsSync(built) ? 'js' : 'tsx')
// tsx by its resolved URL: contenders outside the repository (PERF_PEERS_DIR) start the server from their own directory.
const server = serverKind === 'js' ? [process.execPath, built] : [process.execPath, '--import', import.meta.resolve('tsx'), resolve(root, 'fixtures/servers/math/main.ts')]

/** The package as a user's project loads it (compiled, `npm run build`) or this repository's way (src/ through Vite). */
const from = values.from ?? (existsSync(resolve(root, 'dist/src/plugin.js')) ? 'dist' : 'source')
const projectConfig = from === 'dist' ? 'vitest.dist.config.ts' : 'vitest.config.ts'

interface Contender {
  name: string
  command: (c: { tasks: number; concurrency: number }) => string[]
  cwd: string
}

// The plain script runs as JavaScript, transpiled once here, so its figure holds no TypeScript loader.
const plainBuild = transpileTree(root, ['perf/workload', 'perf/lib'])
const contenders: Contender[] = [
  { name: 'plain script (no test runner)', cwd: root, command: () => [process.execPath, join(plainBuild, 'perf/workload/plain.js')] },
  {
    name: 'this project (mcpTask, `--sequence.concurrent`)',
    cwd: resolve(root, 'perf/workload'),
    command: ({ concurrency }) => [process.execPath, vitest, 'run', '--config', projectConfig, '--sequence.concurrent', `--maxConcurrency=${concurrency}`],
  },
  ...peers(),
]

/**
 * Contenders installed outside the repository: `$PERF_PEERS_DIR/peers.json` is
 * `[{ "name": "…", "cwd": "relative/dir", "command": ["node", "…", "{concurrency}"] }]`;
 * `{node}`, `{tasks}` and `{concurrency}` are filled in.
 */
function peers(): Contender[] {
  const dir = process.env.PERF_PEERS_DIR
  if (!dir) return []
  const list = JSON.parse(readFileSync(join(dir, 'peers.json'), 'utf8')) as Array<{ name: string; cwd: string; command: string[] }>
  return list.map((p) => ({
    name: p.name,
    cwd: resolve(dir, p.cwd),
    command: ({ tasks, concurrency }) => p.command.map((a) => a.replaceAll('{node}', process.execPath).replaceAll('{tasks}', String(tasks)).replaceAll('{concurrency}', String(concurrency))),
  }))
}

const only = values.only?.split(',')
const selected = only ? contenders.filter((c, i) => only.some((o) => c.name.startsWith(o) || (o === 'project' && i === 1))) : contenders

const model = await startScriptedModel({ script: (request) => workloadModel(request) })
const results = new Map<string, Map<string, { walls: number[]; peaks: number[]; starts: number[]; ends: number[]; failures: string[] }>>()
try {
  for (const config of configs) {
    const key = `${config.tasks}x${config.concurrency}`
    for (let run = 0; run < config.runs; run++) {
      // Each run starts with a different contender, so none always runs right after the same neighbour.
      const order = selected.map((_, i) => selected[(i + run) % selected.length]!)
      for (const contender of order) {
        const out = mkdtempSync(join(tmpdir(), 'mcp-bench-perf-'))
        const env = {
          ...process.env,
          PERF_MODEL_URL: model.url,
          PERF_TASKS: String(config.tasks),
          PERF_CONCURRENCY: String(config.concurrency),
          PERF_SERVER: JSON.stringify(server),
          PERF_WORKLOAD_MODULE: resolve(root, 'perf/lib/workload.ts'),
          PERF_OUTPUT_DIR: out,
          MCP_BENCH_MODEL: '',
          CI: 'true',
        }
        const seen = model.requests.length
        const spawned = Date.now()
        const result = await runTree(contender.command(config), { cwd: contender.cwd, env })
        const exited = Date.now()
        // The fixed costs around the work: start to the first model request, and the last answer to exit.
        const requests = model.requests.slice(seen)
        const start = requests.length ? requests[0]!.receivedAt - spawned : Number.NaN
        const end = requests.length ? exited - (requests.at(-1)!.receivedAt + MODEL_DELAY_MS) : Number.NaN
        rmSync(out, { recursive: true, force: true })
        const byConfig = results.get(contender.name) ?? new Map()
        results.set(contender.name, byConfig)
        const entry = byConfig.get(key) ?? { walls: [], peaks: [], starts: [], ends: [], failures: [] }
        byConfig.set(key, entry)
        if (result.code !== 0) entry.failures.push(result.output.slice(-2_000))
        entry.walls.push(result.wallMs)
        entry.peaks.push(result.peakRss)
        entry.starts.push(start)
        entry.ends.push(end)
        process.stderr.write(`${key} run ${run + 1}/${config.runs} ${contender.name}: ${seconds(result.wallMs)} (start ${seconds(start)}, end ${seconds(end)}), ${mib(result.peakRss)}${result.code ? ` (exit ${result.code})` : ''}\n`)
      }
    }
  }
} finally {
  await model.close()
  rmSync(plainBuild, { recursive: true, force: true })
}

const base = results.get(contenders[0]!.name)
const header = ['contender', ...configs.map((c) => `N=${c.tasks}, concurrency ${c.concurrency}`), 'peak memory', 'start to first request', 'last answer to exit']
const rows = selected.map((contender) => {
  const byConfig = results.get(contender.name)!
  const cells = configs.map((c) => {
    const key = `${c.tasks}x${c.concurrency}`
    const entry = byConfig.get(key)!
    const wall = median(entry.walls)
    const plain = base?.get(key)
    const failed = entry.failures.length ? ` (${entry.failures.length} failed)` : ''
    return contender === contenders[0] || !plain ? `${seconds(wall)}${failed}` : `${seconds(wall)} (${ratio(wall, median(plain.walls))})${failed}`
  })
  // Peak memory at the largest configuration: the most the harness holds at once.
  const last = byConfig.get(`${configs.at(-1)!.tasks}x${configs.at(-1)!.concurrency}`)!
  return [contender === contenders[1] ? `**${contender.name}**` : contender.name, ...cells, mib(median(last.peaks)), seconds(median(last.starts)), seconds(median(last.ends))]
})
console.log(`\nWorkload W (median wall time of ${configs.map((c) => `${c.runs} at N=${c.tasks}`).join(', ')}; ratio to the plain script; peak RSS of the process tree and the fixed costs before the first model request and after the last answer, at N=${configs.at(-1)!.tasks}; server: math fixture over stdio via ${serverKind === 'js' ? 'compiled JavaScript' : 'tsx'}; this project from ${from === 'dist' ? 'dist/ (compiled)' : 'src/'}; node ${process.version}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})\n`)
console.log(markdownTable(header, rows, ['l', ...configs.map(() => 'r' as const), 'r', 'r', 'r']))
for (const [name, byConfig] of results) {
  for (const [key, entry] of byConfig) if (entry.failures.length) console.log(`\n${name} failed ${entry.failures.length} run(s) at ${key}; last output:\n${entry.failures.at(-1)}`)
}
