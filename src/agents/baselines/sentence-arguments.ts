import { numericBounds, readSchema, typesOf, type SchemaNode } from './json-schema.ts'
import { clockTimes, dates, isNegated, keywords, labelledNumbers, properNouns, sameWord, type LabelledNumber } from './words.ts'

/**
 * Fills a tool's arguments from one sentence, the way a keyword matcher
 * can, with no model and no memory of other calls:
 * - a number goes to the numeric parameter whose name or description words
 *   stand next to it ("bilirubin 2.5", "70 kg"), the rest in order;
 * - a yes/no parameter is true when the sentence names it and does not
 *   negate it ("with diabetes", but "no heart failure");
 * - an enum takes the allowed values the sentence mentions, in order;
 * - a time-zone parameter takes the IANA zone named after a place in the
 *   sentence (Tokyo → Asia/Tokyo);
 * - dates and clock times go to parameters named so, names of places and
 *   things to the other text parameters in order, the sentence's keywords to
 *   search-like ones;
 * - anything else required gets the schema's default or a small legal value.
 * `earlier` holds the sentences before this one, nearest first: a sentence
 * without names borrows those of the nearest earlier sentence that has some.
 * Optional parameters are sent only when the sentence supplies them.
 */
export function argumentsFromSentence(inputSchema: unknown, sentence: string, earlier: readonly string[] = []): Record<string, unknown> {
  // A sentence that names nothing ("what is the weather there?") refers to the names of the nearest earlier one.
  const names = properNouns(sentence)
  const pools: Pools = {
    sentence,
    numbers: labelledNumbers(sentence),
    names: names.length ? names : earlier.map(properNouns).find((n) => n.length) ?? [],
    dates: dates(sentence),
    times: clockTimes(sentence),
    words: keywords(sentence),
    usedEnumValues: new Set(),
  }
  const value = fill(readSchema(inputSchema), '', pools, true, 0)
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

interface Pools {
  sentence: string
  /** Numbers not yet given to a parameter, with the words around them. */
  numbers: LabelledNumber[]
  names: string[]
  dates: string[]
  times: string[]
  words: string[]
  /** Enum values already given to a parameter, so "from miles to kilometres" fills two fields with two units. */
  usedEnumValues: Set<unknown>
}

const SEARCH_LIKE = /query|keyword|search|topic|^q$|term|text|prompt/i
const TIME_ZONE = /time_?zone|iana/i
/** JSON Schema bounds that only say "any safe integer": no hint of a sensible value. */
const UNBOUNDED = 2 ** 52

function fill(node: SchemaNode, name: string, pools: Pools, required: boolean, depth: number): unknown {
  if (node.const !== undefined) return node.const
  if (node.enum?.length) return fillEnum(node, pools, required)
  const variant = (node.anyOf ?? node.oneOf)?.find((v) => !typesOf(v).includes('null'))
  if (variant) return fill({ ...node, anyOf: undefined, oneOf: undefined, ...variant }, name, pools, required, depth)
  const type = typesOf(node)[0]
  const labels = labelWords(name, node)
  switch (type) {
    case 'object': {
      if (depth > 4) return required ? {} : undefined
      const needed = new Set(node.required ?? [])
      const out: Record<string, unknown> = {}
      // Labelled numbers first, so "weight 70 kg, height 175 cm" cannot go to the wrong field by order:
      // numbers labelled with a parameter's own name, then with words of its description.
      const entries = Object.entries(node.properties ?? {})
      for (const labelsOf of [(key: string) => keywords(key), (key: string, child: SchemaNode) => labelWords(key, child)]) {
        for (const [key, child] of entries) {
          if (key in out || !isNumeric(child)) continue
          const value = takeLabelledNumber(child, labelsOf(key, child), pools)
          if (value !== undefined) out[key] = value
        }
      }
      for (const [key, child] of entries) {
        if (key in out) continue
        const value = fill(child, key, pools, needed.has(key), depth + 1)
        if (value !== undefined) out[key] = value
      }
      return Object.fromEntries(entries.filter(([key]) => key in out).map(([key]) => [key, out[key]]))
    }
    case 'array': {
      const item = node.items ?? {}
      const itemType = typesOf(item)[0]
      let values: unknown[] = []
      if (itemType === 'number' || itemType === 'integer') values = pools.numbers.splice(0).map((n) => n.value)
      else if (itemType === 'string') values = pools.names.splice(0)
      if (!values.length) {
        if (!required) return undefined
        const one = fill(item, name, pools, true, depth + 1)
        values = one === undefined ? [] : [one]
      }
      const min = node.minItems ?? 0
      while (values.length < min && values.length) values.push(values[values.length - 1])
      return node.maxItems !== undefined ? values.slice(0, node.maxItems) : values
    }
    case 'integer':
    case 'number': {
      const { min, max } = numericBounds(node, type === 'integer')
      const fits = (n: number) => n >= min && n <= max && (type !== 'integer' || Number.isInteger(n))
      const labelled = takeLabelledNumber(node, labels, pools)
      if (labelled !== undefined) return labelled
      // Then the numbers no parameter claimed by label, in order.
      const index = pools.numbers.findIndex((n) => fits(n.value))
      if (index >= 0) return pools.numbers.splice(index, 1)[0]!.value
      if (!required) return undefined
      if (typeof node.default === 'number') return node.default
      return Math.min(max, Math.max(min > -UNBOUNDED ? min : 1, 1))
    }
    case 'boolean': {
      const mentioned = labels.find((w) => pools.words.some((s) => sameWord(s, w)))
      if (mentioned) return !isNegated(pools.sentence, mentioned)
      return required ? (typeof node.default === 'boolean' ? node.default : false) : undefined
    }
    case 'null':
      return null
    default:
      return fillString(node, name, pools, required)
  }
}

function fillString(node: SchemaNode, name: string, pools: Pools, required: boolean): string | undefined {
  let text: string | undefined
  if (TIME_ZONE.test(name) || TIME_ZONE.test(String(node.description ?? ''))) text = takeTimeZone(pools)
  else if (/date/i.test(name)) text = pools.dates.shift()
  else if (/time/i.test(name)) text = pools.times.shift()
  if (text === undefined && SEARCH_LIKE.test(name) && pools.words.length) text = pools.words.join(' ')
  if (text === undefined) text = pools.names.shift()
  if (text === undefined) {
    if (!required) return undefined
    text = typeof node.default === 'string' ? node.default : pools.words.join(' ') || pools.sentence
  }
  if (node.maxLength !== undefined) text = text.slice(0, node.maxLength)
  while (node.minLength !== undefined && text.length < node.minLength) text += ' '
  return text
}

function fillEnum(node: SchemaNode, pools: Pools, required: boolean): unknown {
  // The allowed value the sentence mentions first, among those no other parameter took.
  const mentioned = node.enum!
    .filter((v) => typeof v === 'string' && !pools.usedEnumValues.has(v))
    .map((v) => ({ v, at: mentionAt(pools.sentence, v as string) }))
    .filter((m) => m.at >= 0)
    // Earliest mention first; at the same place the longer value ("mile" over "mil").
    .sort((a, b) => a.at - b.at || String(b.v).length - String(a.v).length)[0]
  if (mentioned) {
    pools.usedEnumValues.add(mentioned.v)
    return mentioned.v
  }
  return required ? node.default ?? node.enum![0] : undefined
}

/** Where a value is mentioned, forgiving plurals and British spellings ("kilometres" for "kilometers"). */
function mentionAt(sentence: string, value: string): number {
  const american = sentence.replace(/\b(\w*(?:met|lit))re(s?)\b/gi, '$1er$2')
  const pattern = value.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`\\b${pattern}(?:s|es)?\\b`, 'i').exec(american)
  return match ? match.index : -1
}

