import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { resolveJudgeConfig } from '../../src/runtime/judge/config.ts'
import { JudgeConfigSchema } from '../../src/contracts/judge-options.ts'
import { MCP_BENCH_RUBRIC } from '../../src/runtime/judge/rubric.ts'

describe('judge config', () => {
  it('is off without a model', () => {
    expect(resolveJudgeConfig(undefined, {})).toBeNull()
    expect(resolveJudgeConfig({ samples: 3 }, { OPENAI_API_KEY: 'x' })).toBeNull()
    expect(resolveJudgeConfig(false, { MCP_BENCH_JUDGE_MODEL: 'm' })).toBeNull()
  })

  it('applies defaults', () => {
    const c = resolveJudgeConfig('gpt-4o-mini', {}, '/tmp/proj')!
    expect(c).toMatchObject({ model: 'gpt-4o-mini', samples: 5, cacheDir: join('/tmp/proj', '.mcp-bench-cache/judge'), maxRetries: 3 })
    expect(c.concurrency).toBeUndefined()
    expect(c.rubric).toBe(MCP_BENCH_RUBRIC)
    expect(c.temperature).toBeUndefined()
    expect(resolveJudgeConfig({ model: 'm', rubric: 'pass-fail' }, {})!.samples).toBe(1)
    expect(resolveJudgeConfig({ model: 'm', cache: false }, {})!.cacheDir).toBeNull()
    expect(resolveJudgeConfig({ model: 'm', cache: 'cache-here' }, {}, '/w')!.cacheDir).toBe('/w/cache-here')
  })

  it('falls back to the environment, MCP_BENCH_JUDGE_* before OPENAI_*, explicit config first', () => {
    const env = {
      MCP_BENCH_JUDGE_MODEL: 'env-model',
      OPENAI_BASE_URL: 'http://openai.example/v1',
      OPENAI_API_KEY: 'sk-openai',
    }
    expect(resolveJudgeConfig(undefined, env)).toMatchObject({
      model: 'env-model',
      baseURL: 'http://openai.example/v1',
      apiKey: 'sk-openai',
    })
    const overridden = { ...env, MCP_BENCH_JUDGE_BASE_URL: 'http://judge.example/v1', MCP_BENCH_JUDGE_API_KEY: 'sk-judge' }
    expect(resolveJudgeConfig(undefined, overridden)).toMatchObject({ baseURL: 'http://judge.example/v1', apiKey: 'sk-judge' })
    expect(resolveJudgeConfig({ model: 'cfg', baseURL: 'http://cfg/v1', apiKey: 'sk-cfg' }, overridden)).toMatchObject({
      model: 'cfg',
      baseURL: 'http://cfg/v1',
      apiKey: 'sk-cfg',
    })
  })

  it('takes the calibration for the built-in rubric only: a custom rubric carries its own guidance', () => {
    expect(resolveJudgeConfig({ model: 'm' }, {})!.rubric).toBe(MCP_BENCH_RUBRIC)
    const calibrated = resolveJudgeConfig({ model: 'm', calibration: 'mcp-bench' }, {})!.rubric
    expect(calibrated).not.toBe('pass-fail')
    expect(calibrated).toMatchObject({ name: 'mcp-bench', categories: MCP_BENCH_RUBRIC.categories })
    expect(resolveJudgeConfig({ model: 'm', dependencyAnalysis: false }, {})!.dependencyAnalysis).toBe(false)
    expect(resolveJudgeConfig({ model: 'm' }, {})!.dependencyAnalysis).toBe(true)
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
    expect(() => resolveJudgeConfig({ model: 'm', rubric: custom, calibration: 'mcp-bench' }, {})).toThrow(
      'calibration: "mcp-bench" applies to the built-in mcp-bench rubric; a custom rubric sets its own `guidance`',
    )
    expect(() => resolveJudgeConfig({ model: 'm', calibration: 'lenient' as never }, {})).toThrow(/invalid judge config[\s\S]*calibration/)
  })

  it('rejects invalid configs with a readable error', () => {
    expect(() => resolveJudgeConfig({ model: 'm', samples: 0 }, {})).toThrow(/invalid judge config[\s\S]*samples/)
    expect(() => resolveJudgeConfig({ model: 'm', rubric: 'nope' as never }, {})).toThrow(/invalid judge config/)
    expect(() => resolveJudgeConfig({ model: 'm', unknown: 1 } as never, {})).toThrow(/invalid judge config/)
    const dup = {
      name: 'x',
      categories: [{ id: 'a', title: 'A', dimensions: [{ id: 'a', title: 'A', question: '?', bands: [{ min: 1, max: 10, text: 't' }] }] }],
    }
    expect(() => resolveJudgeConfig({ model: 'm', rubric: dup }, {})).toThrow(/duplicate id/)
    expect(JudgeConfigSchema.safeParse({ model: 'm', rubric: 'mcp-bench', cache: '/tmp/x' }).success).toBe(true)
  })
})
