import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { ToolLintRule, ToolLintWarning } from '../contracts/tool-lint.ts'
import { splitWords } from '../lib/words.ts'

/**
 * The lint of tool definitions (`mcp-bench lint-tools`): what in a server's tool list predicts that a model will
 * pick the wrong tool or fill its arguments wrongly. Each rule names the tool (and parameter) and says why.
 * - Near-duplicate names and descriptions: a model choosing by name or description has nothing to tell the two
 *   apart, and calls one in place of the other (what the per-tool diagnostics count as "confused").
 * - Vague descriptions: the model has only the name to go by.
 * - Undescribed parameters, strings that should be enums, untyped parameters: the model guesses the value.
 * - Large unions, deep nesting, `$ref`: schemas that tool-calling APIs reject or flatten, and that models
 *   (and an LLM judge reading the schema) fill badly.
 * Pure: tools in, warnings out.
 */

export interface LintedServer {
  server: string
  tools: readonly Pick<Tool, 'name' | 'description' | 'inputSchema'>[]
}

export interface ToolLintOptions {
  /** Compare names and descriptions across servers too, as a task's catalog with distractors puts them side by side. */
  acrossServers?: boolean
}

/**
 * Weighted word overlap at or above which two names, or two descriptions, count as near-duplicates. Each word
 * weighs by how rare it is among the tools compared (log((n + 1) / (k + 1)) for a word in k of n, plus 0.05 so
 * that a word all share still counts a little): words every tool of a server shares ("get", "convert", the
 * server's subject) tell no two of them apart, so they make no two alike either. At 0.4 the bundled suite's 17
 * servers have 61 pairs flagged of 1,470 (170 with plain word overlap at 0.5); docs/guide/server-authors.md has
 * how they line up with measured confusion.
 */
const NAME_OVERLAP = 0.4
const DESCRIPTION_OVERLAP = 0.4
/** A description shorter than this says too little to choose by (a name and a verb, at most). */
const MIN_DESCRIPTION_CHARS = 25
/** Union members beyond which a union counts as large; nesting levels beyond which a schema counts as deep. */
const MAX_UNION = 4
const MAX_DEPTH = 3

/** Words too common in descriptions to tell tools apart. */
const COMMON = new Set([
  'the',
  'and',
  'for',
  'with',
  'that',
  'this',
  'from',
  'are',
  'was',
  'you',
  'your',
  'its',
  'into',
  'can',
  'will',
  'use',
  'when',
  'only',
  'all',
  'any',
  'not',
  'one',
  'has',
  'have',
  'also',
  'returns',
  'return',
  'given',
  'tool',
  'allowed',
  'within',
  'works',
  'optional',
  'specified',
  'provided',
])

/** A plural's "s" dropped, so `asteroid` and `asteroids` are one word. */
const singular = (w: string) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)

/** A description's content words: three letters or more, common ones left out, singular. */
function contentWords(text: string): Set<string> {
  return new Set(
    splitWords(text)
      .filter((w) => w.length >= 3 && !COMMON.has(w) && !/^\d+$/.test(w))
      .map(singular),
  )
}

/** A name's words, singular. */
const nameWords = (name: string) => new Set(splitWords(name).map(singular))

/** Each word's weight among these word sets: how rare it is (see NAME_OVERLAP). */
function rarity(sets: ReadonlyArray<ReadonlySet<string>>): (word: string) => number {
  const counts = new Map<string, number>()
  for (const set of sets) for (const w of set) counts.set(w, (counts.get(w) ?? 0) + 1)
  return (word) => Math.log((sets.length + 1) / ((counts.get(word) ?? 0) + 1)) + 0.05
}

/** The weight of the words two sets share, over the weight of all their words. */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>, weight: (word: string) => number): number {
  let shared = 0
  let all = 0
  for (const w of new Set([...a, ...b])) {
    const x = weight(w)
    all += x
    if (a.has(w) && b.has(w)) shared += x
  }
  return all === 0 ? 0 : shared / all
}

const pct = (x: number) => `${Math.round(x * 100)}%`

