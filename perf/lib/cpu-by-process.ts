/**
 * Where a run's CPU goes, process by process, split into what a run pays once and what each task adds: each
 * contender runs workload W at two sizes, every Node process of its tree writing its own CPU time
 * (`process.cpuUsage()`) when it exits, through a `--require` hook in NODE_OPTIONS. The hook is written to a
 * temporary file; processes that do not inherit NODE_OPTIONS (the MCP servers, started with only the
 * variables they declare) and non-Node processes count under "the rest": the tree's CPU less the hooked ones.
 * From the two sizes, per process: per task = (CPU at N2 − CPU at N1) / (N2 − N1), once = CPU at N1 − N1 × that.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { runTree } from './process-tree.ts'
import { markdownTable, median } from './stats.ts'

/** What each process is, by the script it runs. */
const ROLES: Record<string, string> = {
  'vitest.mjs': "Vitest's main process",
  'forks.js': 'test worker',
  'referee.js': "the referee's process",
}

// Written at 'exit'. A SIGTERM is how Vitest ends a worker that has no handler for it (the floor's): such a process
// writes, then is ended by the signal as it would have been. A process with its own handler (this project's
// worker closes its servers on SIGTERM; the referee ignores it) is left to it, and writes at its 'exit'.
const HOOK = `const { appendFileSync } = require('node:fs'); const { basename } = require('node:path')
let written = false
const write = () => { if (written) return; written = true; const u = process.cpuUsage()
  appendFileSync(process.env.PERF_CPU_BY_PROCESS_FILE, basename(process.argv[1] ?? 'node') + ' ' + ((u.user + u.system) / 1000).toFixed(1) + ' ' + process.resourceUsage().maxRSS + '\\n') }
process.on('exit', write)
const onTerm = () => { if (process.listenerCount('SIGTERM') > 1) return; write(); process.off('SIGTERM', onTerm); process.kill(process.pid, 'SIGTERM') }
process.on('SIGTERM', onTerm)
`

export interface ProcessRun {
  /** The command for `tasks` tasks, with where to run it and what to add to its environment. */
  command: (tasks: number) => { argv: string[]; cwd: string; env: NodeJS.ProcessEnv }
  name: string
}

/** Peak RSS in KiB by role (the largest process of the role) of the last run at each size, for the table. */
const peakRss = new Map<string, Map<number, Map<string, number>>>()

/** CPU in ms by role for one run; "the rest" is the tree's CPU the hooked processes do not account for. */
async function oneRun(run: ProcessRun, tasks: number, hook: string, dir: string): Promise<Map<string, number>> {
  const file = join(dir, `cpu-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`)
  writeFileSync(file, '')
  const { argv, cwd, env } = run.command(tasks)
  const options = [env.NODE_OPTIONS, `--require ${JSON.stringify(hook)}`].filter(Boolean).join(' ')
  const tree = await runTree(argv, { cwd, env: { ...env, NODE_OPTIONS: options, PERF_CPU_BY_PROCESS_FILE: file } })
  if (tree.code !== 0) throw new Error(`${run.name} with ${tasks} tasks exited ${tree.code}:\n${tree.output.slice(-2_000)}`)
  const byRole = new Map<string, number>()
  const rss = new Map<string, number>()
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const [script, ms, kib] = line.split(' ')
    const role = ROLES[basename(script!)] ?? basename(script!)
    byRole.set(role, (byRole.get(role) ?? 0) + Number(ms))
    rss.set(role, Math.max(rss.get(role) ?? 0, Number(kib)))
  }
  const sized = peakRss.get(run.name) ?? new Map<number, Map<string, number>>()
  peakRss.set(run.name, sized.set(tasks, rss))
  const hooked = [...byRole.values()].reduce((a, b) => a + b, 0)
  byRole.set('the rest (servers, …)', Math.max(0, tree.cpuMs - hooked))
  return byRole
}

/** The table: each contender's processes, their CPU once per run and per task, from `runs` runs at each size. */
export async function cpuByProcess(contenders: ProcessRun[], sizes: [number, number], runs: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-cpu-by-process-'))
  const hook = join(dir, 'cpu-at-exit.cjs')
  writeFileSync(hook, HOOK)
  const rows: string[][] = []
  try {
    // Rounds interleaved: each round runs every contender at both sizes, so a drift of the machine's speed over the
    // measurement falls on all of them alike.
    const at = new Map(contenders.map((c) => [c.name, new Map<number, Map<string, number[]>>()]))
    for (let r = 0; r < runs; r++) {
      for (const contender of contenders) {
        for (const size of sizes) {
          const byRole = await oneRun(contender, size, hook, dir)
          process.stderr.write(
            `cpu by process: ${contender.name}, ${size} tasks, run ${r + 1}/${runs}: ${[...byRole].map(([k, v]) => `${k} ${Math.round(v)} ms`).join(', ')}\n`,
          )
          const bySize = at.get(contender.name)!
          const sized = bySize.get(size) ?? new Map<string, number[]>()
          bySize.set(size, sized)
          for (const [role, ms] of byRole) sized.set(role, [...(sized.get(role) ?? []), ms])
        }
      }
    }
    for (const contender of contenders) {
      const bySize = at.get(contender.name)!
      const [small, large] = sizes
      const roles = new Set([...bySize.get(small)!.keys(), ...bySize.get(large)!.keys()])
      for (const role of roles) {
        const a = median(bySize.get(small)!.get(role) ?? [0])
        const b = median(bySize.get(large)!.get(role) ?? [0])
        const perTask = (b - a) / (large - small)
        const kib = peakRss.get(contender.name)?.get(large)?.get(role)
        rows.push([
          contender.name,
          role,
          `${((a - small * perTask) / 1000).toFixed(2)} s`,
          `${perTask.toFixed(1)} ms`,
          `${(b / 1000).toFixed(2)} s`,
          kib ? `${(kib / 1024).toFixed(0)} MiB` : '–',
        ])
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return [
    `CPU by process (user+sys, each Node process's own at its exit; median of ${runs} runs at ${sizes[0]} and at ${sizes[1]} tasks; once per run and per task from the two sizes)`,
    '',
    markdownTable(
      ['contender', 'process', 'once per run', 'per task', `at ${sizes[1]} tasks`, `peak RSS at ${sizes[1]} tasks (last run)`],
      rows,
      ['l', 'l', 'r', 'r', 'r', 'r'],
    ),
  ].join('\n')
}
