import { describe, expect, it } from 'vitest'
import { agentName } from '../../src/lib/agent-name.ts'
import { resolveAgents, resolveOptions, runtimeSettings } from '../../src/node/resolve-settings.ts'
import { MCP_BENCH_EXCLUDED_TOOLS } from '../../src/node/preset-mcp-bench.ts'
import { resolveJudgeConfig } from '../../src/runtime/judge/config.ts'

const NO_ENV = {}
const servers = { math: { command: 'node' } }

describe("preset: 'mcp-bench'", () => {
  it("sets the run up as MCP-Bench's released runner does", () => {
    const options = resolveOptions({ preset: 'mcp-bench', servers }, NO_ENV)
    expect(options.distractors).toEqual({ count: 10, resident: ['time'], maxTools: 10_000 })
    expect(options.excludeTools).toEqual(MCP_BENCH_EXCLUDED_TOOLS)
    expect(options.excludeTools).toContain('paper-search.search_semantic')
    expect(options.excludeTools).toHaveLength(8)
    expect(options).toMatchObject({ maxRounds: 20, taskTimeout: 3_000_000, judgeTimeout: 3_000_000 })
    expect(options.judge).toMatchObject({ samples: 5, calibration: 'mcp-bench', dependencyAnalysis: true })
    // With no model anywhere the reference agent still runs, and the judge waits for MCP_BENCH_JUDGE_MODEL.
    expect(resolveAgents(options.agent)).toEqual(['reference'])
    expect(resolveJudgeConfig(options.judge as never, {})).toBeNull()
    const judge = resolveJudgeConfig(options.judge as never, { MCP_BENCH_JUDGE_MODEL: 'o4-mini' })!
    expect(judge).toMatchObject({ model: 'o4-mini', samples: 5, dependencyAnalysis: true })
    expect(judge.rubric !== 'pass-fail' && judge.rubric.guidance.join('\n')).toContain('middle bands (4–6)')
  })

  it('runs model agents in the planner loop with its compression, from the option or from MCP_BENCH_MODEL', () => {
    const planner = {
      kind: 'openai',
      loop: 'planner',
      compress: 'model',
      observationChars: 4_000,
      stoppingPlan: 'drop',
      executor: 'released-code',
    }
    expect(resolveOptions({ preset: 'mcp-bench', agent: 'gpt-4o-mini' }, NO_ENV).agent).toEqual({ ...planner, model: 'gpt-4o-mini' })
    const fromEnv = resolveAgents(resolveOptions({ preset: 'mcp-bench' }, { MCP_BENCH_MODEL: 'qwen3:8b' }).agent)
    expect(fromEnv).toEqual([{ ...planner, model: 'qwen3:8b' }])
    expect(agentName(fromEnv[0]!)).toBe('qwen3:8b (planner)')
    const list = resolveOptions(
      { preset: 'mcp-bench', agent: ['reference', { module: './agents/mine.ts' }, { model: 'm', baseURL: 'http://127.0.0.1:8000/v1' }] },
      NO_ENV,
    ).agent
    expect(list).toEqual([
      'reference',
      { kind: 'module', module: './agents/mine.ts', export: 'default', isolation: 'sandbox' },
      { ...planner, model: 'm', baseURL: 'http://127.0.0.1:8000/v1' },
    ])
  })

  it('lets every option given explicitly win, at any depth', () => {
    const options = resolveOptions(
      {
        preset: 'mcp-bench',
        agent: { model: 'm', loop: 'tools' },
        judge: { model: 'j', calibration: 'strict', samples: 3 },
        distractors: { resident: [], maxTools: 128 },
        excludeTools: [],
        maxRounds: 5,
        taskTimeout: 60_000,
      },
      NO_ENV,
    )
    expect(options.agent).toEqual({ kind: 'openai', model: 'm', loop: 'tools' })
    expect(options.judge).toMatchObject({ model: 'j', calibration: 'strict', samples: 3, dependencyAnalysis: true })
    expect(options.distractors).toEqual({ count: 10, resident: [], maxTools: 128 })
    expect(options).toMatchObject({ excludeTools: [], maxRounds: 5, taskTimeout: 60_000 })
    // A planner the user set up keeps its own compression; the rest is filled in.
    expect(resolveOptions({ preset: 'mcp-bench', agent: { model: 'm', loop: 'planner', compress: 'truncate' } }, NO_ENV).agent).toEqual({
      kind: 'openai',
      model: 'm',
      loop: 'planner',
      compress: 'truncate',
      observationChars: 4_000,
      stoppingPlan: 'drop',
      executor: 'released-code',
    })
    // MCP_BENCH_AGENT_LOOP is a choice too.
    expect(resolveAgents(resolveOptions({ preset: 'mcp-bench' }, { MCP_BENCH_MODEL: 'm', MCP_BENCH_AGENT_LOOP: 'react' }).agent)).toEqual([
      'reference',
    ])
  })

  it('keeps the judge off when it is turned off, and gives other rubrics only the dependency setting', () => {
    expect(resolveOptions({ preset: 'mcp-bench', judge: false }, NO_ENV).judge).toBe(false)
    expect(resolveOptions({ preset: 'mcp-bench', judge: 'o4-mini' }, NO_ENV).judge).toMatchObject({
      model: 'o4-mini',
      samples: 5,
      calibration: 'mcp-bench',
      dependencyAnalysis: true,
    })
    const passFail = resolveOptions({ preset: 'mcp-bench', judge: { model: 'j', rubric: 'pass-fail' } }, NO_ENV).judge
    expect(passFail).toMatchObject({ model: 'j', rubric: 'pass-fail', dependencyAnalysis: true })
    expect(passFail).not.toHaveProperty('calibration')
    expect(passFail).not.toHaveProperty('samples')
    expect(resolveOptions({ preset: 'mcp-bench', judge: { dependencyAnalysis: false } }, NO_ENV).judge).toMatchObject({
      samples: 5,
      calibration: 'mcp-bench',
      dependencyAnalysis: false,
    })
  })

  it('rejects a calibration for a custom rubric where the options are read, and gives a custom rubric none', () => {
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
    expect(() => resolveOptions({ judge: { model: 'j', rubric: custom, calibration: 'mcp-bench' } }, NO_ENV)).toThrow(
      /Invalid mcpBench\(\) options[\s\S]*judge\.calibration[\s\S]*applies to the built-in mcp-bench rubric; a custom rubric sets its own `guidance`/,
    )
    expect(resolveOptions({ preset: 'mcp-bench', judge: { model: 'j', rubric: custom } }, NO_ENV).judge).not.toHaveProperty('calibration')
  })

  it('follows the released code by default, and the paper when asked', () => {
    const released = resolveOptions({ preset: 'mcp-bench', agent: 'm', judge: 'j' }, NO_ENV)
    expect(released.fidelity).toBe('released-code')
    expect(released.agent).toMatchObject({ stoppingPlan: 'drop', executor: 'released-code' })
    expect(released.judge).toMatchObject({ sampleAveraging: 'mcp-bench-evaluator', maxTokens: 15_000 })
    expect(runtimeSettings({ ...released, servers }, process.cwd()).fidelity).toBe('released-code')
    const paper = resolveOptions({ preset: 'mcp-bench', fidelity: 'paper', agent: 'm', judge: 'j' }, NO_ENV)
    expect(paper.agent).toMatchObject({ stoppingPlan: 'execute', executor: 'project' })
    expect(paper.judge).toMatchObject({ sampleAveraging: 'per-field' })
    // An explicit choice still wins over the fidelity's.
    expect(
      resolveOptions(
        { preset: 'mcp-bench', agent: { model: 'm', stoppingPlan: 'execute' }, judge: { model: 'j', sampleAveraging: 'whole-sample' } },
        NO_ENV,
      ),
    ).toMatchObject({ agent: { stoppingPlan: 'execute' }, judge: { sampleAveraging: 'whole-sample' } })
    expect(resolveOptions({ servers }, NO_ENV).fidelity).toBeUndefined()
  })

  it('gives the released-code planner the templates the judge was given (one file holds both), unless it has its own', () => {
    const file = './mcp-bench/mcp-bench-templates.json'
    expect(resolveOptions({ preset: 'mcp-bench', agent: 'm', judge: { model: 'j', templates: file } }, NO_ENV).agent).toMatchObject({
      executor: 'released-code',
      templates: file,
    })
    expect(
      resolveOptions({ preset: 'mcp-bench', agent: { model: 'm', templates: 'own.json' }, judge: { model: 'j', templates: file } }, NO_ENV)
        .agent,
    ).toMatchObject({ templates: 'own.json' })
    expect(
      resolveOptions({ preset: 'mcp-bench', fidelity: 'paper', agent: 'm', judge: { model: 'j', templates: file } }, NO_ENV).agent,
    ).not.toHaveProperty('templates')
    expect(resolveOptions({ preset: 'mcp-bench', agent: 'm', judge: 'j' }, NO_ENV).agent).not.toHaveProperty('templates')
  })

  it('changes nothing without the preset', () => {
    const options = resolveOptions({ servers }, { MCP_BENCH_MODEL: 'm' })
    expect(options.distractors).toEqual({ resident: [], maxTools: 128 })
    expect(options).toMatchObject({ excludeTools: [], maxRounds: 20, taskTimeout: 300_000, judgeTimeout: 300_000 })
    expect(options.judge).toBeUndefined()
    expect(options.agent).toBeUndefined()
  })

  it('reaches the workers: the runtime settings carry the distractor count and the excluded tools', () => {
    const options = resolveOptions({ preset: 'mcp-bench', servers }, NO_ENV)
    const settings = runtimeSettings(options, process.cwd(), { MCP_BENCH_JUDGE_MODEL: 'judge-model' })
    expect(settings.distractors).toEqual({ count: 10, resident: ['time'], maxTools: 10_000 })
    expect(settings.excludeTools).toEqual(MCP_BENCH_EXCLUDED_TOOLS)
    // The main process decides the judge: its model from the environment, its key by the variable's name only.
    expect(settings.judge).toMatchObject({
      model: 'judge-model',
      calibration: 'mcp-bench',
      dependencyAnalysis: true,
      apiKeyEnv: 'OPENAI_API_KEY',
    })
    // No judge model anywhere: the workers are told there is no judge, rather than deciding from their own environment.
    expect(runtimeSettings(options, process.cwd(), {}).judge).toBe(false)
  })

  it('rejects an unknown preset with the options error', () => {
    expect(() => resolveOptions({ preset: 'mcp-agentbench' as never }, NO_ENV)).toThrow(/Invalid mcpBench\(\) options[\s\S]*preset/)
  })
})
