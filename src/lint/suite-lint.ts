import { normalizeText, numbersIn } from '../scoring/facts.ts'
import { checkArguments } from '../json-schema/validator.ts'
import { callShape, categoryOf } from '../scoring/task-scores.ts'
import type { CatalogEntry } from '../contracts/catalog.ts'
import type { Fact, TaskSpec } from '../contracts/task-spec.ts'

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
  /** The task's checks callback, when the lint can see it (the bundled suite's collector passes it on). */
  checks?: (...args: never[]) => unknown
}

/** Tool names that would give the tool away if a fuzzy text used them. */
function revealingToolNames(entries: readonly CatalogEntry[]): string[] {
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
  return tasks.flatMap((t) =>
    (t.spec.reference?.calls ?? []).flatMap((c) => {
      const entry = tools.get(c.tool)
      if (!entry) return [`${t.id}/${c.id}: unknown tool ${c.tool}`]
      if (!t.spec.servers.includes(entry.server)) return [`${t.id}/${c.id}: ${c.tool} is not on the task's servers`]
      const check = checkArguments(entry, c.args)
      return check.valid ? [] : [`${t.id}/${c.id}: ${check.errors.join('; ')}`]
    }),
  )
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

/** The ways a fact may be written: its value and its other accepted spellings. */
function spellings(fact: Fact): Array<string | number> {
  if (typeof fact !== 'object') return [fact]
  return [...(fact.value === undefined ? [] : [fact.value]), ...(fact.anyOf ?? [])]
}

const NUMERIC = /^\s*[-−]?[$€£]?\s*(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?\s*%?\s*$/

function isNumber(value: string | number): boolean {
  return typeof value === 'number' || (NUMERIC.test(value) && /\d/.test(value))
}

/**
 * Whether a text states a value: a number when the text has the same number
 * exactly (a prompt's "2" does not state a slope of 1.99, though a lenient
 * matcher might accept one for the other), other values as whole words,
 * case-insensitively.
 */
export function states(text: string, value: string | number): boolean {
  const written = String(value)
  if (isNumber(value)) {
    const wanted = numbersIn(written)[0]!
    return numbersIn(text).some((n) => Math.abs(n - wanted) <= 1e-9 * Math.max(1, Math.abs(wanted)))
  }
  const phrase = normalizeText(written).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`, 'u').test(normalizeText(text))
}

/**
 * Matchers that read what the servers hold after the agent finished. A task
 * whose checks use one is carried by that end state: its facts may repeat the
 * prompt ("remember that Ada works on the parser"), since saying them back
 * proves nothing but the state check does. Read from the callback's source,
 * so a task cannot claim a state check it does not make.
 */
const STATE_CHECK = /\b(?:toHaveFile|toHaveServerState)\b|\.inspect\(/

export function hasStateCheck(task: LintedTask): boolean {
  return typeof task.checks === 'function' && STATE_CHECK.test(Function.prototype.toString.call(task.checks))
}

/** The text the agent is shown. */
function agentPrompt(spec: TaskSpec): string {
  return spec.useConcretePrompt || !spec.fuzzy ? spec.prompt : (spec.fuzzy ?? spec.prompt)
}

/**
 * Facts the agent's own prompt already states: an answer that echoes the
 * prompt meets them without a single tool call, so they test nothing. Allowed
 * when a state check carries the task, and for a choice fact with `forbid`
 * (the prompt names the candidates, and the fact is met only by picking one).
 */
export function factsInPromptProblems(tasks: readonly LintedTask[]): string[] {
  return tasks
    .filter((t) => !hasStateCheck(t))
    .flatMap((t) => {
      const prompt = agentPrompt(t.spec)
      return (t.spec.reference?.facts ?? [])
        .filter((f) => !(typeof f === 'object' && f.forbid))
        .flatMap((f) =>
          spellings(f)
            .filter((v) => states(prompt, v))
            .slice(0, 1),
        )
        .map(
          (v) =>
            `${t.id}: fact ${JSON.stringify(v)} is in the prompt the agent sees (ask for something the tools tell, or check the end state)`,
        )
    })
}

/**
 * Unit facts with a spelling that is not a number: a unit converts numbers,
 * so `{ value: 'about 7,000 feet', unit: 'm' }` can only be a mistake.
 */
export function unitProblems(tasks: readonly LintedTask[]): string[] {
  return tasks.flatMap((t) =>
    (t.spec.reference?.facts ?? []).flatMap((f) => {
      if (typeof f !== 'object' || !f.unit) return []
      const bad = spellings(f).filter((v) => !isNumber(v))
      return bad.length
        ? [`${t.id}: fact ${JSON.stringify(spellings(f)[0])} has a unit (${f.unit}) but ${JSON.stringify(bad[0])} is not a number`]
        : []
    }),
  )
}

/**
 * Choice facts the reference answer itself breaks: the reference answer is
 * what a careful answer looks like, so it must name the pick in one of the
 * accepted spellings and none of the rejected candidates.
 */
export function forbidProblems(tasks: readonly LintedTask[]): string[] {
  return tasks.flatMap((t) => {
    const answer = t.spec.reference?.answer ?? ''
    return (t.spec.reference?.facts ?? []).flatMap((f) => {
      if (typeof f !== 'object' || !f.forbid) return []
      const problems: string[] = []
      const clash = f.forbid.filter((v) => spellings(f).some((s) => normalizeText(String(s)) === normalizeText(String(v))))
      if (clash.length)
        problems.push(`${t.id}: fact ${JSON.stringify(spellings(f)[0])} forbids its own spelling ${JSON.stringify(clash[0])}`)
      const said = f.forbid.filter((v) => states(answer, v))
      if (said.length) problems.push(`${t.id}: the reference answer states the forbidden ${JSON.stringify(said[0])}`)
      if (!spellings(f).some((v) => states(answer, v)))
        problems.push(`${t.id}: the reference answer meets no spelling of ${JSON.stringify(spellings(f)[0])}`)
      return problems
    })
  })
}

/** Every per-task check at once (the bundled suite adds coverage checks of its own). */
export function lintTasks(tasks: readonly LintedTask[], tools: ReadonlyMap<string, CatalogEntry>): string[] {
  return [
    ...duplicateIds(tasks).map((id) => `${id}: duplicate task id`),
    ...incompleteTasks(tasks).map((id) => `${id}: needs a fuzzy rewrite, a reference plan, an answer and facts`),
    ...fuzzyToolNameProblems(tasks, [...tools.values()]).map((p) => `${p} (tool name in the fuzzy text)`),
    ...referencePlanProblems(tasks, tools),
    ...categoryProblems(tasks),
    ...factsInPromptProblems(tasks),
    ...forbidProblems(tasks),
    ...unitProblems(tasks),
  ]
}

/** Catalog entries by `server.tool`, as reference plans name them. */
export function toolsByRef(entries: readonly CatalogEntry[]): Map<string, CatalogEntry> {
  return new Map(entries.map((e) => [`${e.server}.${e.tool}`, e]))
}
