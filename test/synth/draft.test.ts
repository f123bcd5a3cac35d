import { describe, expect, it } from 'vitest'
import { parseDraft, parseScores } from '../../src/synth/draft.ts'
import { costOf } from '../../src/synth/pricing.ts'
import { modelCost } from '../../src/scoring/task-costs.ts'
import { priceTable } from '../../src/contracts/prices.ts'

const draft = {
  task: 'Add 2 and 3.',
  fuzzy: 'What do 2 and 3 make?',
  reference: { calls: [{ id: 'a', tool: 'math.add', args: { firstNumber: 2, secondNumber: 3 } }], answer: 'They make 5.', facts: ['5'] },
}

describe("reading the model's draft", () => {
  it("takes the draft from a fenced block with prose around it, and fills the plan's defaults", () => {
    const parsed = parseDraft(`Here you go:\n\`\`\`json\n${JSON.stringify(draft)}\n\`\`\`\nHope it helps.`)
    expect(parsed).toEqual({
      ok: true,
      value: { ...draft, reference: { ...draft.reference, calls: [{ ...draft.reference.calls[0], after: [] }] } },
    })
  })

  it("forgives a trailing comma, as the planner's reader does", () => {
    expect(parseDraft(`${JSON.stringify(draft).slice(0, -1)},}`).ok).toBe(true)
  })

  it('says why a reply is not a draft, naming the field', () => {
    expect(parseDraft('I could not think of a task.')).toEqual({
      ok: false,
      error: 'the reply holds no JSON object (it begins: "I could not think of a task.")',
    })
    const noServer = { ...draft, reference: { ...draft.reference, calls: [{ id: 'a', tool: 'add', args: {} }] } }
    expect(parseDraft(JSON.stringify(noServer))).toEqual({
      ok: false,
      error: 'the reply is not a task draft: reference.calls.0.tool: expected "server.tool", for example "math.add"',
    })
    expect(parseDraft(JSON.stringify({ ...draft, reference: { ...draft.reference, facts: [] } }))).toMatchObject({
      ok: false,
      error: expect.stringContaining('reference.facts: name at least one fact'),
    })
  })

  it('reads scores given as numbers or numeric strings, and rejects ones off the scale', () => {
    expect(parseScores('{"solvability": "9", "utility": 6.5}')).toEqual({ ok: true, value: { solvability: 9, utility: 6.5 } })
    expect(parseScores('{"solvability": 12, "utility": 5}')).toMatchObject({ ok: false, error: expect.stringContaining('solvability') })
  })
})

describe('prices', () => {
  it("prices by the leaderboard's rule: a model's id or its dated snapshot, no other variant or router name", () => {
    const tokens = { promptTokens: 1_000_000, completionTokens: 1_000_000 }
    for (const model of ['gpt-4o-mini', 'gpt-4o-mini-2024-07-18', 'openai/gpt-4o', 'qwen3:8b', 'gpt-4o-minimal', 'gpt-4o-audio-preview']) {
      // The same figure the leaderboard gives the agent's tokens of that model, or none when it gives none.
      expect(costOf(model, tokens.promptTokens, tokens.completionTokens)).toBe(modelCost(model, tokens, priceTable()))
    }
    expect(costOf('gpt-4o-mini-2024-07-18', 1_000_000, 1_000_000)).toBeCloseTo(0.15 + 0.6, 10)
    expect(costOf('openai/gpt-4o', 1_000, 1_000)).toBeNull()
    expect(costOf('gpt-4o-audio-preview', 1_000, 1_000)).toBeNull()
  })

  it('prices tokens per million, or says nothing for an unknown model', () => {
    expect(costOf('o4-mini', 1_000_000, 500_000)).toBeCloseTo(1.1 + 2.2, 10)
    expect(costOf('llama3', 1_000, 1_000)).toBeNull()
  })

  it('takes the prices option on top of the bundled table: new models priced, bundled ones overridden', () => {
    const prices = priceTable({ llama3: { input: 0.2, output: 0.4 }, 'o4-mini': { input: 1, output: 1 } })
    expect(costOf('llama3', 1_000_000, 1_000_000, prices)).toBeCloseTo(0.6, 10)
    expect(costOf('o4-mini', 1_000_000, 500_000, prices)).toBeCloseTo(1.5, 10)
    expect(costOf('gpt-4o-mini', 1_000_000, 0, prices)).toBeCloseTo(0.15, 10)
  })
})
