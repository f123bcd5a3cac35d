/**
 * Same inputs, same numbers? The bundled suite (or the files given) behind the reference row and one stand-in
 * model in the three agent loops, judged by a stand-in judge (fixtures/models/stand-in.ts: the same request always
 * gets the same answer), run five ways; each leaderboard is compared field by field with run A, apart from the
 * timing and judge-spend fields (src/compare/fields.ts, docs/explanation/reproducibility.md).
 *
 * Run: node --import tsx scripts/reproducibility.ts [benchmarks/single-workspace.test.ts …]
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { standIn } from '../fixtures/models/stand-in.ts'
import { startScriptedModel } from '../fixtures/models/scripted-server.ts'
import { collectTasks } from '../src/runtime/task/collect.ts'
import { dependencyLayers } from '../src/scoring/reference-layers.ts'
import { TaskSpecSchema } from '../src/contracts/task-spec.ts'
import { htmlApartFromTimes, runReproducibility } from './reproducibility-runs.ts'

const JUDGE = 'stand-in-judge'
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['benchmarks/single-workspace.test.ts', 'benchmarks/multi-workspace.test.ts', 'benchmarks/math.test.ts']
const tasks = (await collectTasks(files, (f) => import(pathToFileURL(resolve(f)).href))).map((t) => TaskSpecSchema.parse(t.spec))
const model = await startScriptedModel({
  script: standIn(
    tasks.map((t) => ({
      prompt: t.useConcretePrompt || !t.fuzzy ? t.prompt : t.fuzzy,
      layers: dependencyLayers(t.reference?.calls ?? []).layers,
      answer: t.reference?.answer ?? '',
    })),
    { judgeModel: JUDGE },
  ),
})
const out = mkdtempSync(join(tmpdir(), 'reproducibility-'))
try {
  const results = await runReproducibility({
    cwd: process.cwd(),
    args: ['--config', 'scripts/three-loops.config.ts', ...files],
    env: { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'not-needed', MCP_BENCH_MODEL: '', MCP_BENCH_JUDGE_MODEL: JUDGE },
    outputVariable: 'THREE_LOOPS_OUT',
    out,
  })
  console.log(`${tasks.length} tasks × 4 agents (${files.join(', ')})\n`)
  console.log(
    '| compared with run A (concurrency 16) | fields that differ | first differing fields | report.html apart from times |\n|---|---:|---|---|',
  )
  const html = (dir: string) => htmlApartFromTimes(readFileSync(join(dir, 'report.html'), 'utf8'))
  for (const [i, r] of results.entries()) {
    const c = r.comparison
    const first =
      c?.differences
        .slice(0, 3)
        .map((d) => `\`${d.path}\``)
        .join(', ') ?? ''
    // The replay is compared with the recording it replays, as its fields are.
    const against = r.mode.startsWith('that cassette') ? results[i - 1]!.dir : results[0]!.dir
    const same = i === 0 ? '' : html(against) === html(r.dir) ? 'identical' : 'differs'
    console.log(`| ${r.mode} | ${c ? `${c.differences.length} of ${c.compared}` : '(run A)'} | ${first} | ${same} |`)
  }
  console.log(`\n${model.requests.length} model and judge requests; reports in ${out}`)
  for (const r of results) if (r.code !== 0 && r.code !== 1) console.log(`${r.mode}: vitest exited ${r.code}\n${r.output.slice(-2000)}`)
} finally {
  await model.close()
}
