/**
 * Linear to 10k tasks (issue 19, item 4): N trivial tasks in a scratch project, run by `vitest run`
 * with the plugin and all its reporters, for several N in one run of this script. Each task is the
 * reference agent making one call to the math fixture in-process, so nearly all the time and memory is
 * the harness's: the worker's per-task work, the main process's aggregation and the reports.
 *
 * Measured per N, the wall time of the whole run and the peak resident memory of its whole process tree
 * (main process, workers), sampled from /proc; and that every report was written, with N tasks in the
 * leaderboard. Sizes alternate from round to round so they see the same load. Prints each size's ratio
 * to the smallest. The issue's target: 10,000 tasks in at most 11× the time of 1,000 and at most 1.5×
 * its peak memory.
 *
 * The scratch project lives in the OS temp directory, with this repository's node_modules linked in,
 * and loads the plugin from src/ as this repository's own config does.
 *
 * Run: node --import tsx perf/scale.ts [--sizes 1000,10000] [--per-file 100] [--runs 1] [--keep]
 *   Profiling: PERF_MAIN_ARGV='--cpu-prof --cpu-prof-dir=/tmp/prof' (main process),
 *   PERF_WORKER_EXEC_ARGV='["--heap-prof","--heap-prof-dir=/tmp/prof"]' (workers).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { runTree } from './lib/process-tree.ts'
import { markdownTable, median, mib, ratio, seconds } from './lib/stats.ts'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    'per-file': { type: 'string', default: '100' },
    runs: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
})
const root = process.cwd()
const sizes = values.sizes!.split(',').map(Number)
const perFile = Number(values['per-file'])
const runs = Number(values.runs)
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs')
const REPORTS = ['leaderboard.json', 'junit.xml', 'summary.md', 'report.html']

/** A scratch project with `n` tasks, `perFile` to a file; returns its directory. */
function scratchProject(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), `mcp-bench-scale-${n}-`))
  symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'), 'dir')
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scale-scratch', private: true, type: 'module' }))
  const src = (p: string) => JSON.stringify(resolve(root, p))
  writeFileSync(
    join(dir, 'vitest.config.ts'),
    `import { defineConfig } from 'vitest/config'
import { mcpBench } from ${src('src/plugin.ts')}

export default defineConfig({
  resolve: { alias: { 'vitest-mcp-bench': ${src('src/index.ts')} } },
  plugins: [mcpBench({
    servers: { math: { module: ${src('fixtures/servers/math/server.ts')} } },
    agent: 'reference',
    historyDir: false,
  })],
  test: {
    include: ['benchmarks/**/*.test.ts'],
    execArgv: JSON.parse(process.env.PERF_WORKER_EXEC_ARGV ?? '[]'),
  },
})
`,
  )
  mkdirSync(join(dir, 'benchmarks'))
  for (let file = 0; file * perFile < n; file++) {
    const count = Math.min(perFile, n - file * perFile)
    writeFileSync(
      join(dir, 'benchmarks', `scale-${String(file).padStart(4, '0')}.test.ts`),
      `import { mcpTask } from 'vitest-mcp-bench'

for (let k = 0; k < ${count}; k++) {
  const i = ${file * perFile} + k
  mcpTask(\`scale/\${i}\`, {
    servers: ['math'],
    prompt: \`Add \${i} and 1.\`,
    reference: { calls: [{ id: 'add', tool: 'math.add', args: { firstNumber: i, secondNumber: 1 } }], answer: \`The sum is \${i + 1}.\`, facts: [String(i + 1)] },
  })
}
`,
    )
  }
  return dir
}

/** What a finished run must show: every report written, and the leaderboard holding all `n` tasks, passed. */
function checkReports(dir: string, n: number): string | null {
  const out = join(dir, 'bench-results')
  const missing = REPORTS.filter((f) => !existsSync(join(out, f)))
  if (missing.length) return `missing report(s): ${missing.join(', ')}`
  const board = JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8')) as {
    tasks?: unknown[]
    rows?: Array<{ tasks?: number; passed?: number }>
  }
  const tasks = board.tasks?.length ?? board.rows?.[0]?.tasks
  if (tasks !== n) return `leaderboard.json holds ${String(tasks)} tasks, expected ${n}`
  return null
}

const projects = new Map(sizes.map((n) => [n, scratchProject(n)]))
const results = new Map(
  sizes.map((n) => [n, { walls: [] as number[], peaks: [] as number[], mains: [] as number[], problems: [] as string[] }]),
)
const mainArgv = (process.env.PERF_MAIN_ARGV ?? '').split(' ').filter(Boolean)
for (let run = 0; run < runs; run++) {
  for (let i = 0; i < sizes.length; i++) {
    const n = sizes[(i + run) % sizes.length]!
    const dir = projects.get(n)!
    rmSync(join(dir, 'bench-results'), { recursive: true, force: true })
    const result = await runTree([process.execPath, ...mainArgv, vitest, 'run'], {
      cwd: dir,
      env: { ...process.env, MCP_BENCH_MODEL: '', CI: 'true' },
      sampleMs: 100,
    })
    const problem = result.code === 0 ? checkReports(dir, n) : `exit ${result.code}: ${result.output.slice(-1_500)}`
    const r = results.get(n)!
    if (problem) r.problems.push(problem)
    r.walls.push(result.wallMs)
    r.peaks.push(result.peakRss)
    r.mains.push(result.rootPeakRss)
    process.stderr.write(
      `run ${run + 1}/${runs} N=${n}: ${seconds(result.wallMs)}, ${mib(result.peakRss)} (main ${mib(result.rootPeakRss)})${problem ? ` (${problem.split('\n')[0]})` : ''}\n`,
    )
  }
}

const base = results.get(sizes[0]!)!
console.log(
  `\nN trivial tasks (reference agent, in-process math fixture, ${perFile} tasks a file; median of ${runs}; node ${process.version}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})\n`,
)
console.log(
  markdownTable(
    [
      'tasks',
      'wall time',
      'per task',
      `time / N=${sizes[0]}`,
      `N / ${sizes[0]}`,
      'peak memory (tree)',
      `memory / N=${sizes[0]}`,
      'main process peak',
      `main / N=${sizes[0]}`,
      'reports',
    ],
    sizes.map((n) => {
      const r = results.get(n)!
      const wall = median(r.walls)
      return [
        String(n),
        seconds(wall),
        `${(wall / n).toFixed(1)} ms`,
        ratio(wall, median(base.walls)),
        `${n / sizes[0]!}×`,
        mib(median(r.peaks)),
        ratio(median(r.peaks), median(base.peaks)),
        mib(median(r.mains)),
        ratio(median(r.mains), median(base.mains)),
        r.problems.length ? `**${r.problems.at(-1)!.split('\n')[0]}**` : 'all 4, N tasks',
      ]
    }),
    ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  ),
)
for (const [n, r] of results)
  if (r.problems.length) console.log(`\nN=${n}: ${r.problems.length} run(s) did not count: ${r.problems.at(-1)}`)
if (values.keep) console.log(`\nScratch projects kept: ${[...projects.values()].join(', ')}`)
else for (const dir of projects.values()) rmSync(dir, { recursive: true, force: true })
