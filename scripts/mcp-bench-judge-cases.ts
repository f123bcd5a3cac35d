/**
 * The messy judge cases (test/support/messy-judge-cases.ts) as JSON, for scripts/mcp-bench-judge-conformance.py:
 * each case's trajectory and catalog, and for each judge sample the shuffles this project's released-code judge
 * draws, so that MCP-Bench's builder can be run with the same order.
 *
 *     npx tsx scripts/mcp-bench-judge-cases.ts <mcp-bench-templates.json> <out.json>
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { McpBenchTemplatesSchema } from '../src/contracts/mcp-bench-templates.ts'
import { buildReleasedRubricPrompt } from '../src/runtime/judge/released-prompt.ts'
import { judgeCases, JUDGE_CASES_MAX_ROUNDS } from '../test/support/messy-judge-cases.ts'

const JUDGE_SAMPLES = 2

const [templatesFile, out] = process.argv.slice(2)
if (!templatesFile || !out) throw new Error('usage: npx tsx scripts/mcp-bench-judge-cases.ts <mcp-bench-templates.json> <out.json>')
const templates = McpBenchTemplatesSchema.parse(JSON.parse(readFileSync(templatesFile, 'utf8')))
const cases = (await judgeCases()).map((c) => ({
  ...c,
  maxRounds: JUDGE_CASES_MAX_ROUNDS,
  samples: Array.from({ length: JUDGE_SAMPLES }, (_, i) => {
    const built = buildReleasedRubricPrompt(
      { trajectory: c.trajectory, task: c.task, tools: c.tools, maxRounds: JUDGE_CASES_MAX_ROUNDS },
      templates,
      i,
    )
    return { permutations: built.released.permutations, system: built.messages[0]!.content, user: built.messages[1]!.content }
  }),
}))
writeFileSync(out, JSON.stringify({ cases }))
console.log(`wrote ${cases.length} cases to ${out}`)
