import type { CatalogEntry } from '../contracts/catalog.ts'
import type { LinkKind } from '../contracts/synth-report.ts'
import type { OutputField } from './output-fields.ts'
import type { ToolSample } from './samples.ts'
import { takesNumber, toolParams, toolRef, type ToolParam } from './tool-params.ts'
import { isControlName, meaningfulWords, words } from './words.ts'

/**
 * Links between tools: evidence that an output of one can feed an input
 * parameter of another. MCP tools declare their inputs but rarely their
 * outputs, so the output side comes from a sample of the output when the
 * user allowed sample calls, and from what the description says the tool
 * returns. Each kind of evidence has a weight; a link keeps its strongest.
 */
export interface ToolProfile {
  /** `server.tool`. */
  ref: string
  server: string
  tool: string
  description: string
  params: ToolParam[]
  sample?: ToolSample
}

export interface ToolLink {
  from: string
  to: string
  /** The parameter of `to` that the output of `from` can fill. */
  param: string
  via: LinkKind
  /** The evidence in words, for the report and the model. */
  detail: string
  weight: number
}

/**
 * How much each kind of evidence counts: a sampled field named like the
 * parameter (`parks[].code` → `parkCode`) is near proof; a sampled field that
 * the parameter's description names (`temperature_c` → "Temperature value")
 * is good; the producer's description naming the parameter is a hint; a
 * number feeding a number parameter only says the types fit.
 */
const LINK_WEIGHTS: Record<LinkKind, number> = { 'output-field': 3, 'output-meaning': 2, description: 1.5, number: 0.5 }
/** Added to a number link when both tools are about the same thing. */
const TOPIC_BONUS = 0.5
// Verbs every converter or calculator shares; a shared "convert" says nothing about the subject.
const NUMERIC_VERB = /^(?:convert|calculate|compute|number|unit|between)$/

export function profileTools(entries: readonly CatalogEntry[], samples: ReadonlyMap<string, ToolSample> = new Map()): ToolProfile[] {
  return entries.map((e) => {
    const ref = toolRef(e)
    const sample = samples.get(ref)
    return { ref, server: e.server, tool: e.tool, description: e.description, params: toolParams(e), ...(sample ? { sample } : {}) }
  })
}

// Docstring-style descriptions list the inputs under "Args:"; those words say nothing about the output.
const ARGS_SECTION = /\n\s*(?:Args|Arguments|Parameters|Params)\s*:[\s\S]*?(?=\n\s*Returns?\s*:|$)/i
// Words in a description that promise a number back.
const NUMERIC_HINT =
  /\b(?:add|adds|sum|subtract|multipl|divi|mean|median|mode|minimum|maximum|round|floor|ceil|count|total|average|calculat|comput|convert|distance|elevation|temperature|price|score|rate|percent|ratio)\w*/i

/** What a description says about a tool's output: the description without its list of arguments. */
export function outputSideText(description: string): string {
  return description.replace(ARGS_SECTION, '\n')
}

function fits(param: ToolParam, field: OutputField): boolean {
  const wanted = param.type === 'array' ? (param.itemType ?? 'unknown') : param.type
  if (wanted === 'unknown') return true
  if (wanted === 'number' || wanted === 'integer') return field.type === 'number'
  if (wanted === 'string') return field.type !== 'boolean'
  return wanted === field.type
}

/**
 * A number parameter any number may fill (`value`, `numbers`, `firstNumber`):
 * one whose name says nothing of what it counts. `days` or `latitude` need
 * evidence of meaning, not just of type.
 */
function numberWithoutMeaning(param: ToolParam): boolean {
  return meaningfulWords(param.name).length === 0
}

function lastKey(path: string): string {
  return path.replace(/\[\]/g, '').split('.').at(-1) ?? path
}

