/**
 * The bundled suite (`vitest run benchmarks`: the reference agent on every task of benchmarks/, with the
 * servers of mcp.servers.json) against Vitest running a single trivial test file in this repository, side
 * by side: each run alternates them, so they see the same load. The issue's target: the suite in at
 * most 10× the trivial run's wall time.
 *
 * Run: node --import tsx perf/suite-vs-trivial.ts [--runs 3]
 */

import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { runTree } from './lib/process-tree.ts'
import { markdownTable, median, mib, ratio, seconds } from './lib/stats.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } })
const runs = Number(values.runs)
const root = process.cwd()
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs')

interface Contender {
  name: string
  command: string[]
  /** What a run must print to count: the suite must pass every task. */
  check: (output: string) => string | null
}

const plain = (output: string) => output.replace(/\x1b\[[0-9;]*m/g, '')
const passed = (output: string) => /Tests\s+(\d+) passed/.exec(plain(output))?.[1]
const contenders: Contender[] = [
  {
    name: 'bundled suite (`vitest run benchmarks`)',
    command: [process.execPath, vitest, 'run', 'benchmarks'],
    // Vitest's line reads "Tests  140 passed (140)" only when nothing failed.
    check: (output) => (/Tests\s+\d+ passed \(\d+\)/.test(plain(output)) ? null : 'not every task passed'),
  },
  {
    name: 'one trivial test file (Vitest defaults)',
    command: [process.execPath, vitest, 'run', '--config', 'perf/trivial/vitest.config.ts'],
    check: (output) => (passed(output) === '1' ? null : 'the trivial test did not pass'),
  },
]

const results = contenders.map(() => ({ walls: [] as number[], peaks: [] as number[], problems: [] as string[] }))
for (let run = 0; run < runs; run++) {
  for (let i = 0; i < contenders.length; i++) {
    const k = (i + run) % contenders.length
    const contender = contenders[k]!
    const result = await runTree(contender.command, { cwd: root, env: { ...process.env, MCP_BENCH_MODEL: '', CI: 'true' } })
    const problem = result.code === 0 ? contender.check(result.output) : `exit ${result.code}: ${result.output.slice(-1_500)}`
    if (problem) results[k]!.problems.push(problem)
    results[k]!.walls.push(result.wallMs)
    results[k]!.peaks.push(result.peakRss)
    process.stderr.write(`run ${run + 1}/${runs} ${contender.name}: ${seconds(result.wallMs)}${problem ? ` (${problem.split('\n')[0]})` : ''}\n`)
  }
}

const trivial = median(results[1]!.walls)
console.log(`\nThe bundled suite against one trivial test file (median of ${runs}, alternating; node ${process.version}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})\n`)
console.log(markdownTable(
  ['run', 'wall time', 'ratio to the trivial file', 'peak memory'],
  contenders.map((c, i) => [c.name, seconds(median(results[i]!.walls)), ratio(median(results[i]!.walls), trivial), mib(median(results[i]!.peaks))]),
  ['l', 'r', 'r', 'r'],
))
for (const [i, r] of results.entries()) if (r.problems.length) console.log(`\n${contenders[i]!.name}: ${r.problems.length} run(s) did not count: ${r.problems.at(-1)}`)
