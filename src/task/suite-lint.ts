import { checkArguments } from '../checks/schema-validator.ts'
import { callShape, categoryOf } from '../scoring/task-scores.ts'
import type { CatalogEntry } from '../servers/catalog.ts'
import type { TaskSpec } from './spec.ts'

/**
 * The suite lint: checks a set of task specs without running an agent. The
 * bundled suite's own test runs it over `benchmarks/`, and `mcp-bench synth`
 * runs the same checks on every task it writes, so a generated file is held
 * to the rules of a hand-written one. Each check returns one line per problem,
 * naming the task (and call), so an empty list means the check passed.
 */
export interface LintedTask {
  id: string
  spec: TaskSpec
}

/** Tool names that would give the tool away if a fuzzy text used them. */
export function revealingToolNames(entries: readonly CatalogEntry[]): string[] {
  // Plain words ("sum", "search") may well occur in a request; names with
  // separators or capitals (`get_weather`, `findParks`) only occur when copied.
  const names = entries.flatMap((e) => [e.tool, e.name, `${e.server}.${e.tool}`])
  return [...new Set(names)].filter((n) => n.length > 3 && /[_A-Z.-]/.test(n))
}

/** The tool names a text gives away (see `revealingToolNames`). */
export function toolNamesIn(text: string, entries: readonly CatalogEntry[]): string[] {
  return revealingToolNames(entries).filter((name) => text.includes(name))
}

export function duplicateIds(tasks: readonly LintedTask[]): string[] {
  const ids = tasks.map((t) => t.id)
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]
}

/** Tasks missing a fuzzy rewrite, a reference plan, an answer or facts. */
export function incompleteTasks(tasks: readonly LintedTask[]): string[] {
  return tasks
    .filter((t) => !t.spec.fuzzy || !t.spec.reference?.calls.length || !t.spec.reference.answer || !t.spec.reference.facts.length)
    .map((t) => t.id)
}

export function fuzzyToolNameProblems(tasks: readonly LintedTask[], entries: readonly CatalogEntry[]): string[] {
  return tasks.flatMap((t) => toolNamesIn(t.spec.fuzzy ?? '', entries).map((n) => `${t.id}: ${n}`))
}

/** Reference calls naming a tool that does not exist, is not on the task's servers, or has arguments its schema rejects. */
export function referencePlanProblems(tasks: readonly LintedTask[], tools: ReadonlyMap<string, CatalogEntry>): string[] {
  return tasks.flatMap((t) => (t.spec.reference?.calls ?? []).flatMap((c) => {
    const entry = tools.get(c.tool)
    if (!entry) return [`${t.id}/${c.id}: unknown tool ${c.tool}`]
    if (!t.spec.servers.includes(entry.server)) return [`${t.id}/${c.id}: ${c.tool} is not on the task's servers`]
    const check = checkArguments(entry, c.args)
    return check.valid ? [] : [`${t.id}/${c.id}: ${check.errors.join('; ')}`]
  }))
}

/** The category a task must state: its setting and the shape of its plan. */
export function expectedCategory(spec: TaskSpec): string | null {
  return categoryOf(spec.servers, callShape(spec.reference))
}

export function categoryProblems(tasks: readonly LintedTask[]): string[] {
  return tasks
    .filter((t) => t.spec.category !== expectedCategory(t.spec))
    .map((t) => `${t.id}: ${t.spec.category} ≠ ${expectedCategory(t.spec)}`)
}

/** Every per-task check at once (the bundled suite adds coverage checks of its own). */
export function lintTasks(tasks: readonly LintedTask[], tools: ReadonlyMap<string, CatalogEntry>): string[] {
  return [
    ...duplicateIds(tasks).map((id) => `${id}: duplicate task id`),
    ...incompleteTasks(tasks).map((id) => `${id}: needs a fuzzy rewrite, a reference plan, an answer and facts`),
    ...fuzzyToolNameProblems(tasks, [...tools.values()]).map((p) => `${p} (tool name in the fuzzy text)`),
    ...referencePlanProblems(tasks, tools),
    ...categoryProblems(tasks),
  ]
}

/** Catalog entries by `server.tool`, as reference plans name them. */
export function toolsByRef(entries: readonly CatalogEntry[]): Map<string, CatalogEntry> {
  return new Map(entries.map((e) => [`${e.server}.${e.tool}`, e]))
}
