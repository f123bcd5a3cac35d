import { createJudge, type Judge } from '../judge/judge.ts'
import type { JudgeConfigInput } from '../judge/config.ts'
import type { JudgeInput } from '../judge/prompt.ts'
import type { JudgeResult } from '../judge/schema.ts'

/** The configured judge and its MCP-AgentBench pass/fail twin (same model and endpoint). */
interface Judges {
  primary: Judge
  passFail: Judge
}

let memo: { key: string; judges: Judges } | undefined

/** One pair of judges per worker and config; a missing model gives judges that answer "not judged". */
export function judgesFor(config: unknown, root: string): Judges {
  const key = JSON.stringify(config ?? null)
  if (memo?.key !== key) {
    const input = (config ?? null) as JudgeConfigInput | string | false | null
    const primary = createJudge(input, { cwd: root })
    const passFail = primary.config?.rubric === 'pass-fail'
      ? primary
      : createJudge(asPassFail(input), { cwd: root })
    memo = { key, judges: { primary, passFail } }
  }
  return memo.judges
}

function asPassFail(config: JudgeConfigInput | string | false | null): JudgeConfigInput | false | null {
  if (config === false || config === null) return { rubric: 'pass-fail' }
  const base = typeof config === 'string' ? { model: config } : config
  const { samples: _ignored, ...rest } = base
  return { ...rest, rubric: 'pass-fail' }
}

/** Lazy, memoised judge calls for one task run: each judge runs at most once per task. */
export function taskJudging(judges: Judges, input: JudgeInput, signal: AbortSignal, onResult: (kind: 'judge' | 'referenceJudge', r: JudgeResult) => void) {
  let rubric: Promise<JudgeResult> | undefined
  let reference: Promise<JudgeResult> | undefined
  const judge = () => (rubric ??= judges.primary.judge(input, { signal }).then((r) => (onResult('judge', r), r)))
  const referenceJudge = () => {
    if (judges.passFail === judges.primary) return judge()
    return (reference ??= judges.passFail.judge(input, { signal }).then((r) => (onResult('referenceJudge', r), r)))
  }
  return { judge, referenceJudge }
}
