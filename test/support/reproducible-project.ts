import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { standIn } from '../../fixtures/models/stand-in.ts'
import { startScriptedModel, type RecordedRequest, type ScriptedTurn } from '../../fixtures/models/scripted-server.ts'
import { collectTasks } from '../../src/runtime/task/collect.ts'
import { TaskSpecSchema, type TaskSpec } from '../../src/contracts/task-spec.ts'
import { dependencyLayers } from '../../src/scoring/reference-layers.ts'
import { runA, type Run, type RunsOptions } from '../../scripts/reproducibility-runs.ts'
import { sharedRun } from './shared-run.ts'

/**
 * test/e2e/reproducible (two files, six tasks, three agents) behind the deterministic stand-in model and judge
 * (fixtures/models/stand-in.ts), and its uninterrupted run, which test/e2e/reproducible.test.ts (as its run A)
 * and test/e2e/resume.test.ts (as the run a resumed one must equal) both compare with.
 */
export const project = resolve('test/e2e/reproducible')
export const JUDGE = 'stand-in-judge'
export const FILES = ['benchmarks/workspace.test.ts', 'benchmarks/state.test.ts']

export type Spec = TaskSpec & { id: string }

let collected: Promise<Spec[]> | undefined

/** The project's tasks, collected once per test file: the files register their tasks when first imported. */
export function specs(): Promise<Spec[]> {
  collected ??= collectTasks(
    FILES.map((f) => join(project, f)),
    (f) => import(pathToFileURL(f).href),
  ).then((tasks) => tasks.map((t) => ({ ...TaskSpecSchema.parse(t.spec), id: t.id })))
  return collected
}

/** The stand-in for these tasks: the same request always gets the same answer; one judge reply in four does not parse. */
export function standInFor(tasks: Spec[]): (request: RecordedRequest) => ScriptedTurn {
  if (tasks.length === 0) throw new Error(`no tasks collected from ${project}: the stand-in would know none`)
  return standIn(
    tasks.map((t) => ({
      prompt: t.prompt,
      layers: dependencyLayers(t.reference?.calls ?? []).layers,
      answer: t.reference?.answer ?? '',
    })),
    { judgeModel: JUDGE, unparseableOneIn: 4 },
  )
}

/** The runs' options (scripts/reproducibility-runs.ts) against the model at `url`, writing under `out`. */
export function runsOptions(url: string, out: string): RunsOptions {
  return {
    cwd: project,
    args: [],
    out,
    outputVariable: 'E2E_OUTPUT_DIR',
    env: { OPENAI_BASE_URL: url, OPENAI_API_KEY: 'not-needed', MCP_BENCH_MODEL: '', MCP_BENCH_JUDGE_MODEL: JUDGE },
  }
}

export interface UninterruptedRun extends Run {
  /** Every request the model and judge were sent. */
  requests: RecordedRequest[]
}

/**
 * The project run once, whole, at concurrency 16 (run A of runReproducibility), against a stand-in of its own:
 * made once per test session for both files (test/support/shared-run.ts).
 */
export function uninterruptedRun(): Promise<UninterruptedRun> {
  return sharedRun('reproducible-uninterrupted', async (dir) => {
    const model = await startScriptedModel({ script: standInFor(await specs()) })
    try {
      const run = await runA(runsOptions(model.url, dir))
      return { ...run, requests: model.requests }
    } finally {
      await model.close()
    }
  })
}