function isNumeric(node: SchemaNode): boolean {
  const type = typesOf(node)[0]
  return !node.enum && (type === 'number' || type === 'integer')
}

/** The number standing nearest to one of the parameter's label words, if any. */
function takeLabelledNumber(node: SchemaNode, labels: string[], pools: Pools): number | undefined {
  const integer = typesOf(node)[0] === 'integer'
  const { min, max } = numericBounds(node, integer)
  let best: { index: number; rank: number } | undefined
  pools.numbers.forEach((n, index) => {
    if (n.value < min || n.value > max || (integer && !Number.isInteger(n.value))) return
    const rank = n.labels.findIndex((l) => labels.some((w) => sameWord(l, w)))
    if (rank >= 0 && (!best || rank < best.rank)) best = { index, rank }
  })
  return best ? pools.numbers.splice(best.index, 1)[0]!.value : undefined
}

/** Words that name a parameter: its own name, split, and its description's keywords. */
function labelWords(name: string, node: SchemaNode): string[] {
  return [...new Set([...keywords(name), ...keywords(String(node.description ?? ''))])]
}

/** The IANA zone named after a place the sentence mentions (the runtime's own zone list). */
function takeTimeZone(pools: Pools): string | undefined {
  const zones = Intl.supportedValuesOf('timeZone')
  for (let i = 0; i < pools.names.length; i++) {
    const place = pools.names[i]!.replace(/\s+/g, '_').toLowerCase()
    const zone = zones.find((z) => z.toLowerCase().endsWith(`/${place}`))
    if (zone) {
      pools.names.splice(i, 1)
      return zone
    }
  }
  return undefined
}

/**
 * How many of a tool's required parameters the sentence itself can fill
 * (a number for a number, a place for a time zone, a name for a text
 * parameter, a mentioned value for an enum), and how many it has.
 */
export function fillableFromSentence(inputSchema: unknown, sentence: string): { filled: number; required: number } {
  const node = readSchema(inputSchema)
  const required = node.required ?? []
  const numbers = labelledNumbers(sentence).length
  const names = properNouns(sentence)
  let filled = 0
  for (const key of required) {
    const child = node.properties?.[key]
    if (!child) continue
    const type = typesOf(child)[0]
    const zone = TIME_ZONE.test(key) || TIME_ZONE.test(String(child.description ?? ''))
    if (child.enum?.length) filled += child.enum.some((v) => typeof v === 'string' && mentionAt(sentence, v) >= 0) ? 1 : 0
    else if (type === 'number' || type === 'integer' || type === 'array') filled += numbers || names.length ? 1 : 0
    else if (type === 'boolean') filled += 1
    else if (zone) filled += names.some((n) => Intl.supportedValuesOf('timeZone').some((z) => z.toLowerCase().endsWith(`/${n.replace(/\s+/g, '_').toLowerCase()}`))) ? 1 : 0
    else if (/date/i.test(key)) filled += dates(sentence).length ? 1 : 0
    else if (/time/i.test(key)) filled += clockTimes(sentence).length ? 1 : 0
    else filled += names.length || SEARCH_LIKE.test(key) ? 1 : 0
  }
  return { filled, required: required.length }
}
