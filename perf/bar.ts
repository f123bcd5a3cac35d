/**
 * The bar of issue 19, side by side in one run. Parts (`--parts`, default all but profile):
 *
 * - `w`: workload W (N tasks × 3 tool turns of 2 parallel calls + a final answer, one stdio server: the math
 *   fixture, a stand-in model at 100 ms per completion; perf/lib/workload.ts) against, each a fresh process
 *   tree per round, rounds interleaved (each round starts with a different contender):
 *     - the floor: plain Vitest running the same loop in `test.concurrent` (perf/bar/floor.test.ts);
 *     - plain Vitest + its JUnit reporter;
 *     - vitest-evals, the loop as its custom harness (perf/bar/evals.test.ts);
 *     - the plain openai + MCP SDK script, no test runner (perf/workload/plain.ts);
 *     - this project: mcpTask files under the plugin and its reporters (perf/workload);
 *     - only when `--only` names them, this project with one setting changed, to see what it costs:
 *       `annotated` (`annotate: true`, as in watch mode), `no-count` (`progress: false`: no pre-count, so no
 *       server plan) and `no-reports` (`reporters: false`: no reports, journal, progress display or server plan).
 *     - with `--candidate-tarball FILE`, `candidate`: another build of this project (a change against the one
 *       packed), installed in a copy of the scratch project (`<scratch>-candidate`), run interleaved with the rest.
 *   All of them run from a scratch project under the system temp directory, outside the repository, where the
 *   package is installed from its `npm pack` tarball as a user installs it, beside vitest, the SDKs and the
 *   peers from the npm registry. Reported per contender: median (min–max) of wall time, CPU (user + sys of the
 *   whole process tree) and the largest process's peak RSS, each also as a ratio to the floor's median; the
 *   head: from the start to the first completion the model was asked for (config, workers, servers, the first
 *   task), where a harness's start-up shows; and the tail: from the last completion the model was asked for to the exit (the last task's answer, the reports,
 *   the teardown), where a harness's end-of-run work shows. `--main-flags` passes Node/V8 flags to this
 *   project's main process only (e.g. `--max-semi-space-size=8`, to see what V8's young generation adds).
 * - `suite`: the bundled suite with the reference agent against a trivial Vitest run (perf/lib/suite-runs.ts).
 * - `concurrency`: the bundled suite against a 300 ms stand-in model with default settings: the effective
 *   concurrency (perf/lib/suite-runs.ts).
 * - `profile`: one W run of this project (the last `--configs` entry) with `--cpu-prof` on the main process
 *   and the test worker: top self time by module and by function, each process apart. `--profile-of floor`
 *   profiles the floor instead (or any contender's key); `--profile-of floor,project` profiles both and prints
 *   the second's self time less the first's, by function: where this project's extra CPU goes.
 * - `processes`: the floor and this project (and the candidate build, when given) on W at two sizes (C and N tasks of the last `--configs` entry,
 *   `--process-runs` runs each): each process's CPU, once per run and per task (perf/lib/cpu-by-process.ts).
 *
 * The output is a Markdown block for the README's Performance section; progress goes to stderr.
 *
 * Run: node --import tsx perf/bar.ts [--parts w,suite,concurrency,profile] [--configs 32x8x5,128x16x5]
 *        [--quick] [--scratch DIR (reused: peers installed once)] [--tarball FILE (skip npm pack)]
 *        [--only floor,junit,evals,plain,project,annotated,no-count,no-reports] [--suite-runs 3] [--concurrency-runs 1] [--delay 300]
 *        [--main-flags=--max-semi-space-size=8] [--process-runs 2] [--candidate-tarball FILE]
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startScriptedModel } from '../fixtures/models/scripted-server.ts'
import { formatSummary, selfTimeDifference, summarizeDir, type ProfileSummary } from './lib/cpu-profile.ts'
import { transpileFiles } from './lib/precompile.ts'
import { runTree, type TreeRun } from './lib/process-tree.ts'
import { markdownTable, median, mib, seconds, stealNote, stealPercent } from './lib/stats.ts'
import { modelConcurrency, suiteVsTrivial } from './lib/suite-runs.ts'
import { cpuByProcess } from './lib/cpu-by-process.ts'
import { workloadModel } from './lib/workload.ts'

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: 'w,suite,concurrency' },
    configs: { type: 'string', default: '32x8x5,128x16x5' },
    quick: { type: 'boolean', default: false },
    scratch: { type: 'string' },
    tarball: { type: 'string' },
    only: { type: 'string' },
    'suite-runs': { type: 'string', default: '3' },
    'concurrency-runs': { type: 'string', default: '1' },
    delay: { type: 'string', default: '300' },
    'main-flags': { type: 'string', default: '' },
    'process-runs': { type: 'string', default: '2' },
    'candidate-tarball': { type: 'string' },
    'profile-of': { type: 'string', default: 'project' },
  },
})
const root = process.cwd()
const parts = new Set(values.parts.split(','))
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const configs = values.configs.split(',').map((c) => {
  const [tasks, concurrency, runs] = c.split('x').map(Number)
  return { tasks: tasks!, concurrency: concurrency!, runs: values.quick ? 1 : (runs ?? 5) }
})

/** The contenders' sources, transpiled into the scratch project with the same layout. */
const SOURCES = [
  'perf/lib/workload.ts',
  'perf/lib/workload-clients.ts',
  'perf/workload/plain.ts',
  'perf/workload/options.ts',
  'perf/workload/vitest.packed.config.ts',
  'perf/workload/benchmarks/workload.test.ts',
  'perf/bar/vitest.config.ts',
  'perf/bar/floor.test.ts',
  'perf/bar/evals.test.ts',
]