function evidenceFromSample(
  from: ToolProfile,
  param: ToolParam,
  sample: ToolSample,
): Omit<ToolLink, 'from' | 'to' | 'param' | 'weight'> | undefined {
  const nameWords = meaningfulWords(param.name)
  const descriptionWords = new Set(meaningfulWords(param.description))
  const fields = sample.fields.filter((f) => fits(param, f))
  // The whole path may supply words (`parks[].code` is a park code), but the field itself must be one of them.
  const named = fields.find((f) =>
    nameWords.length > 0
      ? nameWords.every((w) => f.words.includes(w)) && words(lastKey(f.path)).some((w) => nameWords.includes(w))
      : lastKey(f.path).toLowerCase() === param.name.toLowerCase(),
  )
  if (named) return { via: 'output-field', detail: `${from.ref} returns "${named.path}"` }
  const meant = fields.find((f) => meaningfulWords(lastKey(f.path)).some((w) => descriptionWords.has(w)))
  if (meant) return { via: 'output-meaning', detail: `${from.ref} returns "${meant.path}", which the parameter's description names` }
  const number = takesNumber(param) && numberWithoutMeaning(param) ? fields.find((f) => f.type === 'number') : undefined
  if (number) return { via: 'number', detail: `${from.ref} returns the number "${number.path}"` }
  return undefined
}

function evidenceFromDescription(from: ToolProfile, param: ToolParam): Omit<ToolLink, 'from' | 'to' | 'param' | 'weight'> | undefined {
  const text = outputSideText(from.description)
  // A description that names the tool's own inputs ("weather for a city", "between units") says nothing about its output.
  const inputs = new Set(from.params.flatMap((p) => words(p.name)))
  const promised = new Set(words(`${from.tool} ${text}`).filter((w) => !inputs.has(w)))
  // Every word of the name counts here, so "place names" in a description does not promise a `placeId`.
  const nameWords = words(param.name)
  if (meaningfulWords(param.name).length > 0 && nameWords.every((w) => promised.has(w))) {
    return { via: 'description', detail: `${from.ref}'s description mentions "${nameWords.join(' ')}"` }
  }
  if (takesNumber(param) && numberWithoutMeaning(param) && NUMERIC_HINT.test(`${from.tool} ${text}`)) {
    return { via: 'number', detail: `${from.ref} computes a number` }
  }
  return undefined
}

/** What a tool is about: the meaningful words of its name and of what its description says it returns. */
function topicWords(tool: ToolProfile): Set<string> {
  return new Set(meaningfulWords(`${tool.tool} ${outputSideText(tool.description)}`))
}

/** The strongest link from one tool's output to any input parameter of another; undefined when nothing links them. */
export function linkBetween(from: ToolProfile, to: ToolProfile): ToolLink | undefined {
  if (from.ref === to.ref) return undefined
  let best: ToolLink | undefined
  for (const param of to.params.filter((p) => !isControlName(p.name))) {
    // A sample is the stronger witness; the description still speaks for outputs the sample happened not to show.
    const evidence = (from.sample && evidenceFromSample(from, param, from.sample)) || evidenceFromDescription(from, param)
    if (!evidence) continue
    let { detail } = evidence
    let weight = LINK_WEIGHTS[evidence.via]
    if (evidence.via === 'number') {
      // Any number fits a number; one on the same subject (a temperature into a temperature converter) fits better.
      const theirs = topicWords(to)
      const shared = [...topicWords(from)].find((w) => theirs.has(w) && !NUMERIC_VERB.test(w))
      if (shared) {
        weight += TOPIC_BONUS
        detail += `; both are about "${shared}"`
      }
    }
    if (!best || weight > best.weight) best = { from: from.ref, to: to.ref, param: param.name, ...evidence, detail, weight }
  }
  return best
}

/** Every link among the tools, in catalog order. */
export function findLinks(tools: readonly ToolProfile[]): ToolLink[] {
  return tools.flatMap((from) =>
    tools.flatMap((to) => {
      const link = linkBetween(from, to)
      return link ? [link] : []
    }),
  )
}