type Schema = Record<string, unknown>
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Values a description lists for a string ("one of", "either … or", quoted alternatives, `a|b|c`). */
const LISTS_VALUES = [
  /\bone of\b/i,
  /\beither\b[^.]{1,60}\bor\b/i,
  /(['"`])[\w.-]+\1\s*(?:,|\bor\b|\|)\s*(['"`])[\w.-]+\2/,
  /\(\s*[\w.-]+(?:\s*\|\s*[\w.-]+)+\s*\)/,
  /\b[a-z]+\|[a-z]+(?:\|[a-z]+)*\b/,
]

/** Examples ("e.g. 'aspirin', 'imatinib'") show a free value's shape; they do not close the list. */
const EXAMPLES = /\b(?:e\.\s?g\.|eg\.|for example|for instance|such as)/i

/** The description lists the values the string takes, and does not merely give examples of it. */
function listsValues(description: string): boolean {
  if (!description || !LISTS_VALUES.some((re) => re.test(description))) return false
  return !EXAMPLES.test(description) || /\bone of\b/i.test(description)
}

/** Every parameter's warnings, walking the schema's properties and items (`edits[].oldText`). */
function parameterWarnings(schema: Schema, warn: (rule: ToolLintRule, message: string, parameter?: string) => void): void {
  const walk = (node: Schema, path: string, depth: number, isProperty: boolean) => {
    if (typeof node.$ref === 'string')
      warn(
        'schema-ref',
        `${path || 'the input schema'} uses $ref ${node.$ref}: some tool-calling APIs and judges do not resolve it`,
        path || undefined,
      )
    const union = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...(Array.isArray(node.oneOf) ? node.oneOf : [])]
    const types = Array.isArray(node.type) ? node.type : []
    if (union.length > MAX_UNION || types.length > MAX_UNION) {
      warn(
        'large-union',
        `${path || 'the input schema'} is a union of ${Math.max(union.length, types.length)} members (more than ${MAX_UNION}): models pick a member at random`,
        path || undefined,
      )
    }
    if (depth > MAX_DEPTH) {
      warn(
        'deep-nesting',
        `${path} is nested ${depth} levels deep (more than ${MAX_DEPTH}): models leave out or misplace fields that deep`,
        path,
      )
      return
    }
    if (isProperty) {
      const typed =
        node.type !== undefined ||
        node.enum !== undefined ||
        node.const !== undefined ||
        union.length > 0 ||
        node.$ref !== undefined ||
        Array.isArray(node.allOf)
      if (!typed) warn('untyped-parameter', `${path} has no type: the model guesses one`, path)
      const description = typeof node.description === 'string' ? node.description.trim() : ''
      if (!description && !node.enum && node.const === undefined) warn('undescribed-parameter', `${path} has no description`, path)
      if (node.type === 'string' && !node.enum && listsValues(description)) {
        warn(
          'string-should-be-enum',
          `${path} is a free string whose description lists its values ("${description.slice(0, 80)}"): an enum would hold the model to them`,
          path,
        )
      }
    }
    const properties = isSchema(node.properties) ? node.properties : {}
    for (const [name, child] of Object.entries(properties))
      if (isSchema(child)) walk(child, path ? `${path}.${name}` : name, depth + 1, true)
    if (isSchema(node.items)) walk(node.items, `${path}[]`, depth + 1, false)
    for (const member of union) if (isSchema(member)) walk(member, path, depth, false)
  }
  walk(schema, '', 0, false)
}

function pairWarnings(tools: ReadonlyArray<{ server: string; tool: Pick<Tool, 'name' | 'description'> }>, out: ToolLintWarning[]): void {
  const words = tools.map((t) => ({ ...t, name: nameWords(t.tool.name), description: contentWords(t.tool.description ?? '') }))
  const nameWeight = rarity(words.map((w) => w.name))
  const descriptionWeight = rarity(words.map((w) => w.description))
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const [a, b] = [words[i]!, words[j]!]
      const related = `${b.server}.${b.tool.name}`
      const names = overlap(a.name, b.name, nameWeight)
      if (names >= NAME_OVERLAP) {
        out.push({
          server: a.server,
          tool: a.tool.name,
          rule: 'near-duplicate-name',
          related,
          message: `its name and ${related}'s overlap ${pct(names)} (words weighted by rarity)`,
        })
      }
      const descriptions = overlap(a.description, b.description, descriptionWeight)
      if (descriptions >= DESCRIPTION_OVERLAP) {
        out.push({
          server: a.server,
          tool: a.tool.name,
          rule: 'near-duplicate-description',
          related,
          message: `its description and ${related}'s overlap ${pct(descriptions)} (words weighted by rarity)`,
        })
      }
    }
  }
}

/** Every warning for the servers' tools, by server, then tool, then rule (the order a reader goes through them). */
export function lintTools(servers: readonly LintedServer[], options: ToolLintOptions = {}): ToolLintWarning[] {
  const out: ToolLintWarning[] = []
  for (const { server, tools } of servers) {
    for (const tool of tools) {
      const warn = (rule: ToolLintRule, message: string, parameter?: string) =>
        out.push({ server, tool: tool.name, rule, message, ...(parameter ? { parameter } : {}) })
      const description = tool.description?.trim() ?? ''
      if (description.length < MIN_DESCRIPTION_CHARS) {
        warn(
          'vague-description',
          description
            ? `its description ("${description}") is under ${MIN_DESCRIPTION_CHARS} characters: the model has little but the name to choose by`
            : 'it has no description: the model has only the name to choose by',
        )
      }
      parameterWarnings(tool.inputSchema as Schema, warn)
    }
    if (!options.acrossServers)
      pairWarnings(
        tools.map((tool) => ({ server, tool })),
        out,
      )
  }
  if (options.acrossServers)
    pairWarnings(
      servers.flatMap(({ server, tools }) => tools.map((tool) => ({ server, tool }))),
      out,
    )
  const order = (w: ToolLintWarning) => `${w.server}\u0000${w.tool}`
  return out.sort((x, y) => (order(x) < order(y) ? -1 : order(x) > order(y) ? 1 : 0))
}
