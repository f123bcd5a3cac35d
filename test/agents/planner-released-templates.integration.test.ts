import { afterEach, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer, type ScriptedTurn } from '../../fixtures/models/scripted-server.ts'
import { plannerAgent } from '../../src/runtime/agents/planner.ts'
import { compressByRules } from '../../src/runtime/agents/released-recovery.ts'
import { failed, fakeContext, ok, smallCatalog } from '../support/fake-agent-context.ts'
import { STAND_IN_TEMPLATES } from '../support/stand-in-templates.ts'

/**
 * The released-code planner with MCP-Bench's planner templates (here stand-ins in this project's words) and the
 * released executor's recovery: the provider's three tries, max_tokens reduced on a token limit, the history
 * compressed, 60 s between failed planning rounds. Waits are recorded, never slept.
 */
const servers: ScriptedModelServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function run(
  script: ScriptedTurn[],
  answer = (name: string, args: unknown) => ok(`${name} ${JSON.stringify(args)}`),
  templates = STAND_IN_TEMPLATES,
) {
  const server = await startScriptedModel({ script })
  servers.push(server)
  const { ctx, calls } = fakeContext('Plan a trip.', smallCatalog, answer)
  const waits: number[] = []
  const agent = plannerAgent({
    model: 'm',
    baseURL: server.url,
    apiKey: 'k',
    maxRetries: 0,
    executor: 'released-code',
    templates,
    sleep: async (ms) => void waits.push(ms),
  })
  const final = await agent.run(ctx)
  const requests = server.requests.map((r) => ({
    system: String(r.body.messages[0].content),
    user: String(r.body.messages[1].content),
    maxTokens: r.body.max_tokens as number,
  }))
  return { agent, calls, final, requests, waits }
}

const plan = (go: unknown, tools: unknown[]) => JSON.stringify({ reasoning: 'r', should_continue: go, planned_tools: tools })
const tokenLimit: ScriptedTurn = {
  status: 400,
  body: {
    error: {
      message: "This model's maximum context length is 8192 tokens",
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
    },
  },
}
const broken: ScriptedTurn = { status: 400, body: { error: { message: 'bad request', type: 'invalid_request_error', code: null } } }

describe("the released-code planner in MCP-Bench's words (templates with a planner part)", () => {
  it("lists tools as server:tool with Python's pretty-printed schemas, runs what the model names so, and writes the executor's history", async () => {
    const { agent, calls, requests } = await run([
      {
        content: plan(true, [
          { tool: 'math:sum', parameters: { numbers: [1, 2] } },
          { tool: 'weather:nope', parameters: {} },
        ]),
      },
      { content: plan(false, []) },
      { content: 'the answer' },
    ])
    expect(agent.promptSource).toBe('mcp-bench-checkout')
    expect(calls).toEqual([
      { name: 'math__sum', args: { numbers: [1, 2] }, round: 1 },
      { name: 'weather:nope', args: {}, round: 1 },
    ])
    const first = requests[0]!
    expect(first.system).toBe('PLANNER for round 1')
    expect(first.maxTokens).toBe(12_000)
    expect(first.user).toContain('TASK "Plan a trip." ROUND 1 OF 20\nTOOLS:\n* weather:get_weather_forecast_tool on weather: Get the daily')
    // json.dumps(schema, indent=2): two-space indent, ", " never at a line end, non-ASCII escaped.
    expect(first.user).toContain(
      '\n* math:sum on math: Adds any number of numbers together.\n{\n  "type": "object",\n  "properties": {\n    "numbers": {\n      "type": "array",',
    )
    expect(first.user).toContain('\nSO FAR: nothing yet\n')
    // The unknown tool: the executor's own error, on its "unknown" server; parameters as Python prints them.
    expect(requests[1]!.user).toContain(
      '\nSO FAR:\n[history]\n\n# round 1\nOK math:sum {\'numbers\': [1, 2]} @math: math__sum {"numbers":[1,2]}\nERR weather:nope {} @nowhere: no tool weather:nope\n',
    )
    expect(requests[2]).toEqual({
      system: 'ANSWERER',
      user: expect.stringContaining('TASK "Plan a trip." after 2 calls:\n\n# round 1\nOK math:sum'),
      maxTokens: 12_000,
    })
  })

  it("summarises a long result with the templates' request, and stands the cut result in when that request fails", async () => {
    const { requests } = await run(
      [
        {
          content: plan(true, [
            { tool: 'math:sum', parameters: { numbers: [1] } },
            { tool: 'weather:get_weather_forecast_tool', parameters: { city: 'Oslo' } },
          ]),
        },
        { content: 'short summary' },
        broken,
        broken,
        broken,
        { content: plan(false, []) },
        { content: 'the answer' },
      ],
      () => failed('e'.repeat(60)),
    )
    expect(requests[1]).toEqual({ system: 'SUMMARISER', user: `under 10 tokens: ${'e'.repeat(60)}`, maxTokens: 10_000 })
    const history = requests[5]!.user
    expect(history).toContain(`ERR math:sum {'numbers': [1]} @math (15 tokens, summary): short \n`)
    // The failed summary: the content cut at the threshold (10 tokens: 10 characters) and the note, then cut at the error cut (6).
    expect(history).toContain(`ERR weather:get_weather_forecast_tool {'city': 'Oslo'} @weather (15 tokens, summary): eeeeee\n`)
  })

  it("keeps this project's words without the planner's templates, and says so", async () => {
    const { judge, executor, source } = STAND_IN_TEMPLATES
    const { agent, requests } = await run([{ content: plan(false, []) }, { content: 'the answer' }], undefined, {
      judge,
      executor,
      source,
      version: 1,
    })
    expect(agent.promptSource).toBe('project')
    expect(requests[0]!.system).toContain("You solve the user's task by planning tool calls")
    expect(requests[0]!.user).toContain('Nothing has been done yet.')
  })
})