/** What the scratch project installs besides the package: this repository's versions where it has them. */
function peerPackages(): string[] {
  const version = (name: string) => JSON.parse(readFileSync(resolve(root, 'node_modules', name, 'package.json'), 'utf8')).version as string
  return [
    `vitest@${version('vitest')}`,
    `vite@${version('vite')}`,
    `openai@${version('openai')}`,
    `@modelcontextprotocol/sdk@${version('@modelcontextprotocol/sdk')}`,
    `zod@${version('zod')}`,
    'vitest-evals@0.16.1',
    'ai@5',
    'tinyrainbow@3',
  ]
}

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })

/** Packs the package (its prepack builds dist/) and installs it, and the peers once, in the scratch project. */
function scratchProject(): string {
  const dir = values.scratch ? resolve(values.scratch) : mkdtempSync(join(tmpdir(), 'mcp-bench-bar-'))
  mkdirSync(dir, { recursive: true })
  if (!existsSync(join(dir, 'package.json')))
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ name: 'mcp-bench-bar-scratch', private: true, type: 'module' }, null, 2)}\n`,
    )
  let tarball = values.tarball && resolve(values.tarball)
  if (!tarball) {
    process.stderr.write('bar: npm run build, npm pack…\n')
    // The build (the package's prepack) first, so `npm pack --json` prints nothing but its JSON.
    npm(['run', 'build', '--silent'], root)
    const packed = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir], root)) as Array<{ filename: string }>
    tarball = join(dir, packed[0]!.filename)
  }
  if (!existsSync(join(dir, 'node_modules/vitest-evals'))) {
    process.stderr.write('bar: installing vitest, the SDKs and vitest-evals in the scratch project…\n')
    npm(['install', '--no-audit', '--no-fund', ...peerPackages()], dir)
  }
  process.stderr.write(`bar: installing ${tarball}…\n`)
  npm(['install', '--no-audit', '--no-fund', tarball], dir)
  transpileFiles(
    root,
    SOURCES.map((f) => resolve(root, f)),
    dir,
  )
  return dir
}

interface Contender {
  key: string
  name: string
  cwd: string
  command: (c: { concurrency: number }, out: string) => string[]
  env?: Record<string, string>
}

function contenders(dir: string): Contender[] {
  const vitest = join(dir, 'node_modules/vitest/vitest.mjs')
  const plainVitest =
    (extra: (out: string) => string[] = () => []) =>
    ({ concurrency }: { concurrency: number }, out: string) => [
      process.execPath,
      vitest,
      'run',
      '--config',
      'perf/bar/vitest.config.js',
      `--maxConcurrency=${concurrency}`,
      ...extra(out),
    ]
  return [
    {
      key: 'floor',
      name: 'plain Vitest, the loop in `test.concurrent` (the floor)',
      cwd: dir,
      command: plainVitest(),
      env: { PERF_BAR_FILE: 'floor.test.js' },
    },
    {
      key: 'junit',
      name: 'plain Vitest + its JUnit reporter',
      cwd: dir,
      env: { PERF_BAR_FILE: 'floor.test.js' },
      command: plainVitest((out) => ['--reporter=default', '--reporter=junit', `--outputFile.junit=${join(out, 'junit.xml')}`]),
    },
    {
      key: 'evals',
      name: 'vitest-evals 0.16.1 (custom harness)',
      cwd: dir,
      command: plainVitest(() => ['--reporter=vitest-evals/reporter']),
      env: { PERF_BAR_FILE: 'evals.test.js' },
    },
    {
      key: 'plain',
      name: 'plain openai + MCP SDK script (no test runner)',
      cwd: dir,
      command: () => [process.execPath, join(dir, 'perf/workload/plain.js')],
    },
    projectContender(dir, 'project', '**this project** (packed, mcpTask)'),
    // The same with one setting changed, to measure what it costs side by side (perf/workload/options.ts merges PERF_OPTIONS).
    projectContender(dir, 'annotated', 'this project with `annotate: true` (every test annotated, as in watch mode)', { annotate: true }),
    projectContender(dir, 'no-count', 'this project with `progress: false` (no pre-count, so no server plan)', { progress: false }),
    // What the reports cost, side by side: no leaderboard, summary, HTML, JUnit, journal, progress display or plan.
    projectContender(dir, 'no-reports', 'this project with `reporters: false` (no reports, journal or server plan)', { reporters: false }),
    ...(candidateDir ? [projectContender(candidateDir, 'candidate', `the candidate build (${values['candidate-tarball']})`)] : []),
  ]
}

function projectContender(dir: string, key: string, name: string, options?: object): Contender {
  const vitest = join(dir, 'node_modules/vitest/vitest.mjs')
  return {
    key,
    name,
    cwd: join(dir, 'perf/workload'),
    ...(options ? { env: { PERF_OPTIONS: JSON.stringify(options) } } : {}),
    command: ({ concurrency }) => [
      process.execPath,
      ...mainFlags,
      vitest,
      'run',
      '--config',
      'vitest.packed.config.js',
      '--sequence.concurrent',
      `--maxConcurrency=${concurrency}`,
    ],
  }
}

const mainFlags = values['main-flags'].split(' ').filter(Boolean)

interface Entry {
  runs: TreeRun[]
  loads: string[]
  failures: string[]
  tails: number[]
  /** From the start to the first completion the model was asked for: the harness's start-up. */
  heads: number[]
}

/**
 * The environment of one contender's W run, the same for every part (w, profile, processes): the stand-in model,
 * the tasks and how many at once, the packed math fixture as the stdio server, the reports' directory.
 */
function workloadEnv(
  dir: string,
  contender: Contender,
  modelUrl: string,
  { tasks, concurrency }: { tasks: number; concurrency: number },
  out: string,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...contender.env,
    PERF_MODEL_URL: modelUrl,
    PERF_TASKS: String(tasks),
    PERF_CONCURRENCY: String(concurrency),
    MCP_BENCH_CONCURRENCY: String(concurrency),
    PERF_SERVER: JSON.stringify([process.execPath, join(dir, 'node_modules/vitest-mcp-bench/dist/fixtures/servers/math/main.js')]),
    PERF_OUTPUT_DIR: out,
    MCP_BENCH_MODEL: '',
    CI: 'true',
  }
}

/** The contenders that are this project with one setting changed: run only when `--only` names them. */
const VARIANTS = new Set(['annotated', 'no-count', 'no-reports'])
// The candidate build runs whenever it is given.
const ALWAYS = new Set(['candidate'])

async function workloadW(dir: string): Promise<string> {
  const all = contenders(dir)
  const only = values.only?.split(',')
  const selected = only
    ? all.filter((c) => only.includes(c.key) || c.key === 'floor' || ALWAYS.has(c.key))
    : all.filter((c) => !VARIANTS.has(c.key))
  const model = await startScriptedModel({ script: (request) => workloadModel(request) })
  const results = new Map<string, Entry>()
  try {
    for (const config of configs) {
      for (let run = 0; run < config.runs; run++) {
        const order = selected.map((_, i) => selected[(i + run) % selected.length]!)
        for (const contender of order) {
          const out = mkdtempSync(join(tmpdir(), 'mcp-bench-bar-out-'))
          const env = workloadEnv(dir, contender, model.url, config, out)
          const before = load()
          const seen = model.requests.length
          const started = Date.now()
          const result = await runTree(contender.command(config, out), { cwd: contender.cwd, env })
          const received = model.requests.slice(seen).map((r) => r.receivedAt)
          const lastRequest = Math.max(...received)
          rmSync(out, { recursive: true, force: true })
          const key = `${contender.key} ${config.tasks}x${config.concurrency}`
          const entry = results.get(key) ?? { runs: [], loads: [], failures: [], tails: [], heads: [] }
          results.set(key, entry)
          const requests = model.requests.length - seen
          const expected = config.tasks * 4
          if (result.code !== 0 || requests !== expected)
            entry.failures.push(`exit ${result.code}, ${requests} of ${expected} completions\n${result.output.slice(-2_000)}`)
          entry.runs.push(result)
          entry.loads.push(before)
          entry.tails.push(started + result.wallMs - lastRequest)
          entry.heads.push(Math.min(...received) - started)
          process.stderr.write(
            `W ${config.tasks}x${config.concurrency} round ${run + 1}/${config.runs} ${contender.key}: wall ${seconds(result.wallMs)}, CPU ${seconds(result.cpuMs)}, largest ${mib(result.maxProcessRss)} (load ${before}, steal ${stealPercent(result.stealShare)})${result.code ? ` exit ${result.code}` : ''}\n`,
          )
        }
      }
    }
  } finally {
    await model.close()
  }
  const spread = (ms: number[]) => `${Math.round(median(ms))} ms (${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))})`
  const cell = (values: number[], floor: number[], show: (n: number) => string) =>
    `${show(median(values))} (${show(Math.min(...values))}–${show(Math.max(...values))}) **${(median(values) / median(floor)).toFixed(2)}×**`
  const blocks: string[] = []
  for (const config of configs) {
    const floor = results.get(`floor ${config.tasks}x${config.concurrency}`)!
    const loads = selected.flatMap((c) =>
      results.get(`${c.key} ${config.tasks}x${config.concurrency}`)!.loads.map((l) => Number(l.split(' ')[0])),
    )
    const steals = selected.flatMap((c) => results.get(`${c.key} ${config.tasks}x${config.concurrency}`)!.runs.map((r) => r.stealShare))
    blocks.push(
      `Workload W, N=${config.tasks}, C=${config.concurrency}: median (min–max) of ${config.runs}, rounds interleaved, ratio to the floor's median; 1-minute load average at the starts ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}; ${stealNote(steals)}`,
      '',
    )
    blocks.push(
      markdownTable(
        [
          'contender',
          'wall',
          'CPU (user+sys, process tree)',
          'largest process (peak RSS)',
          'head to the first completion',
          'tail after the last completion',
        ],
        selected.map((c) => {
          const e = results.get(`${c.key} ${config.tasks}x${config.concurrency}`)!
          const failed = e.failures.length ? ` (${e.failures.length} failed)` : ''
          return [
            c.name + failed,
            cell(
              e.runs.map((r) => r.wallMs),
              floor.runs.map((r) => r.wallMs),
              seconds,
            ),
            cell(
              e.runs.map((r) => r.cpuMs),
              floor.runs.map((r) => r.cpuMs),
              seconds,
            ),
            cell(
              e.runs.map((r) => r.maxProcessRss),
              floor.runs.map((r) => r.maxProcessRss),
              mib,
            ),
            spread(e.heads),
            spread(e.tails),
          ]
        }),
        ['l', 'r', 'r', 'r', 'r', 'r'],
      ),
      '',
    )
  }
  blocks.push(
    `Node ${process.version}; the package from \`npm pack\`, installed in a scratch project with vitest ${peerPackages()[0]!.split('@')[1]}; the math fixture over stdio (compiled); a 100 ms stand-in model on loopback.${mainFlags.length ? ` This project's main process ran with \`${mainFlags.join(' ')}\`.` : ''}`,
  )
  for (const [key, entry] of results)
    if (entry.failures.length)
      blocks.push('', `${key}: ${entry.failures.length} run(s) failed; last:\n\`\`\`\n${entry.failures.at(-1)}\n\`\`\``)
  return blocks.join('\n')
}

