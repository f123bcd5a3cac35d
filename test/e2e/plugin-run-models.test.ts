import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runChildVitest, type ChildRun } from '../support/child-vitest.ts'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'

/** Runs Vitest on the miniature user project in a child process, as a user would. */
function runProject(args: string[], env: Record<string, string> = {}, out?: string) {
  return runChildVitest({ project: 'test/e2e/project', args, env, ...(out ? { out } : {}) })
}

// With a model server: the judge and the OpenAI-compatible agent (a file of its own, so it runs beside plugin-run.test.ts).
describe('a benchmark run end to end with a model (child Vitest process)', { timeout: 180_000 }, () => {
  describe('with a judge from MCP_BENCH_JUDGE_MODEL', () => {
    let judge: ScriptedModelServer
    // The first test's run judges with an empty cache of its own and fills it; the cache test's second run is
    // served from it (a run of its own fills it first when the first test did not run, e.g. under -t).
    const judgeCache = mkdtempSync(join(tmpdir(), 'e2e-judge-cache-'))
    let judgeCacheFilled = false
    afterAll(async () => {
      await judge?.close()
      rmSync(judgeCache, { recursive: true, force: true })
    })

    it('judges every task on all six dimensions and scores it with the MCP-Bench formula', async () => {
      const scores = {
        task_fulfillment: 8,
        information_grounding: 9,
        tool_appropriateness: 7,
        parameter_accuracy: 10,
        dependency_awareness: 6,
        parallelism_efficiency: 5,
      }
      judge = await startScriptedModel({
        script: () => ({
          content: `Here is my verdict:\n\`\`\`json\n${JSON.stringify({ reasoning: { task_fulfillment: 'complete' }, scores })}\n\`\`\``,
        }),
      })
      const { code, leaderboard } = await runProject(['benchmarks/good.test.ts', '-t', 'probe/(echo|counter-is-fresh$)'], {
        MCP_BENCH_JUDGE_MODEL: 'judge-model',
        OPENAI_BASE_URL: judge.url,
        E2E_JUDGE_CACHE: judgeCache,
      })
      expect(code).toBe(0)
      expect(leaderboard.tasks).toHaveLength(2)
      for (const task of leaderboard.tasks) {
        expect(task.judge).toMatchObject({
          kind: 'rubric',
          dimensions: {
            taskFulfillment: 8,
            informationGrounding: 9,
            toolAppropriateness: 7,
            parameterAccuracy: 10,
            dependencyAwareness: 6,
            parallelismEfficiency: 5,
          },
          categories: {
            taskCompletion: expect.closeTo(0.85, 10),
            toolUsage: expect.closeTo(0.85, 10),
            planningEffectiveness: expect.closeTo(0.55, 10),
          },
          samples: { requested: 5, valid: 5, failed: 0 },
        })
      }
      expect(leaderboard.tasks[0]!.scores.overall).toBeCloseTo((1 + 0.85 + 0.85 + 0.55) / 4, 10)
      const row = leaderboard.agents[0]!
      const close = (v: number) => expect.closeTo(v, 10)
      expect(row.overall.domains).toEqual({
        schemaUnderstanding: 1,
        taskCompletion: close(0.85),
        toolUsage: close(0.85),
        planningEffectiveness: close(0.55),
      })
      expect(row.overallScore).toBeCloseTo((1 + 0.85 + 0.85 + 0.55) / 4, 10)
      // Five shuffled samples per task: the prompts differ in their dimension order. The cache was empty: all asked.
      expect(judge.requests).toHaveLength(10)
      const prompts = new Set(judge.requests.map((r) => JSON.stringify(r.body.messages)))
      expect(prompts.size).toBe(10)
      judgeCacheFilled = true
    })

    it('serves a second run from the judge cache, and `vitest --no-cache` asks the judge again', async () => {
      const counting = await startScriptedModel({
        script: () => ({
          content: JSON.stringify({
            reasoning: {},
            scores: {
              task_fulfillment: 7,
              information_grounding: 7,
              tool_appropriateness: 7,
              parameter_accuracy: 7,
              dependency_awareness: 7,
              parallelism_efficiency: 7,
            },
          }),
        }),
      })
      try {
        const env = { MCP_BENCH_JUDGE_MODEL: 'judge-model', OPENAI_BASE_URL: counting.url, E2E_JUDGE_CACHE: judgeCache }
        const args = ['benchmarks/good.test.ts', '-t', 'probe/echo']
        // The first run, with the cache empty, asks the judge and fills it: the first test's (10 requests to its
        // judge, checked there), or here when that one did not run.
        if (!judgeCacheFilled) {
          const first = await runProject(args, env)
          expect(first.code).toBe(0)
          expect(counting.requests).toHaveLength(5)
        }
        const asked = counting.requests.length
        const second = await runProject(args, env)
        expect(second.leaderboard.tasks[0]!.judge).toMatchObject({ kind: 'rubric', cached: true })
        // The cached verdict is the one the first run was given (7 everywhere from this judge, 8 for task
        // fulfillment from the first test's), and this judge was not asked.
        expect(second.leaderboard.tasks[0]!.judge).toMatchObject({ dimensions: { taskFulfillment: judgeCacheFilled ? 8 : 7 } })
        expect(counting.requests).toHaveLength(asked)
        // --no-cache reaches the workers through the project's resolved environment options.
        const third = await runProject([...args, '--no-cache'], env)
        expect(third.leaderboard.tasks[0]!.judge).toMatchObject({ kind: 'rubric', cached: false, dimensions: { taskFulfillment: 7 } })
        expect(counting.requests).toHaveLength(asked + 5)
      } finally {
        await counting.close()
      }
    })

    it('reports judge fields as null without a judge model, and still gates on the rules', async () => {
      const { code, leaderboard } = await runProject(['benchmarks/good.test.ts', '-t', 'probe/echo'], { E2E_MIN_RULE_SCORE: '1' })
      expect(code).toBe(0)
      expect(leaderboard.tasks[0]!.judge).toMatchObject({
        kind: 'not-judged',
        dimensions: { taskFulfillment: null },
        categories: { taskCompletion: null },
      })
      expect(leaderboard.agents[0]).toMatchObject({ overallScore: null, ruleScore: 1 })
      expect(leaderboard.gate.passed).toBe(true)
    })
  })

  describe('with a model from MCP_BENCH_MODEL and OPENAI_BASE_URL', () => {
    let model: ScriptedModelServer
    // The first run records to a cassette and the second test replays it: recording is what the first run does
    // anyway (it asks the model), so one child run serves both tests instead of a second recording run.
    const cassette = mkdtempSync(join(tmpdir(), 'mcp-bench-cassette-'))
    let recorded: ChildRun
    afterAll(() => model?.close())

    it('runs the OpenAI-compatible agent through real MCP calls', async () => {
      model = await startScriptedModel({
        script: (req) =>
          req.body.messages.some((m: { role: string }) => m.role === 'tool')
            ? { content: 'The server said hello.' }
            : { toolCalls: [{ id: 'c1', name: 'probe__echo', arguments: { text: 'hello' } }] },
      })
      recorded = await runProject(['benchmarks/good.test.ts', '-t', 'probe/echo'], {
        MCP_BENCH_MODEL: 'scripted-model',
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: 'sk-e2e-secret',
        MCP_BENCH_CASSETTE: 'record',
        MCP_BENCH_CASSETTE_DIR: cassette,
      })
      const { code, leaderboard, output } = recorded
      expect(code).toBe(0)
      expect(output).toContain(`agent: scripted-model (OpenAI-compatible at ${model.url})`)
      const [task] = leaderboard.tasks
      expect(task).toMatchObject({ agent: 'scripted-model', status: 'passed', metrics: { toolCalls: 1 }, rounds: 2 })
      expect(task!.tokens.total).toBeGreaterThan(0)
      expect(model.requests[0]!.body.model).toBe('scripted-model')
      expect(JSON.stringify(leaderboard)).not.toContain('sk-e2e-secret')
    })

    it('records the run to a cassette and replays it later with no model at all', async () => {
      const env = { MCP_BENCH_MODEL: 'scripted-model', OPENAI_BASE_URL: model.url, MCP_BENCH_CASSETTE_DIR: cassette }
      // The recording is the run above: the model's two answers, asked once each.
      expect(recorded.code).toBe(0)
      expect(model.requests).toHaveLength(2)
      await model.close()
      const replayed = await runProject(['benchmarks/good.test.ts', '-t', 'probe/echo'], { ...env, MCP_BENCH_CASSETTE: 'replay' })
      expect(replayed.code).toBe(0)
      expect(model.requests).toHaveLength(2)
      expect(replayed.leaderboard.tasks[0]).toMatchObject({ status: 'passed', metrics: { toolCalls: 1 }, rounds: 2 })
      expect(replayed.leaderboard.tasks[0]!.tokens).toEqual(recorded.leaderboard.tasks[0]!.tokens)
    })
  })
})
