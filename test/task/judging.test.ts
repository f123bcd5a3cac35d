import { describe, expect, it } from 'vitest'
import { JudgeSettingSchema } from '../../src/contracts/settings.ts'
import type { JudgeResult } from '../../src/contracts/judge-result.ts'
import { judgesFor, taskJudging } from '../../src/runtime/task/judging.ts'
import type { JudgeInput } from '../../src/runtime/judge/prompt.ts'

// The judges' code loads at the first judging (judging.ts); these pin what a task sees before and after.
const input = {} as JudgeInput

function judged(setting: Parameters<typeof judgesFor>[0]) {
  const recorded: Array<['judge' | 'referenceJudge', JudgeResult]> = []
  const judging = taskJudging(
    judgesFor(setting, process.cwd()),
    input,
    { signal: new AbortController().signal, budgetMs: 60_000 },
    (kind, result) => recorded.push([kind, result]),
  )
  return { judging, recorded }
}

describe('judges without a judge setting', () => {
  it('is not configured, and each judge answers "not judged" under its own name, once', async () => {
    expect(judgesFor(false, process.cwd()).configured).toBe(false)
    const { judging, recorded } = judged(false)
    const [rubric, passFail] = await Promise.all([judging.judge(), judging.referenceJudge()])
    await judging.judge()
    await judging.referenceJudge()
    expect(rubric.kind).toBe('not-judged')
    expect(passFail.kind).toBe('not-judged')
    expect(recorded.map(([kind]) => kind).sort()).toEqual(['judge', 'referenceJudge'])
  })
})

describe('judges with a judge setting', () => {
  it('is configured before its code loads, and makes the rubric judge and its pass/fail twin from the setting', async () => {
    const setting = JudgeSettingSchema.parse({ model: 'judge-model', cache: false })
    const judges = judgesFor(setting, process.cwd())
    expect(judges.configured).toBe(true)
    const { primary, passFail } = await judges.load()
    expect(primary.config?.model).toBe('judge-model')
    expect(primary.config?.rubric).not.toBe('pass-fail')
    expect(passFail.config?.model).toBe('judge-model')
    expect(passFail.config?.rubric).toBe('pass-fail')
  })

  it('shares one judge when the setting is the pass/fail rubric itself', async () => {
    const { primary, passFail } = await judgesFor(
      JudgeSettingSchema.parse({ model: 'judge-model', rubric: 'pass-fail', cache: false }),
      process.cwd(),
    ).load()
    expect(passFail).toBe(primary)
  })

  it('rejects the judging of a setting no judge can be made of, naming why', async () => {
    const custom = {
      name: 'mine',
      categories: [
        {
          id: 'quality',
          title: 'Quality',
          dimensions: [{ id: 'overall', title: 'Overall', question: 'Good?', bands: [{ min: 1, max: 10, text: 'any' }] }],
        },
      ],
    }
    const parsed = JudgeSettingSchema.safeParse({ model: 'judge-model', rubric: custom, calibration: 'mcp-bench', cache: false })
    // The plugin's options refuse this combination (test/config/preset.test.ts); a setting that reaches the worker
    // anyway is refused where its judge is made, and the task stops in its judge phase.
    expect(parsed.success).toBe(true)
    const { judging } = judged(parsed.data!)
    await expect(judging.judge()).rejects.toThrow('calibration: "mcp-bench" applies to the built-in mcp-bench rubric')
  })
})