/**
 * One W run of each contender `--profile-of` names (this project by default) with V8's CPU profiler on the main
 * process and the test worker. With two (`floor,project`), also the second's self time less the first's, by
 * function, each process apart: where its extra CPU goes.
 */
async function profile(dir: string): Promise<string> {
  const config = configs.at(-1)!
  const keys = values['profile-of'].split(',')
  const blocks: string[] = []
  const profiled: Array<Map<string, ProfileSummary>> = []
  for (const key of keys) {
    const contender = contenders(dir).find((c) => c.key === key)
    if (!contender) throw new Error(`--profile-of ${key}: no such contender`)
    const { block, summaries } = await profileOne(dir, contender, config)
    blocks.push(block)
    profiled.push(summaries)
  }
  const [first, second] = profiled
  if (first && second) {
    const lines = [`Self time of ${keys[1]} less ${keys[0]}, by function (ms; line numbers left out, as builds differ)`, '', '```']
    for (const [kind, a] of first) {
      const b = second.get(kind)
      if (!b) continue
      lines.push(`${kind}: ${a.totalMs.toFixed(0)} → ${b.totalMs.toFixed(0)} ms busy`)
      for (const d of selfTimeDifference(a, b).slice(0, 25))
        lines.push(`  ${(d.b - d.a).toFixed(0).padStart(6)}  ${d.a.toFixed(0).padStart(6)} → ${d.b.toFixed(0).padStart(6)}  ${d.name}`)
    }
    lines.push('```')
    blocks.push(lines.join('\n'))
  }
  return blocks.join('\n\n')
}

