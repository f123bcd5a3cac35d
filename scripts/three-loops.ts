/**
 * One scripted model behind the three agent loops (native tools, MCP-Bench's
 * planner, MCP-AgentBench's ReAct), next to the reference row, on benchmark
 * files of your choice: the model follows each task's reference plan in
 * whichever protocol it is asked in, so the rows differ only by what each
 * loop costs (rounds, tokens). Prints the leaderboard rows.
 *
 * Run: node --import tsx scripts/three-loops.ts [benchmarks/math.test.ts …]
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { planFollower } from '../fixtures/models/plan-follower.ts'
import { startScriptedModel } from '../fixtures/models/scripted-server.ts'
import { collectTasks } from '../src/runtime/task/collect.ts'
import { dependencyLayers } from '../src/scoring/reference-layers.ts'
import { TaskSpecSchema } from '../src/contracts/task-spec.ts'

const files = process.argv.slice(2).length ? process.argv.slice(2) : ['benchmarks/math.test.ts']
const tasks = (await collectTasks(files, (f) => import(pathToFileURL(resolve(f)).href))).map((t) => TaskSpecSchema.parse(t.spec))
const model = await startScriptedModel({
  script: planFollower(
    tasks.map((t) => ({
      prompt: t.useConcretePrompt || !t.fuzzy ? t.prompt : t.fuzzy,
      layers: dependencyLayers(t.reference?.calls ?? []).layers,
      answer: t.reference?.answer ?? '',
    })),
  ),
})
const out = mkdtempSync(join(tmpdir(), 'three-loops-'))
try {
  const child = spawn(
    process.execPath,
    [resolve('node_modules/vitest/vitest.mjs'), 'run', '--config', 'scripts/three-loops.config.ts', ...files],
    {
      env: { ...process.env, OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'not-needed', THREE_LOOPS_OUT: out, MCP_BENCH_MODEL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const code = await new Promise<number>((done) => child.on('close', (c) => done(c ?? -1)))
  const summary = readFileSync(join(out, 'summary.md'), 'utf8')
  console.log(
    summary
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(0, 6)
      .join('\n'),
  )
  console.log(`\nvitest exited ${code}; ${model.requests.length} model requests; full reports in ${out}`)
} finally {
  await model.close()
}
