/**
 * How long the main process takes to turn task records into the leaderboard
 * (src/scoring/leaderboard.ts `buildLeaderboard`: agent rows, gate, schema
 * validation), for 1k, 10k and 100k records. The records are synthetic but
 * varied (perf/lib/synthetic-records.ts). Target: under 1 s at 100k.
 *
 * Run: node --import tsx perf/aggregate.ts [--sizes 1000,10000,100000] [--runs 3]
 */
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { buildLeaderboard } from '../src/scoring/leaderboard.ts'
import { agentRows } from '../src/scoring/rows.ts'
import { syntheticRecords } from './lib/synthetic-records.ts'
import { markdownTable, median } from './lib/stats.ts'

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '1000,10000,100000' }, runs: { type: 'string', default: '3' } },
})
const sizes = values.sizes!.split(',').map(Number)
const runs = Number(values.runs)

/** Wall time and this process's CPU time (less sensitive to other load on the machine), in ms. */
function time(f: () => unknown): { wall: number; cpu: number } {
  const t0 = performance.now()
  const c0 = process.cpuUsage()
  f()
  const c = process.cpuUsage(c0)
  return { wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }
}

const ms = (times: Array<{ wall: number; cpu: number }>) =>
  `${median(times.map((t) => t.wall)).toFixed(0)} ms (CPU ${median(times.map((t) => t.cpu)).toFixed(0)} ms)`

const rows: string[][] = []
for (const n of sizes) {
  const rs = syntheticRecords(n)
  // One untimed pass warms the JIT, as a long run's reporter would be.
  buildLeaderboard({ records: rs.slice(0, 1000), fileErrors: [], interrupted: false, unfinished: [], gate: {}, gateDeferred: null })
  const rowTimes: Array<{ wall: number; cpu: number }> = []
  const boardTimes: Array<{ wall: number; cpu: number }> = []
  for (let r = 0; r < runs; r++) {
    rowTimes.push(time(() => agentRows(rs)))
    boardTimes.push(
      time(() =>
        buildLeaderboard({
          records: rs,
          fileErrors: [],
          interrupted: false,
          unfinished: [],
          gate: { minPassRate: 0.5 },
          gateDeferred: null,
        }),
      ),
    )
  }
  rows.push([n.toLocaleString('en-US'), ms(rowTimes), ms(boardTimes), median(boardTimes.map((t) => t.wall)) < 1000 ? 'yes' : 'no'])
}

console.log(
  `\nLeaderboard from task records (median of ${runs}; node ${process.version}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})\n`,
)
console.log(
  markdownTable(
    ['records', 'agent rows (agentRows)', 'whole leaderboard (buildLeaderboard, incl. schema check)', 'leaderboard under 1 s'],
    rows,
    ['r', 'r', 'r', 'l'],
  ),
)
