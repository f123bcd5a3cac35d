import { describe, expect, it } from 'vitest'
import { fillTemplate } from '../../src/contracts/mcp-bench-templates.ts'
import { pyRepr, pyStr } from '../../src/lib/py-repr.ts'
import { buildReleasedRubricPrompt } from '../../src/runtime/judge/released-prompt.ts'
import { buildRubricPrompt } from '../../src/runtime/judge/prompt.ts'
import { MCP_BENCH_RUBRIC } from '../../src/runtime/judge/rubric.ts'
import { parseRubricFields } from '../../src/scoring/judge-sample-averaging.ts'
import { STAND_IN_TEMPLATES } from '../support/stand-in-templates.ts'
import { call, input, trajectory } from './helpers.ts'

const released = (i = input(), sample = 0) => buildReleasedRubricPrompt(i, STAND_IN_TEMPLATES, sample)
const user = (i = input(), sample = 0) => released(i, sample).messages[1]!.content

describe('released-code judge prompt, from imported templates', () => {
  it("sends the template's system message and the task as the agent saw it, with the concrete one", () => {
    const p = released(input({ task: { prompt: 'Add 2 and 3, then multiply by 4.', fuzzy: 'fuzzy words' } }))
    expect(p.messages[0]).toEqual({ role: 'system', content: 'SYSTEM: grade the run' })
    expect(p.messages[1]!.content).toContain('reference task: "Add 2 and 3, then multiply by 4."')
    expect(p.messages[1]!.content).toContain(`shown task: "${trajectory().prompt}"`)
  })

  it("shows counts, names and the per-round history, and none of this project's extra evidence", () => {
    const text = user()
    expect(text).toContain('rounds=2 | calls=2 | ok=2 | failed=0 | ok: math__add, math__multiply')
    expect(text).toContain("\n# round 1\nOK math__add {'firstNumber': 2, 'secondNumber': 3} @math: 5\n")
    for (const extra of ['Reference plan', 'dependency', 'servers the task did not need', 'violate', 'does not exist'])
      expect(text).not.toContain(extra)
  })

  it("replaces a long result by the agent's summary from the end of its round, cut; without one, the result cut", () => {
    const long = 'r'.repeat(100)
    const t = trajectory({
      calls: [call({ id: 'c1', round: 1, name: 'math__add', args: 'raw text', result: [{ type: 'text', text: long }] })],
      turns: [
        { round: 1, content: 'plan', toolCalls: [], usage: null, finishReason: 'stop', durationMs: 1 },
        { round: 1, content: '  the summary of it all  ', toolCalls: [], usage: null, finishReason: 'stop', durationMs: 1 },
      ],
    })
    expect(user(input({ trajectory: t }))).toContain('OK math__add raw text @math (25 tokens, summary): the summary \n')
    const bare = trajectory({ calls: t.calls, turns: [t.turns[0]!] })
    expect(user(input({ trajectory: bare }))).toContain(`OK math__add raw text @math (cut): ${'r'.repeat(12)}...\n`)
  })

  it("shows an unknown tool on the unknown server with the executor's error, as a failure", () => {
    const t = trajectory({ calls: [call({ id: 'c1', round: 1, name: 'nope', args: {}, isError: true, error: 'our own words' })] })
    const text = user(input({ trajectory: t }))
    expect(text).toContain('ERR nope {} @nowhere: no tool nope')
    expect(text).toContain('ok=0 | failed=1 | failed: nope')
  })

  it('counts rounds as the released executor does (round_num - 1), whatever the recorder counted', () => {
    const t = trajectory({ rounds: 7 })
    expect(user(input({ trajectory: t }))).toContain('rounds: 2\n')
  })

  it("lists tools by server, sorted, descriptions cut at the template's limit", () => {
    expect(user()).toContain(
      '<math> 2\n - math__add = Adds two n~\n - math__multiply = Multiplies~\n\n<weather> 1\n - weather__forecast = Weather fo~',
    )
  })

  it('shuffles the rubric reproducibly per (task, sample), and records the shuffles for a replay', () => {
    expect(user()).toBe(user())
    const orders = new Set(
      [0, 1, 2, 3, 4].map((i) =>
        released(input(), i)
          .released.permutations.map((p) => p.join())
          .join('|'),
      ),
    )
    expect(orders.size).toBeGreaterThan(1)
    // 1 shuffle of the mains, 3 of sub-dimensions, 6 of bands.
    expect(released().released.permutations).toHaveLength(10)
  })

  it("is not this project's prompt", () => {
    expect(user()).not.toBe(buildRubricPrompt(input(), MCP_BENCH_RUBRIC, 0).messages[1]!.content)
  })
})

describe("MCP-Bench's flat reply", () => {
  it('is read with its key names and *_reasoning fields', () => {
    const reply = JSON.stringify({
      task_fulfillment_reasoning: 'tf',
      grounding_reasoning: 'g',
      parallelism_efficiency_reasoning: 'p',
      task_fulfillment: 7,
      grounding: 6,
      tool_appropriateness: 5,
      parameter_accuracy: 4,
      dependency_awareness: 3,
      parallelism_and_efficiency: 2,
    })
    const parsed = parseRubricFields(reply, MCP_BENCH_RUBRIC, 'mcp-bench-evaluator')
    expect(parsed).toMatchObject({
      ok: true,
      scores: { taskFulfillment: 7, informationGrounding: 6, parallelismEfficiency: 2 },
      reasoning: { taskFulfillment: 'tf', informationGrounding: 'g', parallelismEfficiency: 'p' },
    })
  })
})

describe('Python formatting', () => {
  it('prints parameters as f"{parameters}" does', () => {
    expect(pyStr({ a: "it's", b: 'say "hi"', c: [true, null, 1.5], d: 'x\ny\\' })).toBe(
      "{'a': \"it's\", 'b': 'say \"hi\"', 'c': [True, None, 1.5], 'd': 'x\\ny\\\\'}",
    )
    expect(pyStr('plain text')).toBe('plain text')
    expect(pyRepr('plain text')).toBe("'plain text'")
    expect(pyRepr('both \' and "')).toBe("'both \\' and \"'")
    expect(pyRepr('bell\u0007 東京')).toBe("'bell\\x07 東京'")
    expect(pyRepr(1e21)).toBe('1e+21')
    expect(pyRepr(1e-7)).toBe('1e-07')
  })

  it('fills each placeholder once, inserting values as they are', () => {
    expect(fillTemplate('{{A}} and {{B}}', { A: '{{B}} $&', B: 2 })).toBe('{{B}} $& and 2')
  })
})