describe("the released executor's recovery", () => {
  it('tries a failed request three times, 1 s then 2 s apart, and a failed planning round again after 60 s, four times before it stops', async () => {
    const { calls, final, requests, waits } = await run([...Array.from({ length: 12 }, () => broken), { content: 'the answer' }])
    expect(calls).toEqual([])
    expect(final).toBe('the answer')
    expect(requests.filter((r) => r.system === 'PLANNER for round 1')).toHaveLength(12)
    expect(waits).toEqual([1_000, 2_000, 60_000, 1_000, 2_000, 60_000, 1_000, 2_000, 60_000, 1_000, 2_000, 60_000])
  })

  it('an empty reply counts as a failure, and the next try goes on', async () => {
    const { calls, waits } = await run([
      { content: '  ' },
      { content: plan(true, [{ tool: 'math:sum', parameters: { numbers: [1] } }]) },
      { content: plan(false, []) },
      { content: 'a' },
    ])
    expect(waits).toEqual([1_000])
    expect(calls).toHaveLength(1)
  })

  it('on a token limit lowers max_tokens as the released code does (counting each reduction twice), then compresses the history once', async () => {
    const three = (turn: ScriptedTurn) => [turn, turn, turn]
    // Two results of 36 characters: each under the summary threshold (10 tokens), together over the compression target (20).
    const { requests } = await run(
      [
        {
          content: plan(true, [
            { tool: 'math:sum', parameters: { numbers: [1] } },
            { tool: 'math:sum', parameters: { numbers: [2] } },
          ]),
        },
        ...three(tokenLimit),
        ...three(tokenLimit),
        ...three(tokenLimit),
        { content: 'a compressed history' },
        { content: plan(false, []) },
        { content: 'the answer' },
      ],
      () => ok('r'.repeat(36)),
    )
    const planning = requests.filter((r) => r.system === 'PLANNER for round 2')
    // apply_token_reduction counts once more each time it applies: 12,000, then 80 % (not 90 %), then the full limit again.
    expect(planning.map((r) => r.maxTokens)).toEqual([12_000, 12_000, 12_000, 9_600, 9_600, 9_600, 12_000, 12_000, 12_000, 12_000])
    const compression = requests.find((r) => r.system === 'COMPRESSOR')!
    expect(compression.maxTokens).toBe(20)
    expect(compression.user).toMatch(/^to 20 tokens: \n# round 1\nOK math:sum/)
    expect(planning.at(-1)!.user).toContain('SO FAR:\n[history]\na compressed history\nREPLY')
  })

  it("falls back to the rules when the model's compression is no shorter", () => {
    const rules = STAND_IN_TEMPLATES.planner!.compressionRules
    // No round marker: the note and the last target × 4 characters.
    expect(compressByRules('no rounds here at all', 2, rules)).toBe('[early cut]\n\ne at all')
    const history = ['', 'a\n', 'b\n', 'c\n', 'd\n', 'e\n'].map((t, i) => (i ? `\n# round ${i}\n${t}` : t)).join('')
    // The expectations are what the rules' Python port in src/import/mcp-bench-templates.py (checked there against
    // MCP-Bench's _fallback_rule_based_compression) gives for the same input.
    expect(compressByRules(history, 1_000, rules)).toBe('\n\n[rounds 2-4 cut]\n\n# round 4\nd\n\n\n\n# round 5\ne\n')
    expect(compressByRules(history + 'z'.repeat(100), 10, rules)).toBe(`\n\n[rounds 2-4 cut]\n\n\n\n[middle cut]\n\n${'z'.repeat(20)}`)
  })
})
