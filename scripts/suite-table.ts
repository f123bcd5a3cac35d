/**
 * Prints the bundled suite's task counts per MCP-AgentBench category and per
 * MCP-Bench setting, as the Markdown table in the README.
 * Run: node --import tsx scripts/suite-table.ts
 */
import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { referenceLayers } from '../src/checks/dependencies.ts'
import { collectTasks } from '../src/task/collect.ts'
import { TaskSpecSchema } from '../src/task/spec.ts'
import { callShape } from '../src/scoring/task-scores.ts'

const dir = resolve('benchmarks')
const files = readdirSync(dir).filter((f) => f.endsWith('.test.ts')).sort()
const tasks = (await collectTasks(files, (f) => import(pathToFileURL(resolve(dir, f)).href))).map((t) => TaskSpecSchema.parse(t.spec))
const shapes = ['single', 'parallel', 'sequential'] as const
const settings = ['1 server', '2 servers', '3 servers'] as const
const count = (servers: number, shape: string) =>
  tasks.filter((t) => t.servers.length === servers && callShape(t.reference) === shape).length
console.log(`| setting | ${shapes.map((s) => `${s} call${s === 'single' ? '' : 's'}`).join(' | ')} | total |`)
console.log(`| --- | ${shapes.map(() => '---:').join(' | ')} | ---: |`)
settings.forEach((label, i) => {
  const row = shapes.map((s) => count(i + 1, s))
  console.log(`| ${label} | ${row.join(' | ')} | ${row.reduce((a, b) => a + b, 0)} |`)
})
const servers = new Set(tasks.flatMap((t) => t.servers))
console.log(`\n${tasks.length} tasks in ${files.length} files over ${servers.size} servers; ${tasks.filter((t) => t.distractors).length} with distraction servers.`)
