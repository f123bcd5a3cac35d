import type { Judge } from '../judge/judge.ts'
import type { JudgeConfigInput } from '../../contracts/judge-options.ts'
import { notJudged } from '../../contracts/judge-result.ts'
import type { JudgeSetting } from '../../contracts/settings.ts'
import type { JudgeInput } from '../judge/prompt.ts'
import type { JudgeResult } from '../../contracts/judge-result.ts'

/** The configured judge and its MCP-AgentBench pass/fail twin (same model and endpoint). */
interface JudgePair {
  primary: Judge
  passFail: Judge
}

export interface Judges {
  /** A judge model is configured: tasks are judged. */
  configured: boolean
  /** The pair, made at the first call: the judges' code (prompts, rubric, client) loads only in a run that has a judge. */
  load(): Promise<JudgePair>
}

/** No judge configured: each of the pair answers "not judged", and each records under its own name. */
const noJudge = (): Judge => ({ config: null, judge: async () => notJudged() })

let memo: { key: string; judges: Judges } | undefined

/**
 * One pair of judges per worker and setting. The main process decided the model and endpoint (a setting
 * always has a model, so a judge is configured exactly when there is one); the key and headers are read here
 * from the variables the setting names, and nothing else of this worker's environment.
 */
export function judgesFor(setting: JudgeSetting | false, root: string): Judges {
  const key = JSON.stringify(setting)
  if (memo?.key !== key) {
    let pair: Promise<JudgePair> | undefined
    const load = () => (pair ??= setting ? makeJudges(setting, root) : Promise.resolve({ primary: noJudge(), passFail: noJudge() }))
    memo = { key, judges: { configured: setting !== false, load } }
  }
  return memo.judges
}

async function makeJudges(setting: JudgeSetting, root: string): Promise<JudgePair> {
  const { createJudge } = await import('../judge/judge.ts')
  const { input, env } = judgeInput(setting)
  const primary = createJudge(input, { cwd: root, env })
  const passFail = primary.config?.rubric === 'pass-fail' ? primary : createJudge(asPassFail(input), { cwd: root, env })
  return { primary, passFail }
}

function judgeInput(setting: JudgeSetting): { input: JudgeConfigInput; env: Record<string, string | undefined> } {
  const { apiKeyEnv, headersEnv, ...input } = setting
  return {
    input,
    env: {
      MCP_BENCH_JUDGE_API_KEY: apiKeyEnv ? process.env[apiKeyEnv] : undefined,
      MCP_BENCH_JUDGE_HEADERS: headersEnv ? process.env[headersEnv] : undefined,
    },
  }
}

function asPassFail(config: JudgeConfigInput): JudgeConfigInput {
  const { samples: _ignored, ...rest } = config
  return { ...rest, rubric: 'pass-fail' }
}

/**
 * Lazy, memoised judge calls for one task: each judge runs at most once.
 * All of a task's judging shares one time budget, separate from the
 * agent's, and stops when Vitest cancels the test.
 */
export function taskJudging(
  judges: Judges,
  input: JudgeInput,
  { signal, budgetMs }: { signal: AbortSignal; budgetMs: number },
  onResult: (kind: 'judge' | 'referenceJudge', r: JudgeResult) => void,
) {
  let budget: AbortSignal | undefined
  const judgeSignal = () => (budget ??= withBudget(signal, budgetMs))
  let rubric: Promise<JudgeResult> | undefined
  let reference: Promise<JudgeResult> | undefined
  const judge = () =>
    (rubric ??= judges
      .load()
      .then(({ primary }) => primary.judge(input, { signal: judgeSignal() }))
      .then((r) => (onResult('judge', r), r)))
  const referenceJudge = () =>
    (reference ??= judges.load().then(({ primary, passFail }) => {
      if (passFail === primary) return judge()
      return passFail.judge(input, { signal: judgeSignal() }).then((r) => (onResult('referenceJudge', r), r))
    }))
  return { judge, referenceJudge }
}

/** A signal that follows `parent` and also aborts once `ms` have passed since the first judge call. */
function withBudget(parent: AbortSignal, ms: number): AbortSignal {
  // AbortSignal.timeout would do but for its reason, a bare TimeoutError: this one names the option to raise.
  const budget = new AbortController()
  const timer = setTimeout(() => budget.abort(new Error(`judging ran past its budget of ${ms} ms (the judgeTimeout option)`)), ms)
  timer.unref?.()
  return AbortSignal.any([parent, budget.signal])
}
