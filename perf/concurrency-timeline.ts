/**
 * Where the bundled suite's model run loses concurrency (issue 19): runs `vitest run benchmarks` once against
 * the plan-following stand-in model (default settings, like perf/bar.ts --parts concurrency) and prints, from
 * the model server's own request log, completions in flight per second of the run and each file's span
 * (first request to last answer, tasks, completions), so the gaps are measured rather than guessed.
 *
 * Run: node --import tsx perf/concurrency-timeline.ts [--delay 300] [-- extra vitest args]
 */
import { readdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { planFollower } from '../fixtures/models/plan-follower.ts'
import { startScriptedModel } from '../fixtures/models/scripted-server.ts'
import { collectTasks } from '../src/runtime/task/collect.ts'
import { dependencyLayers } from '../src/scoring/reference-layers.ts'
import { TaskSpecSchema } from '../src/contracts/task-spec.ts'
import { runTree } from './lib/process-tree.ts'

const { values, positionals } = parseArgs({ options: { delay: { type: 'string', default: '300' } }, allowPositionals: true })
const delayMs = Number(values.delay)
const root = resolve(import.meta.dirname, '..')
const files = readdirSync(resolve(root, 'benchmarks'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `benchmarks/${f}`)
const byFile: { file: string; prompt: string; spec: ReturnType<typeof TaskSpecSchema.parse> }[] = []
for (const file of files) {
  for (const t of await collectTasks([file], (f) => import(pathToFileURL(resolve(root, f)).href))) {
    const spec = TaskSpecSchema.parse(t.spec)
    byFile.push({ file, prompt: spec.useConcretePrompt || !spec.fuzzy ? spec.prompt : spec.fuzzy, spec })
  }
}
const follow = planFollower(
  byFile.map(({ prompt, spec }) => ({
    prompt,
    layers: dependencyLayers(spec.reference?.calls ?? []).layers,
    answer: spec.reference?.answer ?? '',
  })),
)
const model = await startScriptedModel({ script: (request) => ({ ...follow(request), delayMs }) })
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs')
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')
const started = Date.now()
const result = await runTree([process.execPath, vitest, 'run', 'benchmarks', ...positionals], {
  cwd: root,
  env: { ...process.env, CI: 'true', MCP_BENCH_MODEL: 'stand-in', OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'not-needed' },
})
await model.close()
const wall = Date.now() - started
const chats = model.requests.filter((r) => r.path.endsWith('/chat/completions'))
const userText = (body: any) =>
  (body?.messages ?? [])
    .filter((m: any) => m.role === 'user')
    .map((m: any) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n')
const fileOf = (body: any) => {
  const text = userText(body)
  return byFile.find((t) => text.includes(t.prompt))?.file ?? '?'
}
console.log(
  `exit ${result.code}, wall ${(wall / 1000).toFixed(1)} s, ${chats.length} completions, load at start ${load}, vitest args: ${positionals.join(' ') || '(none)'}`,
)
if (!chats.length) process.exit(1)
const first = chats[0]!.receivedAt
const last = Math.max(...chats.map((r) => r.receivedAt)) + delayMs
// Time-weighted in flight per second, from each request's [receivedAt, receivedAt + delay).
const seconds = Math.ceil((last - started) / 1000)
const weight = new Array<number>(seconds).fill(0)
for (const r of chats) {
  for (let t = r.receivedAt - started; t < r.receivedAt - started + delayMs; t += 10) weight[Math.floor(t / 1000)]! += 10 / 1000
}
console.log(
  `model phase ${((last - first) / 1000).toFixed(1)} s from ${((first - started) / 1000).toFixed(1)} s; average in flight over it ${((chats.length * delayMs) / (last - first)).toFixed(1)}; over the whole wall ${((chats.length * delayMs) / wall).toFixed(1)}`,
)
console.log('in flight per second: ' + weight.map((w, i) => `${i}:${w.toFixed(1)}`).join(' '))
const spans = new Map<string, { from: number; to: number; n: number }>()
for (const r of chats) {
  const f = fileOf(r.body)
  const s = spans.get(f) ?? { from: Infinity, to: 0, n: 0 }
  s.from = Math.min(s.from, r.receivedAt - started)
  s.to = Math.max(s.to, r.receivedAt - started + delayMs)
  s.n++
  spans.set(f, s)
}
console.log("file spans (s from start; tasks; completions; completions x delay / span = that file's own concurrency):")
for (const [f, s] of [...spans].sort((a, b) => a[1].from - b[1].from)) {
  const tasks = byFile.filter((t) => t.file === f).length
  console.log(
    `  ${(s.from / 1000).toFixed(1).padStart(5)}–${(s.to / 1000).toFixed(1).padStart(5)}  ${String(tasks).padStart(2)} tasks ${String(s.n).padStart(3)} compl  ${((s.n * delayMs) / (s.to - s.from)).toFixed(1)}  ${f}`,
  )
}
