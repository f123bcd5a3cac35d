/**
 * The messy planner scripts (test/support/messy-planner-scripts.ts) as JSON, for scripts/mcp-bench-executor-conformance.py.
 *
 *     npx tsx scripts/mcp-bench-executor-cases.ts <out.json>
 */
import { writeFileSync } from 'node:fs'
import { parseArguments } from '../src/runtime/trajectory/recorder.ts'
import { executorCases, ODD_PARAMETERS } from '../test/support/messy-planner-scripts.ts'

const out = process.argv[2]
if (!out) throw new Error('usage: npx tsx scripts/mcp-bench-executor-cases.ts <out.json>')
const cases = await executorCases()
// What the recorder makes of the parameters that are no object, before any server sees them (the Python stand-in answers so).
const oddParameters = ODD_PARAMETERS.map((raw) => [JSON.stringify(raw), parseArguments(raw)])
writeFileSync(
  out,
  JSON.stringify({
    oddParameters,
    cases: cases.map((c) => ({
      id: c.id,
      tools: c.tools.map((t) => ({ name: t.name, server: t.server, tool: t.tool, description: t.description, inputSchema: t.inputSchema })),
      replies: c.replies,
    })),
  }),
)
console.log(`wrote ${cases.length} cases to ${out}`)
