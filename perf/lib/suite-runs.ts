/**
 * The two measurements of perf/bar.ts that run this repository's bundled suite (`vitest run benchmarks`, 140
 * tasks, the servers of mcp.servers.json), each returning a Markdown block:
 *
 * - suiteVsTrivial: the suite with the reference agent against Vitest running one trivial test file
 *   (perf/trivial), alternating (issue 19: at most 10×);
 * - modelConcurrency: the suite with a stand-in model that follows each task's reference plan
 *   (fixtures/models/plan-follower.ts) and takes `delayMs` per completion, against the reference run,
 *   alternating, with no flags: effective concurrency = model time / (model run's wall − reference run's
 *   wall) (issue 19: at least 12). Also the most completions in flight and the model time over the model
 *   phase alone (first completion asked for to last answered), which start-up and reports do not reach.
 */
import { readdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { planFollower } from '../../fixtures/models/plan-follower.ts'
import { startScriptedModel } from '../../fixtures/models/scripted-server.ts'
import { collectTasks } from '../../src/runtime/task/collect.ts'
import { dependencyLayers } from '../../src/scoring/reference-layers.ts'
import { TaskSpecSchema } from '../../src/contracts/task-spec.ts'
import { runTree } from './process-tree.ts'
import { markdownTable, median, mib, ratio, seconds, stealNote, stealPercent } from './stats.ts'

const plain = (output: string) => output.replace(/\x1b\[[0-9;]*m/g, '')
// Vitest's line reads "Tests  140 passed (140)" only when nothing failed.
const allPassed = (output: string) => /Tests\s+\d+ passed \(\d+\)/.test(plain(output))
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

export async function suiteVsTrivial(root: string, runs: number): Promise<string> {
  const vitest = resolve(root, 'node_modules/vitest/vitest.mjs')
  const contenders = [
    {
      name: 'bundled suite (`vitest run benchmarks`)',
      command: [process.execPath, vitest, 'run', 'benchmarks'],
      check: (o: string) => (allPassed(o) ? null : 'not every task passed'),
    },
    {
      name: 'one trivial test file (Vitest defaults)',
      command: [process.execPath, vitest, 'run', '--config', 'perf/trivial/vitest.config.ts'],
      check: (o: string) => (/Tests\s+1 passed/.test(plain(o)) ? null : 'the trivial test did not pass'),
    },
  ]
  const results = contenders.map(() => ({ walls: [] as number[], cpus: [] as number[], peaks: [] as number[], problems: [] as string[] }))
  const loads: string[] = []
  const steals: number[] = []
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < contenders.length; i++) {
      const k = (i + run) % contenders.length
      const contender = contenders[k]!
      loads.push(load())
      const result = await runTree(contender.command, { cwd: root, env: { ...process.env, MCP_BENCH_MODEL: '', CI: 'true' } })
      const problem = result.code === 0 ? contender.check(result.output) : `exit ${result.code}: ${result.output.slice(-1_500)}`
      if (problem) results[k]!.problems.push(problem)
      results[k]!.walls.push(result.wallMs)
      results[k]!.cpus.push(result.cpuMs)
      results[k]!.peaks.push(result.maxProcessRss)
      steals.push(result.stealShare)
      process.stderr.write(
        `suite run ${run + 1}/${runs} ${contender.name}: ${seconds(result.wallMs)}, CPU ${seconds(result.cpuMs)} (load ${loads.at(-1)}, steal ${stealPercent(result.stealShare)})${problem ? ` (${problem.split('\n')[0]})` : ''}\n`,
      )
    }
  }
  const trivial = median(results[1]!.walls)
  const lines = [
    `The bundled suite with the reference agent against one trivial test file (median of ${runs}, alternating; node ${process.version}; load average at each start: ${loads.join(' / ')}; ${stealNote(steals)})`,
    '',
    markdownTable(
      ['run', 'wall time', 'ratio to the trivial file', 'CPU (user+sys)', 'largest process'],
      contenders.map((c, i) => [
        c.name,
        seconds(median(results[i]!.walls)),
        ratio(median(results[i]!.walls), trivial),
        seconds(median(results[i]!.cpus)),
        mib(median(results[i]!.peaks)),
      ]),
      ['l', 'r', 'r', 'r', 'r'],
    ),
  ]
  for (const [i, r] of results.entries())
    if (r.problems.length) lines.push('', `${contenders[i]!.name}: ${r.problems.length} run(s) did not count: ${r.problems.at(-1)}`)
  return lines.join('\n')
}

