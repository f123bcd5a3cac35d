import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { McpBenchTemplatesSchema, type McpBenchTemplates } from '../../src/contracts/mcp-bench-templates.ts'
import { buildReleasedRubricPrompt } from '../../src/runtime/judge/released-prompt.ts'
import { judgeCases, JUDGE_CASES_MAX_ROUNDS, type JudgeCase } from '../support/messy-judge-cases.ts'

/**
 * The released-code judge's messages against MCP-Bench's own code, for one messy trajectory per MCP-Bench task
 * (all 104, test/support/messy-judge-cases.ts). judge-expected.json was written by
 * scripts/mcp-bench-judge-conformance.py, which built each judge message with MCP-Bench's executor and evaluator
 * (the commit is in the file). It holds hashes only: the messages are MCP-Bench's prose, and so are the templates
 * this side builds from, which the script leaves in templates.local.json (ignored by git) or which
 * MCP_BENCH_TEMPLATES names (the file `mcp-bench import --mcp-bench-dir` writes). Without them the comparison
 * is skipped, and says so; the fixture's own checks still run.
 */

const dir = new URL('../fixtures/mcp-bench-conformance/', import.meta.url)
const expected = JSON.parse(readFileSync(new URL('judge-expected.json', dir), 'utf8')) as {
  source: { commit: string }
  cases: Array<{ id: string; samples: Array<{ exact: string; squashed: string }> }>
}
const tasks = JSON.parse(readFileSync(new URL('tasks.json', dir), 'utf8')) as Array<{ id: string }>
const templatesFile = process.env.MCP_BENCH_TEMPLATES ?? new URL('templates.local.json', dir).pathname
const templates: McpBenchTemplates | null = existsSync(templatesFile) ? McpBenchTemplatesSchema.parse(JSON.parse(readFileSync(templatesFile, 'utf8'))) : null

function digest(system: string, user: string, squash: boolean): string {
  const [s, u] = squash ? [system.split(/\s+/).filter(Boolean).join(' '), user.split(/\s+/).filter(Boolean).join(' ')] : [system, user]
  return createHash('sha256').update(`${s}\n\u0000\n${u}`).digest('hex')
}

describe('released-code judge messages = MCP-Bench\'s own (judge-expected.json)', () => {
  it('covers every one of the 104 tasks, two shuffled samples each', () => {
    expect(tasks).toHaveLength(104)
    expect(expected.cases.map((c) => c.id)).toEqual(tasks.map((t) => t.id))
    for (const c of expected.cases) expect(c.samples).toHaveLength(2)
  })

  describe.skipIf(!templates)(`built from ${templatesFile}`, () => {
    let cases: JudgeCase[]
    beforeAll(async () => {
      cases = await judgeCases()
    }, 300_000)

    it('comes from the commit the expectations were made with', () => {
      expect(templates!.source.commit).toBe(expected.source.commit)
    })

    it('every judge message equals MCP-Bench\'s, exactly and apart from whitespace', () => {
      const mismatched: string[] = []
      let exact = 0
      for (const [i, c] of cases.entries()) {
        const want = expected.cases[i]!
        expect(c.id).toBe(want.id)
        want.samples.forEach((sample, index) => {
          const built = buildReleasedRubricPrompt({ trajectory: c.trajectory, task: c.task, tools: c.tools, maxRounds: JUDGE_CASES_MAX_ROUNDS }, templates!, index)
          const [system, user] = built.messages.map((m) => m.content)
          if (digest(system!, user!, false) === sample.exact) exact++
          if (digest(system!, user!, true) !== sample.squashed) mismatched.push(`${c.id}#${index}`)
        })
      }
      expect(mismatched).toEqual([])
      expect(exact).toBe(208)
    }, 300_000)
  })
})