/** One profiled W run of a contender: its Markdown block, and its main process's and worker's summaries. */
async function profileOne(
  dir: string,
  contender: Contender,
  config: { tasks: number; concurrency: number },
): Promise<{ block: string; summaries: Map<string, ProfileSummary> }> {
  const profDir = mkdtempSync(join(tmpdir(), 'mcp-bench-bar-prof-'))
  const model = await startScriptedModel({ script: (request) => workloadModel(request) })
  const out = mkdtempSync(join(tmpdir(), 'mcp-bench-bar-out-'))
  const [node, ...args] = contender.command(config, out)
  let result: TreeRun
  try {
    result = await runTree([node!, '--cpu-prof', `--cpu-prof-dir=${join(profDir, 'main')}`, ...args], {
      cwd: contender.cwd,
      env: {
        ...workloadEnv(dir, contender, model.url, config, out),
        PERF_WORKER_EXEC_ARGV: JSON.stringify(['--cpu-prof', `--cpu-prof-dir=${join(profDir, 'worker')}`]),
      },
    })
  } finally {
    await model.close()
    rmSync(out, { recursive: true, force: true })
  }
  const lines = [
    `CPU profile of ${contender.name} on W, N=${config.tasks}, C=${config.concurrency} (exit ${result.code}, wall ${seconds(result.wallMs)}, CPU ${seconds(result.cpuMs)} under the profiler; load ${load()}); profiles in ${profDir}`,
    '',
    '```',
  ]
  const summaries = new Map<string, ProfileSummary>()
  for (const kind of ['main', 'worker']) {
    // The busiest profile of each kind: the one process of that kind in W.
    const [summary] = existsSync(join(profDir, kind)) ? summarizeDir(join(profDir, kind)) : []
    if (!summary) continue
    summaries.set(kind, summary)
    lines.push(formatSummary(summary, kind, 20))
  }
  lines.push('```')
  return { block: lines.join('\n'), summaries }
}

