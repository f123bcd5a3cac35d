import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { McpBenchTemplatesSchema, type McpBenchTemplates } from '../../src/contracts/mcp-bench-templates.ts'
import { buildReleasedRubricPrompt } from '../../src/runtime/judge/released-prompt.ts'
import { judgeCases, JUDGE_CASES_MAX_ROUNDS, type JudgeCase } from '../support/messy-judge-cases.ts'

/**
 * The released-code judge's messages against MCP-Bench's own code, for one messy trajectory per MCP-Bench task
 * (all 104, test/support/messy-judge-cases.ts). scripts/mcp-bench-judge-conformance.py built each judge message
 * with MCP-Bench's executor and evaluator (the commit is in the file) and kept only hashes, twice:
 *
 * - `synthetic` (always checked, CI included): on MCP-Bench's code with its wording swapped for made-up words
 *   (scripts/mcp-bench-synthetic.py), from which the templates this side builds with were read
 *   (templates.synthetic.json, committed: no sentence of MCP-Bench's is in it);
 * - `mcp-bench`: on MCP-Bench's code as it is, from templates that are MCP-Bench's prose and so not committed:
 *   the script leaves them in templates.local.json (ignored by git), or MCP_BENCH_TEMPLATES names the file
 *   `mcp-bench import --mcp-bench-dir` writes. Without them this half is skipped, and says so.
 */

const dir = new URL('../fixtures/mcp-bench-conformance/', import.meta.url)
type Expected = { source: { commit: string }; cases: Array<{ id: string; samples: Array<{ exact: string; squashed: string }> }> }
const readJson = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as unknown
const tasks = readJson('tasks.json') as Array<{ id: string }>
const localTemplates = process.env.MCP_BENCH_TEMPLATES ?? new URL('templates.local.json', dir).pathname
const readTemplates = (file: string): McpBenchTemplates | null =>
  existsSync(file) ? McpBenchTemplatesSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : null

const variants = [
  {
    wording: 'synthetic',
    expected: readJson('judge-expected.synthetic.json') as Expected,
    file: new URL('templates.synthetic.json', dir).pathname,
  },
  { wording: 'mcp-bench', expected: readJson('judge-expected.json') as Expected, file: localTemplates },
].map((v) => ({ ...v, templates: readTemplates(v.file) }))

function digest(system: string, user: string, squash: boolean): string {
  const [s, u] = squash ? [system.split(/\s+/).filter(Boolean).join(' '), user.split(/\s+/).filter(Boolean).join(' ')] : [system, user]
  return createHash('sha256').update(`${s}\n\u0000\n${u}`).digest('hex')
}

let cases: JudgeCase[]
beforeAll(async () => {
  cases = await judgeCases()
}, 300_000)

describe.each(variants)("released-code judge messages = MCP-Bench's own, $wording wording", ({ expected, templates, file, wording }) => {
  it('covers every one of the 104 tasks, two shuffled samples each', () => {
    expect(tasks).toHaveLength(104)
    expect(expected.cases.map((c) => c.id)).toEqual(tasks.map((t) => t.id))
    for (const c of expected.cases) expect(c.samples).toHaveLength(2)
  })

  it('has the templates it is built from (the synthetic ones are committed)', () => {
    if (wording === 'synthetic') expect(templates).not.toBeNull()
  })

  describe.skipIf(!templates)(`built from ${file}`, () => {
    it('comes from the commit the expectations were made with', () => {
      expect(templates!.source.commit).toBe(expected.source.commit)
    })

    it("every judge message equals MCP-Bench's, exactly and apart from whitespace", () => {
      const mismatched: string[] = []
      let exact = 0
      for (const [i, c] of cases.entries()) {
        const want = expected.cases[i]!
        expect(c.id).toBe(want.id)
        want.samples.forEach((sample, index) => {
          const built = buildReleasedRubricPrompt(
            { trajectory: c.trajectory, task: c.task, tools: c.tools, maxRounds: JUDGE_CASES_MAX_ROUNDS },
            templates!,
            index,
          )
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
