/**
 * All 104 of MCP-Bench's tasks, offline: `mcp-bench import --offline` of its three task files into a
 * fresh project, a run under `preset: 'mcp-bench'` with a stand-in model (the scripted model server
 * following each task's plan through the planner loop; no LLM), and a check of every tool call. Prints
 * the status table and the summary; exits 1 when a server or fixture failed (an error result the task
 * does not probe for, a planned call that could not be made, a server that did not start).
 *
 * Run: node --import tsx scripts/mcp-bench-offline.ts [--tasks id,id…] [--keep] [--markdown file] [--verbose]
 *
 * `--no-calls --lenient-judge`: the stand-in makes no tool call and answers at once, and a judge on the same
 * loopback server scores every dimension 10 of 10. No task may pass: a judged task needs a successful call to
 * one of its own servers. Exits 1 when one does.
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { renderStatusTable, renderSummary } from '../fixtures/mcp-bench-offline/report.ts'
import { runOffline, serverProblems } from '../fixtures/mcp-bench-offline/run.ts'

const { values } = parseArgs({
  options: {
    tasks: { type: 'string' },
    keep: { type: 'boolean' },
    markdown: { type: 'string' },
    verbose: { type: 'boolean' },
    'no-calls': { type: 'boolean' },
    'lenient-judge': { type: 'boolean' },
  },
})
const started = performance.now()
const run = await runOffline({
  taskIds: values.tasks
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean),
  keep: values.keep,
  onOutput: values.verbose ? (chunk) => process.stderr.write(chunk) : undefined,
  calls: values['no-calls'] ? 'none' : 'plan',
  judge: values['lenient-judge'] ? 'lenient' : undefined,
})
const seconds = (performance.now() - started) / 1000
const table = renderStatusTable(run.tasks)
const summary = renderSummary(run, seconds)
console.log(`${table}\n${summary}`)
if (values.markdown) writeFileSync(values.markdown, `${table}\n${summary}\n`)
if (values.keep) console.log(`project kept in ${run.dir}`)
if (values['no-calls']) {
  // Without calls every planned call is "not made": what matters is that nothing passed.
  const passed = run.tasks.filter((t) => t.status === 'passed')
  console.log(
    `No tool calls${values['lenient-judge'] ? ', a judge that gives 10 of 10' : ''}: ${passed.length} of ${run.tasks.length} tasks passed${passed.length ? `: ${passed.map((t) => t.id).join(', ')}` : ''}.`,
  )
  process.exitCode = passed.length ? 1 : 0
} else {
  process.exitCode = run.tasks.some((t) => serverProblems(t).length > 0) ? 1 : 0
}