export async function modelConcurrency(root: string, runs: number, delayMs: number): Promise<string> {
  const vitest = resolve(root, 'node_modules/vitest/vitest.mjs')
  const files = readdirSync(resolve(root, 'benchmarks'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `benchmarks/${f}`)
  const tasks = (await collectTasks(files, (f) => import(pathToFileURL(resolve(root, f)).href))).map((t) => TaskSpecSchema.parse(t.spec))
  const follow = planFollower(
    tasks.map((t) => ({
      prompt: t.useConcretePrompt || !t.fuzzy ? t.prompt : t.fuzzy,
      layers: dependencyLayers(t.reference?.calls ?? []).layers,
      answer: t.reference?.answer ?? '',
    })),
  )
  const model = await startScriptedModel({ script: (request) => ({ ...follow(request), delayMs }) })
  interface Sample {
    wallMs: number
    completions: number
    peak: number
    problem: string | null
    busyMs: number
  }
  const samples: Record<'reference' | 'model', Sample[]> = { reference: [], model: [] }
  const loads: string[] = []
  const steals: number[] = []
  const run = async (kind: 'reference' | 'model') => {
    const before = model.requests.length
    const peakBefore = model.peakInFlight()
    const env = {
      ...process.env,
      CI: 'true',
      MCP_BENCH_MODEL: kind === 'model' ? 'stand-in' : '',
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: 'not-needed',
    }
    loads.push(load())
    const result = await runTree([process.execPath, vitest, 'run', 'benchmarks'], { cwd: root, env })
    const failures = plain(result.output)
      .split('\n')
      .filter((l) => /FAIL|✗|×|Error:/.test(l))
      .slice(0, 20)
      .join('\n')
    const problem = result.code !== 0 ? `exit ${result.code}:\n${failures}` : allPassed(result.output) ? null : 'not every task passed'
    const mine = model.requests.slice(before)
    const busyMs = mine.length ? mine.at(-1)!.receivedAt + delayMs - mine[0]!.receivedAt : Number.NaN
    samples[kind].push({
      wallMs: result.wallMs,
      completions: mine.length,
      peak: kind === 'model' ? model.peakInFlight() : peakBefore,
      problem,
      busyMs,
    })
    steals.push(result.stealShare)
    process.stderr.write(
      `concurrency ${kind}: ${seconds(result.wallMs)}, ${mine.length} completions (load ${loads.at(-1)}, steal ${stealPercent(result.stealShare)})${problem ? ` (${problem.split('\n')[0]})` : ''}\n`,
    )
  }
  try {
    for (let round = 0; round < runs; round++)
      for (const kind of round % 2 ? (['model', 'reference'] as const) : (['reference', 'model'] as const)) await run(kind)
  } finally {
    await model.close()
  }
  const refWall = median(samples.reference.map((s) => s.wallMs))
  const modelWall = median(samples.model.map((s) => s.wallMs))
  const completions = median(samples.model.map((s) => s.completions))
  const modelTime = completions * delayMs
  const busy = median(samples.model.map((s) => s.busyMs))
  const lines = [
    `The bundled suite against a ${delayMs} ms stand-in model, default settings (median of ${runs}; node ${process.version}; ${tasks.length} tasks; load average at each start: ${loads.join(' / ')}; ${stealNote(steals)})`,
    '',
    markdownTable(
      [
        'reference run',
        'model run',
        'completions',
        'model time',
        'most in flight',
        'effective concurrency',
        'first request to last answer',
        'model time / that',
      ],
      [
        [
          seconds(refWall),
          seconds(modelWall),
          String(completions),
          seconds(modelTime),
          String(Math.max(...samples.model.map((s) => s.peak))),
          (modelTime / (modelWall - refWall)).toFixed(1),
          seconds(busy),
          (modelTime / busy).toFixed(1),
        ],
      ],
      ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    "effective concurrency = model time / (model run − reference run); on a loaded machine the two runs' walls vary by more than the model time, and the last column (the model phase alone) is the steadier figure.",
  ]
  const problems = [...samples.reference, ...samples.model].filter((s) => s.problem)
  if (problems.length) lines.push('', `${problems.length} run(s) did not pass every task:\n${problems.map((p) => p.problem).join('\n')}`)
  return lines.join('\n')
}
