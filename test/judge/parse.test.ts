import { describe, expect, it } from 'vitest'
import { extractJsonObjects, parsePassFailReply, parseRubricReply } from '../../src/scoring/judge-reply.ts'
import { MCP_BENCH_RUBRIC } from '../../src/runtime/judge/rubric.ts'
import { reply } from './helpers.ts'

const SIX = {
  taskFulfillment: 8,
  informationGrounding: 9,
  toolAppropriateness: 7,
  parameterAccuracy: 10,
  dependencyAwareness: 6,
  parallelismEfficiency: 5,
}

describe('tolerant JSON extraction', () => {
  it('reads plain JSON, fenced JSON and JSON wrapped in prose', () => {
    const body = reply()
    for (const text of [
      body,
      '```json\n' + body + '\n```',
      `Here is my evaluation:\n\n${body}\n\nHope this helps.`,
      '```\n' + body + '```',
    ]) {
      const r = parseRubricReply(text, MCP_BENCH_RUBRIC)
      expect(r).toMatchObject({ ok: true, scores: SIX })
    }
  })

  it('repairs trailing commas and line comments, and ignores braces inside strings', () => {
    const text = `{
      "reasoning": { "task_fulfillment": "the } brace in a string is fine", },
      "scores": { // the six scores
        "task_fulfillment": 8, "information_grounding": 9, "tool_appropriateness": 7,
        "parameter_accuracy": 10, "dependency_awareness": 6, "parallelism_efficiency": 5,
      },
    }`
    const r = parseRubricReply(text, MCP_BENCH_RUBRIC)
    expect(r).toMatchObject({ ok: true, scores: SIX, reasoning: { taskFulfillment: 'the } brace in a string is fine' } })
  })

  it('accepts flat keys, MCP-Bench aliases, numeric strings and {score} objects', () => {
    const text = JSON.stringify({
      task_fulfillment: '8',
      grounding: 9,
      'Tool Appropriateness': { score: 7, reasoning: 'fine' },
      parameterAccuracy: '10/10',
      dependency_awareness: 6,
      parallelism_and_efficiency: 5,
      task_fulfillment_reasoning: 'most of it',
    })
    const r = parseRubricReply(text, MCP_BENCH_RUBRIC)
    expect(r).toMatchObject({ ok: true, scores: SIX })
    if (r.ok) expect(r.reasoning).toMatchObject({ taskFulfillment: 'most of it', toolAppropriateness: 'fine' })
  })

  it('skips an echoed template and takes the first object that validates', () => {
    const text = `Template: {"scores": {"task_fulfillment": "<1-10>"}}\nAnswer: ${reply()}`
    expect(parseRubricReply(text, MCP_BENCH_RUBRIC)).toMatchObject({ ok: true, scores: SIX })
  })

  it('rejects out-of-range, missing and non-numeric scores with a reason', () => {
    expect(parseRubricReply(reply({ parameter_accuracy: 11 }), MCP_BENCH_RUBRIC)).toEqual({
      ok: false,
      reason: 'score for parameter_accuracy is out of range 1–10 (11)',
    })
    expect(parseRubricReply(reply({ task_fulfillment: 0 }), MCP_BENCH_RUBRIC)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('out of range'),
    })
    const missing = JSON.parse(reply()) as { scores: Record<string, number> }
    delete missing.scores.dependency_awareness
    expect(parseRubricReply(JSON.stringify(missing), MCP_BENCH_RUBRIC)).toEqual({
      ok: false,
      reason: 'missing score for dependency_awareness',
    })
    expect(parseRubricReply(reply({ tool_appropriateness: 'high' }), MCP_BENCH_RUBRIC)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a number'),
    })
    expect(parseRubricReply('I think the agent did well.', MCP_BENCH_RUBRIC)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no JSON object'),
    })
    expect(parseRubricReply('', MCP_BENCH_RUBRIC)).toEqual({ ok: false, reason: 'empty reply' })
    expect(parseRubricReply('{"scores": {"task_fulfillment": 8', MCP_BENCH_RUBRIC)).toMatchObject({ ok: false })
  })

  it('extracts every balanced object', () => {
    expect(extractJsonObjects('a {"x":1} b {"y":{"z":2}} c')).toEqual([{ x: 1 }, { y: { z: 2 } }])
  })
})

describe('pass/fail replies', () => {
  it('reads verdicts in several spellings', () => {
    expect(parsePassFailReply('{"reasoning":"has the data","verdict":"pass"}')).toEqual({ ok: true, pass: true, reason: 'has the data' })
    expect(parsePassFailReply('```json\n{"verdict":"FAIL","reasoning":"generic only"}\n```')).toEqual({
      ok: true,
      pass: false,
      reason: 'generic only',
    })
    expect(parsePassFailReply('{"pass": true, "reason": "ok"}')).toEqual({ ok: true, pass: true, reason: 'ok' })
    expect(parsePassFailReply('PASS')).toEqual({ ok: true, pass: true, reason: '' })
    expect(parsePassFailReply('{"verdict":"maybe"}')).toMatchObject({ ok: false })
    expect(parsePassFailReply('It passes, I think, mostly.')).toMatchObject({ ok: false })
  })
})
