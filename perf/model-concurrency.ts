/**
 * How concurrent a model run of the bundled suite is with default settings (issue 19: at least 12).
 *
 * A stand-in model follows each task's reference plan (fixtures/models/plan-follower.ts) and takes `--delay`
 * ms (default 300) per completion. Each round runs `vitest run benchmarks` twice, alternating which goes first:
 * with the reference agent (no model), and with the stand-in as MCP_BENCH_MODEL. The model run's extra wall
 * time over the reference run is what waiting for the model cost; the model time is completions × delay. So
 *
 *   effective concurrency = model time / (model run's wall − reference run's wall)
 *
 * Also printed: the most completions the stand-in had in flight at once, and the model time over the model phase
 * alone (first completion asked for to last answered), which start-up and report noise do not reach. No flags are passed to Vitest: the
 * concurrency is whatever the plugin's defaults and the repository's vitest.config.ts give.
 *
 * Run: node --import tsx perf/model-concurrency.ts [--runs 1] [--delay 300]
 */
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { readdirSync } from 'node:fs'
import { planFollower } from '../fixtures/models/plan-follower.ts'
import { startScriptedModel } from '../fixtures/models/scripted-server.ts'
import { collectTasks } from '../src/runtime/task/collect.ts'
import { dependencyLayers } from '../src/scoring/reference-layers.ts'
import { TaskSpecSchema } from '../src/contracts/task-spec.ts'
import { runTree } from './lib/process-tree.ts'
import { markdownTable, median, seconds } from './lib/stats.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, delay: { type: 'string', default: '300' } } })
const runs = Number(values.runs)
const delayMs = Number(values.delay)
const root = process.cwd()
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs')

const files = readdirSync(resolve(root, 'benchmarks')).filter((f) => f.endsWith('.test.ts')).map((f) => `benchmarks/${f}`)
const tasks = (await collectTasks(files, (f) => import(pathToFileURL(resolve(f)).href))).map((t) => TaskSpecSchema.parse(t.spec))
const follow = planFollower(tasks.map((t) => ({
  prompt: t.useConcretePrompt || !t.fuzzy ? t.prompt : t.fuzzy,
  layers: dependencyLayers(t.reference?.calls ?? []).layers,
  answer: t.reference?.answer ?? '',
})))
const model = await startScriptedModel({ script: (request) => ({ ...follow(request), delayMs }) })

const plain = (output: string) => output.replace(/\x1b\[[0-9;]*m/g, '')
const allPassed = (output: string) => /Tests\s+\d+ passed \(\d+\)/.test(plain(output))

interface Sample { wallMs: number; completions: number; peak: number; problem: string | null; busyMs: number }
const samples: Record<'reference' | 'model', Sample[]> = { reference: [], model: [] }

async function run(kind: 'reference' | 'model'): Promise<void> {
  const before = model.requests.length
  const peakBefore = model.peakInFlight()
  const env = { ...process.env, CI: 'true', MCP_BENCH_MODEL: kind === 'model' ? 'stand-in' : '', OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'not-needed' }
  const result = await runTree([process.execPath, vitest, 'run', 'benchmarks'], { cwd: root, env })
  const failures = plain(result.output).split('\n').filter((l) => /FAIL|✗|×|Error:/.test(l)).slice(0, 20).join('\n')
  const problem = result.code !== 0 ? `exit ${result.code}:\n${failures}` : allPassed(result.output) ? null : 'not every task passed'
  const completions = model.requests.length - before
  // From the first completion asked for to the last answered: the run's model phase, without start-up and reports.
  const mine = model.requests.slice(before)
  const busyMs = mine.length ? mine.at(-1)!.receivedAt + delayMs - mine[0]!.receivedAt : Number.NaN
  samples[kind].push({ wallMs: result.wallMs, completions, peak: kind === 'model' ? model.peakInFlight() : peakBefore, problem, busyMs })
  process.stderr.write(`${kind}: ${seconds(result.wallMs)}, ${completions} completions${problem ? ` (${problem.split('\n')[0]})` : ''}\n`)
}

try {
  for (let round = 0; round < runs; round++) {
    const order: Array<'reference' | 'model'> = round % 2 ? ['model', 'reference'] : ['reference', 'model']
    for (const kind of order) await run(kind)
  }
} finally {
  await model.close()
}

const refWall = median(samples.reference.map((s) => s.wallMs))
const modelWall = median(samples.model.map((s) => s.wallMs))
const completions = median(samples.model.map((s) => s.completions))
const modelTime = completions * delayMs
console.log(`\nThe bundled suite against a ${delayMs} ms stand-in model, default settings (median of ${runs}; node ${process.version}; ${tasks.length} tasks; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})\n`)
const busy = median(samples.model.map((s) => s.busyMs))
console.log(markdownTable(
  ['reference run', 'model run', 'completions', 'model time', 'most in flight', 'effective concurrency', 'first request to last answer', 'model time / that'],
  [[seconds(refWall), seconds(modelWall), String(completions), seconds(modelTime), String(Math.max(...samples.model.map((s) => s.peak))),
    (modelTime / (modelWall - refWall)).toFixed(1), seconds(busy), (modelTime / busy).toFixed(1)]],
  ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
))
console.log('\neffective concurrency = model time / (model run − reference run); on a loaded machine the two runs\' walls vary by more than the model time, and the last column (the model phase alone) is the steadier figure.')
const problems = [...samples.reference, ...samples.model].filter((s) => s.problem)
if (problems.length) {
  console.log(`\n${problems.length} run(s) did not pass every task:\n${problems.map((p) => p.problem).join('\n')}`)
  process.exitCode = 1
}
