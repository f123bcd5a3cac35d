import * as z from 'zod'
import { fixtureSlug } from './mcp-bench-fixtures.ts'
import type { TaskSpecInput } from '../contracts/task-spec.ts'

/**
 * MCP-Bench's released task files (`tasks/mcpbench_tasks_*_runner_format.json`),
 * turned into mcpTask files. Their tasks carry a concrete and a fuzzy
 * description, a dependency analysis in words and named distraction servers,
 * but no reference plan: run them with a model (and a judge), not with the
 * reference agent.
 */
const McpBenchTaskSchema = z.object({
  task_id: z.string().min(1),
  task_description: z.string().min(1),
  fuzzy_description: z.string().min(1),
  dependency_analysis: z.string().optional(),
  distraction_servers: z.array(z.string()).optional(),
})

const McpBenchTaskFileSchema = z.object({
  server_tasks: z.array(
    z.object({
      server_name: z.string().min(1),
      servers: z.array(z.string().min(1)).optional(),
      combination_type: z.string().optional(),
      tasks: z.array(McpBenchTaskSchema),
    }),
  ),
})
export type McpBenchTaskFile = z.infer<typeof McpBenchTaskFileSchema>

interface ImportedTask {
  id: string
  spec: TaskSpecInput
}

export interface ImportedFile {
  /** File name for the combination, e.g. `mcp-bench-google-maps+weather.test.ts`. */
  name: string
  tasks: ImportedTask[]
}

/**
 * A server name as a config key: the user's mapping if it names the server, else the name of this
 * project's fixture folder for it (`Math MCP` → `math`, `OKX Exchange` → `okx-exchange`), so the
 * generated tasks and the generated servers file agree.
 */
export function serverKey(name: string, overrides: Readonly<Record<string, string>> = {}): string {
  return overrides[name] ?? fixtureSlug(name)
}

/** Validates a parsed task file; the error names the path of a malformed entry. */
export function parseMcpBenchTaskFile(raw: unknown): McpBenchTaskFile {
  const parsed = McpBenchTaskFileSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`not an MCP-Bench task file: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
  }
  return parsed.data
}

/** The MCP-Bench server names of a task group, in order. */
function groupServers(group: McpBenchTaskFile['server_tasks'][number]): string[] {
  return (group.servers?.length ? group.servers : group.server_name.split('+')).map((n) => n.trim())
}

/** One file per server combination (groups of the same combination are joined). */
export function importMcpBenchTasks(raw: unknown, overrides: Readonly<Record<string, string>> = {}): ImportedFile[] {
  return toImportedFiles(parseMcpBenchTaskFile(raw), overrides)
}

/** The task files of a validated MCP-Bench task file. */
export function toImportedFiles(file: McpBenchTaskFile, overrides: Readonly<Record<string, string>> = {}): ImportedFile[] {
  return mergeFiles(file.server_tasks.map((group) => toFile(group, overrides)))
}

/** Joins files of the same name (the same server combination), keeping the order they came in. */
export function mergeFiles(files: ImportedFile[]): ImportedFile[] {
  const byName = new Map<string, ImportedFile>()
  for (const file of files) {
    const existing = byName.get(file.name)
    if (existing) existing.tasks.push(...file.tasks)
    else byName.set(file.name, { name: file.name, tasks: [...file.tasks] })
  }
  return [...byName.values()]
}

/** How many tasks use each MCP-Bench server, as one of their own servers and as a named distraction server. */
export interface ServerUsage {
  main: number
  distractor: number
}

/** Adds a task file's server usage to `usage` (keyed by MCP-Bench server name). */
export function countServerUsage(file: McpBenchTaskFile, usage: Map<string, ServerUsage>): Map<string, ServerUsage> {
  const entry = (name: string) => {
    let u = usage.get(name)
    if (!u) usage.set(name, (u = { main: 0, distractor: 0 }))
    return u
  }
  for (const group of file.server_tasks) {
    const servers = groupServers(group)
    for (const task of group.tasks) {
      for (const name of new Set(servers)) entry(name).main++
      for (const name of new Set(task.distraction_servers ?? [])) entry(name.trim()).distractor++
    }
  }
  return usage
}

function toFile(group: McpBenchTaskFile['server_tasks'][number], overrides: Readonly<Record<string, string>>): ImportedFile {
  const servers = groupServers(group).map((n) => serverKey(n, overrides))
  const setting = servers.length > 1 ? 'multi-server' : 'single-server'
  return {
    name: `mcp-bench-${servers.join('+')}.test.ts`,
    tasks: group.tasks.map((t) => ({
      id: `mcp-bench/${t.task_id}`,
      spec: {
        servers,
        category: setting,
        prompt: t.task_description,
        fuzzy: t.fuzzy_description,
        ...(t.dependency_analysis ? { reference: { dependencyAnalysis: t.dependency_analysis } } : {}),
        ...(t.distraction_servers?.length ? { distractors: t.distraction_servers.map((n) => serverKey(n.trim(), overrides)) } : {}),
        // MCP-Bench's tasks are long, multi-goal plans: this project's hard tier.
        tier: 'hard',
        tags: ['mcp-bench', group.combination_type ?? setting],
      },
    })),
  }
}

/** The TypeScript source of one generated task file. */
export function renderTaskFile(file: ImportedFile, source: string): string {
  const header = [
    `// Generated by \`mcp-bench import\` from ${source}. MCP-Bench tasks have no reference plan:`,
    '// run them with a model (MCP_BENCH_MODEL) and a judge (MCP_BENCH_JUDGE_MODEL).',
    "import { mcpTask } from 'vitest-mcp-bench'",
    '',
  ]
  const tasks = file.tasks.map((t) => `mcpTask(${JSON.stringify(t.id)}, ${JSON.stringify(t.spec, null, 2)})\n`)
  return `${header.join('\n')}\n${tasks.join('\n')}`
}
