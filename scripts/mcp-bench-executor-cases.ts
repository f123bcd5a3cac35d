/**
 * The messy planner scripts (test/support/messy-planner-scripts.ts) as JSON, for scripts/mcp-bench-executor-conformance.py.
 *
 *     npx tsx scripts/mcp-bench-executor-cases.ts <out.json>
 */
import { writeFileSync } from 'node:fs'
import { executorCases } from '../test/support/messy-planner-scripts.ts'

const out = process.argv[2]
if (!out) throw new Error('usage: npx tsx scripts/mcp-bench-executor-cases.ts <out.json>')
const cases = await executorCases()
writeFileSync(out, JSON.stringify({ cases: cases.map((c) => ({ id: c.id, tools: c.tools.map((t) => ({ name: t.name, server: t.server, inputSchema: t.inputSchema })), replies: c.replies })) }))
console.log(`wrote ${cases.length} cases to ${out}`)