/** The floor and this project on W at two sizes, each process's CPU apart. */
async function processes(dir: string): Promise<string> {
  const config = configs.at(-1)!
  const model = await startScriptedModel({ script: (request) => workloadModel(request) })
  const out = mkdtempSync(join(tmpdir(), 'mcp-bench-bar-out-'))
  const runs = contenders(dir)
    .filter((c) => c.key === 'floor' || c.key === 'project' || c.key === 'candidate')
    .map((c) => ({
      name: c.name,
      command: (tasks: number) => ({
        argv: c.command(config, out),
        cwd: c.cwd,
        env: workloadEnv(dir, c, model.url, { tasks, concurrency: config.concurrency }, out),
      }),
    }))
  try {
    return await cpuByProcess(runs, [config.concurrency, config.tasks], Number(values['process-runs']))
  } finally {
    await model.close()
    rmSync(out, { recursive: true, force: true })
  }
}

/** A copy of the scratch project with the candidate tarball installed in place of the package. */
function candidateProject(scratch: string, tarball: string): string {
  const copy = `${scratch}-candidate`
  rmSync(copy, { recursive: true, force: true })
  execFileSync('cp', ['-a', scratch, copy])
  process.stderr.write(`bar: installing the candidate ${tarball} in ${copy}…\n`)
  npm(['install', '--no-audit', '--no-fund', resolve(tarball)], copy)
  return copy
}

const blocks: string[] = []
const needsScratch = parts.has('w') || parts.has('profile') || parts.has('processes')
const dir = needsScratch ? scratchProject() : ''
const candidateDir = values['candidate-tarball'] && dir ? candidateProject(dir, values['candidate-tarball']) : undefined
if (parts.has('w')) blocks.push(await workloadW(dir))
if (parts.has('profile')) blocks.push(await profile(dir))
if (parts.has('processes')) blocks.push(await processes(dir))
if (parts.has('suite')) blocks.push(await suiteVsTrivial(root, values.quick ? 1 : Number(values['suite-runs'])))
if (parts.has('concurrency')) blocks.push(await modelConcurrency(root, Number(values['concurrency-runs']), Number(values.delay)))
console.log(`\n${blocks.join('\n\n')}`)
if (needsScratch && !values.scratch)
  process.stderr.write(`bar: scratch project left at ${dir} (pass --scratch ${dir} to reuse its installs)\n`)
