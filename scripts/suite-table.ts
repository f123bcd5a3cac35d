/**
 * Prints the suite tables of docs/guide/bundled-suite.md: the two tiers side by side (tasks,
 * calls and dependency layers of the reference plans, servers per task,
 * share of tasks with distraction servers), then the easy tier's tasks per
 * MCP-AgentBench call shape and MCP-Bench setting.
 * Run: node --import tsx scripts/suite-table.ts
 */
import { callShape } from '../src/scoring/task-scores.ts'
import { loadBundledTasks } from '../test/support/in-process-suite.ts'
import { tierSummary } from '../test/support/suite-stats.ts'

const tasks = await loadBundledTasks()
const tiers = ['easy', 'hard'] as const
const summaries = tiers.map((tier) => tierSummary(tasks.filter((t) => t.spec.tier === tier).map((t) => t.spec)))
const one = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))
const percent = (n: number) => `${Math.round(n * 100)}%`

console.log(
  '| tier | tasks | mean calls | median calls | calls (range) | mean layers | median layers | layers (range) | servers per task | with distraction servers |',
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
tiers.forEach((tier, i) => {
  const s = summaries[i]!
  console.log(
    `| ${tier} | ${s.tasks} | ${one(s.meanCalls)} | ${one(s.medianCalls)} | ${s.minCalls}–${s.maxCalls} | ${one(s.meanLayers)} | ${one(s.medianLayers)} | ${s.minLayers}–${s.maxLayers} | ${one(s.meanServers)} | ${percent(s.distractorShare)} |`,
  )
})

const easy = tasks.filter((t) => t.spec.tier === 'easy').map((t) => t.spec)
const shapes = ['single', 'parallel', 'sequential'] as const
const settings = ['1 server', '2 servers', '3 servers'] as const
const count = (servers: number, shape: string) =>
  easy.filter((t) => t.servers.length === servers && callShape(t.reference) === shape).length
console.log(`\nEasy tier by setting and call shape:\n`)
console.log(`| setting | ${shapes.map((s) => `${s} call${s === 'single' ? '' : 's'}`).join(' | ')} | total |`)
console.log(`| --- | ${shapes.map(() => '---:').join(' | ')} | ---: |`)
settings.forEach((label, i) => {
  const row = shapes.map((s) => count(i + 1, s))
  console.log(`| ${label} | ${row.join(' | ')} | ${row.reduce((a, b) => a + b, 0)} |`)
})
const files = new Set(tasks.map((t) => t.file))
const servers = new Set(tasks.flatMap((t) => t.spec.servers))
console.log(
  `\n${tasks.length} tasks in ${files.size} files over ${servers.size} servers; ${tasks.filter((t) => t.spec.distractors).length} with distraction servers.`,
)
