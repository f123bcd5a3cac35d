import { numericBounds, readSchema, typesOf, type SchemaNode } from '../../../src/json-schema/schema-node.ts'
import { nearestFirst, type PromptReading, type SentenceReading } from './prompt-values.ts'
import { americanSpelling, isNegated, keywords, sameWord, UNIT_WORDS, type LabelledNumber, type LocatedName } from './words.ts'

/**
 * Fills one call's arguments the way a keyword matcher can, with no model
 * and no memory of other calls' outputs. The call belongs to one sentence
 * of the prompt, whose values come first; values elsewhere in the prompt
 * come next, nearest sentence first:
 * - a number goes to the numeric parameter whose name or description words
 *   stand next to it ("bilirubin 2.5", "70 kg"), the rest in order (another
 *   sentence's numbers only to a required parameter);
 * - a yes/no parameter is true when the prompt names it and does not negate
 *   it ("with diabetes", but "no heart failure");
 * - an enum takes an allowed value the prompt mentions (plurals, British
 *   spellings and unit abbreviations after a number forgiven); a source or
 *   "from" parameter prefers the value written right after a number ("26.2
 *   miles"), a target or "to" parameter one that is not ("in kilometres");
 * - a time-zone parameter takes the IANA zone named after a place (Tokyo →
 *   Asia/Tokyo); dates, clock times and identifiers (paths, owner/name ids,
 *   arXiv ids) go to parameters named for them;
 * - a search box gets the quoted phrase, else the sentence's words that are
 *   not the tool's own;
 * - other text parameters take names of places and things, a name after
 *   "from" preferring a source parameter and one after "to" a destination;
 *   an optional one only when its sentence uses the parameter's own word;
 * - anything else required gets the schema's default or a small legal value.
 */
export function argumentsFor(
  inputSchema: unknown,
  reading: PromptReading,
  index: number,
  options: FillOptions = {},
): Record<string, unknown> {
  return fillCall(inputSchema, reading, index, options).args
}

export interface FillOptions {
  /** The tool's own keyword stems, kept out of search boxes (they chose the tool; they are not the topic). */
  toolWords?: ReadonlySet<string>
  /** The stems of the tool's server-qualified name: a name made of them ("Hugging Face", "PubMed") is the tool's subject, not a value. */
  subjectWords?: ReadonlySet<string>
  /** Values an earlier call of the same tool already took: a later sentence asks about something else. */
  exclude?: ReadonlySet<string | number>
}

/** Every string and number inside some arguments, for `FillOptions.exclude`. */
export function valuesIn(args: unknown, into = new Set<string | number>()): Set<string | number> {
  if (typeof args === 'string' || typeof args === 'number') into.add(args)
  else if (Array.isArray(args)) for (const item of args) valuesIn(item, into)
  else if (args && typeof args === 'object') for (const item of Object.values(args)) valuesIn(item, into)
  return into
}

/**
 * How many of a tool's required parameters the prompt has a value for
 * (rather than a default or a placeholder), and how many it has: a tool
 * the prompt cannot feed is a worse match.
 */
export function fillable(inputSchema: unknown, reading: PromptReading, index: number, options: FillOptions = {}): Fillable {
  const required = readSchema(inputSchema).required?.length ?? 0
  const { unfilled, guessed, specific, typed } = fillCall(inputSchema, reading, index, options)
  return {
    filled: Math.max(0, required - unfilled.size),
    required,
    guessed: guessed.size,
    specific: specific.size,
    typedUsed: typed.used,
    typedWritten: typed.written,
  }
}

export interface Fillable {
  filled: number
  required: number
  /** Parameters given a number by its order alone, no word beside it naming them. */
  guessed: number
  /**
   * Required parameters the call's own sentence fills with a value of just
   * the kind they ask for: an identifier, a bracketed expression, a date, a
   * clock time, a place with a time zone, an allowed value. A sentence that
   * carries such a value is evidence for the tool that takes it.
   */
  specific: number
  /** Names, identifiers, dates, clock times and bracketed spans of the own sentence the call takes, and how many it has. */
  typedUsed: number
  typedWritten: number
}

interface Located<T> {
  value: T
  sentence: number
}

interface Pools {
  reading: PromptReading
  /** The call's own sentence. */
  own: number
  order: number[]
  numbers: Array<Located<LabelledNumber>>
  names: Array<Located<LocatedName>>
  dates: Array<Located<string>>
  times: Array<Located<string>>
  ids: Array<Located<string>>
  brackets: Array<Located<{ text: string; at: number; end: number }>>
  usedEnumValues: Set<unknown>
  toolWords: ReadonlySet<string>
  subjectWords: ReadonlySet<string>
  /** Top-level required parameters that got a default or a placeholder. */
  unfilled: Set<string>
  /** Top-level parameters that got a number nothing labels for them, by order alone. */
  guessed: Set<string>
  /** Top-level required parameters filled from the own sentence with a value of their kind (see `Fillable.specific`). */
  specific: Set<string>
  /** How many of the own sentence's names, identifiers, dates, clock times and bracketed spans the call took. */
  typedUsed: number
  required: ReadonlySet<string>
}

function fillCall(
  inputSchema: unknown,
  reading: PromptReading,
  index: number,
  { toolWords = new Set(), subjectWords = new Set(), exclude = new Set() }: FillOptions,
) {
  const order = reading.sentences.length ? nearestFirst(reading.sentences.length, index) : []
  const gather = <T>(of: (s: SentenceReading) => T[], key: (value: T) => string | number | undefined) =>
    order.flatMap((i) =>
      of(reading.sentences[i]!)
        .filter((value) => !exclude.has(key(value)!))
        .map((value) => ({ value, sentence: i })),
    )
  const schema = readSchema(inputSchema)
  const pools: Pools = {
    reading,
    own: index,
    order,
    numbers: gather(
      (s) => s.numbers,
      (n) => n.value,
    ),
    names: gather(
      (s) => s.names,
      (n) => n.name,
    ).filter((n) => !exclude.has(zoneFor(n.value.name) ?? '')),
    dates: gather(
      (s) => s.dates,
      (d) => d,
    ),
    times: gather(
      (s) => s.times,
      (t) => t,
    ),
    ids: gather(
      (s) => s.ids,
      (id) => id,
    ),
    brackets: gather(
      (s) => s.brackets,
      (b) => b.text,
    ),
    usedEnumValues: new Set(),
    toolWords,
    subjectWords,
    unfilled: new Set(),
    guessed: new Set(),
    specific: new Set(),
    typedUsed: 0,
    required: new Set(schema.required ?? []),
  }
  const value = fill(schema, '', pools, true, 0, '')
  const args = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const own = reading.sentences[index]
  // A name made of the tool's own words ("Hugging Face" for a Hugging Face tool) is its topic, not a value for it.
  const values = own ? own.names.filter((n) => !isSubject(n.name, subjectWords)).length : 0
  const typed = own ? own.ids.length + own.dates.length + own.times.length + own.brackets.length + values : 0
  return {
    args,
    unfilled: pools.unfilled,
    guessed: pools.guessed,
    specific: pools.specific,
    typed: { used: Math.min(pools.typedUsed, typed), written: typed },
  }
}

/** A name made of the tool's own words ("Hugging Face" for a Hugging Face tool, "PubMed" for a PubMed search). */
function isSubject(name: string, subjectWords: ReadonlySet<string>): boolean {
  const words = keywords(name)
  return (
    (words.length > 0 && words.every((w) => subjectWords.has(w))) ||
    keywords(name.replace(/\s+/g, '').toLowerCase()).some((w) => subjectWords.has(w))
  )
}

/** Notes that a top-level required parameter took a value of its own kind from the call's own sentence. */
function specific(pools: Pools, topKey: string, sentence: number | undefined): void {
  if (sentence === pools.own && pools.required.has(topKey)) pools.specific.add(topKey)
}

const SEARCH_LIKE = /query|keyword|search|topic|^q$|term|text|prompt/i
const TIME_ZONE = /time_?zone|iana/i
const ID_LIKE = /(?:^|[_-])id$|[a-z]Id$|path|file|^ur[il]$|^doi$/
/** JSON Schema bounds that only say "any safe integer": no hint of a sensible value. */
const UNBOUNDED = 2 ** 52
/** Words that ask rather than name: left out of search boxes. */
const FILLER = new Set(
  (
    'find look looking search searching check know many much top best most least list anything something thing things ' +
    'also just really actually quick quickly exactly one ones info information detail details right now today tonight tomorrow ' +
    // What to report about the results is no part of what to search for.
    'hit hits result results match matches relevant id ids title titles year years date dates name names citation citations count'
  ).split(' '),
)

type Role = 'from' | 'to' | undefined

const SOURCE_WORDS = new Set(keywords('source origin start departure input'))
const TARGET_WORDS = new Set(keywords('target destination end arrival output'))

/** A parameter reads as a source ("from_unit", "origin", "start") or a target ("to_unit", "destination"). */
function roleOf(name: string, node: SchemaNode): Role {
  const words = [...keywords(name), ...keywords(String(node.description ?? ''))]
  if (/^from[_A-Z]/.test(name) || words.some((w) => SOURCE_WORDS.has(w))) return 'from'
  if (/^to[_A-Z]/.test(name) || words.some((w) => TARGET_WORDS.has(w))) return 'to'
  return undefined
}

/** A name's role from the word before it: "from Denver", "to Moab". */
function nameRole(name: LocatedName): Role {
  if (name.before === 'from') return 'from'
  if (['to', 'into', 'toward', 'towards'].includes(name.before)) return 'to'
  return undefined
}

function fill(node: SchemaNode, name: string, pools: Pools, required: boolean, depth: number, topKey: string): unknown {
  if (node.const !== undefined) return node.const
  if (node.enum?.length) return fillEnum(node.enum, name, node, pools, required, topKey)
  const variant = (node.anyOf ?? node.oneOf)?.find((v) => !typesOf(v).includes('null'))
  if (variant) return fill({ ...node, anyOf: undefined, oneOf: undefined, ...variant }, name, pools, required, depth, topKey)
  const type = typesOf(node)[0]
  const labels = labelWords(name, node)
  switch (type) {
    case 'object': {
      if (depth > 4) return required ? {} : undefined
      const needed = new Set(node.required ?? [])
      const out: Record<string, unknown> = {}
      const entries = Object.entries(node.properties ?? {})
      const keyOf = (key: string) => (depth === 0 ? key : topKey)
      // Labelled numbers first, so "weight 70 kg, height 175 cm" cannot go to the wrong field by order:
      // numbers labelled with a parameter's own name, then with words of its description or with the
      // allowed values of its siblings (the value to convert is the one written beside "Fahrenheit").
      const siblingValues = entries.flatMap(([, child]) =>
        (child.enum ?? []).filter((v): v is string => typeof v === 'string').flatMap((v) => keywords(v)),
      )
      for (const labelsOf of [
        (key: string) => keywords(key),
        (key: string, child: SchemaNode) => [...labelWords(key, child), ...siblingValues],
      ]) {
        for (const [key, child] of entries) {
          if (key in out || !isNumeric(child)) continue
          const taken = takeLabelledNumber(child, labelsOf(key, child), pools)
          if (!taken) continue
          out[key] = taken.value
          if (depth === 0) specific(pools, key, taken.sentence)
        }
      }
      // An optional search box comes last, and only when no other parameter took anything: then the search
      // is what the call is about; beside a park code it would only filter the park's alerts by chance words.
      const optionalSearch = ([key, child]: [string, SchemaNode]) =>
        !needed.has(key) && SEARCH_LIKE.test(key) && !child.enum && typesOf(child)[0] === 'string'
      for (const [key, child] of entries) {
        if (key in out || optionalSearch([key, child])) continue
        const value = fill(child, key, pools, needed.has(key), depth + 1, keyOf(key))
        if (value !== undefined) out[key] = value
      }
      const filledFromPrompt = Object.keys(out).some((key) => !needed.has(key) || !pools.unfilled.has(keyOf(key)))
      for (const [key, child] of entries.filter(optionalSearch)) {
        if (filledFromPrompt) break
        const value = fill(child, key, pools, false, depth + 1, keyOf(key))
        if (value !== undefined) out[key] = value
      }
      return Object.fromEntries(entries.filter(([key]) => key in out).map(([key]) => [key, out[key]]))
    }
    case 'array':
      return fillArray(node, name, pools, required, depth, topKey)
    case 'integer':
    case 'number': {
      const labelled = takeLabelledNumber(node, labels, pools)
      if (labelled) return labelled.value
      const integer = type === 'integer'
      const { min, max } = numericBounds(node, integer)
      // "no encephalopathy" is a grade of 0, as "no heart failure" is a no.
      if (min <= 0 && max >= 0 && negatedMention(keywords(name), pools) === true) return 0
      // Then numbers no parameter claimed by label: the sentence's own, and for a required parameter anyone's.
      const fits = (n: number) => n >= min && n <= max && (!integer || Number.isInteger(n))
      const taken = take(pools.numbers, (n) => !n.value.spelled && fits(n.value.value) && (required || n.sentence === pools.own))
      if (taken) {
        pools.guessed.add(topKey)
        return taken.value.value
      }
      if (!required) return undefined
      pools.unfilled.add(topKey)
      if (typeof node.default === 'number') return node.default
      return Math.min(max, Math.max(min > -UNBOUNDED ? min : 1, 1))
    }
    case 'boolean': {
      const negated = negatedMention(labels, pools)
      if (negated !== undefined) return !negated
      if (!required) return undefined
      // A yes/no the prompt does not mention is a fair "no": not counted as unfilled.
      return typeof node.default === 'boolean' ? node.default : false
    }
    case 'null':
      return null
    default:
      return fillString(node, name, pools, required, topKey)
  }
}

/** Whether the prompt negates the first of these words it mentions (own sentence first); undefined when it mentions none. */
function negatedMention(labels: readonly string[], pools: Pools): boolean | undefined {
  for (const i of pools.order) {
    const sentence = pools.reading.sentences[i]!
    const mentioned = labels.find((w) => sentence.words.some((s) => sameWord(s, w)))
    if (mentioned) return isNegated(sentence.text, mentioned)
  }
  return undefined
}

function fillArray(node: SchemaNode, name: string, pools: Pools, required: boolean, depth: number, topKey: string): unknown[] | undefined {
  const item = node.items ?? {}
  const itemType = typesOf(item)[0]
  // A list takes the values of one sentence: the call's own, else (when required) the nearest that has some.
  const sentenceWith = (has: (i: number) => boolean) => pools.order.find((i) => (i === pools.own || required) && has(i))
  let values: unknown[] = []
  if (!item.enum && (itemType === 'number' || itemType === 'integer')) {
    const from = sentenceWith((i) => pools.numbers.some((n) => n.sentence === i && !n.value.spelled))
    if (from !== undefined) values = takeAll(pools.numbers, (n) => n.sentence === from && !n.value.spelled).map((n) => n.value)
  } else if (!item.enum && itemType === 'string' && isIdLike(name, node)) {
    const kinds = wantedIdKinds(name, node) ?? wantedIdKinds(name, item)
    const fits = (id: Located<string>) => !kinds || kinds.includes(idKind(id.value))
    const from = sentenceWith((i) => pools.ids.some((id) => id.sentence === i && fits(id)))
    if (from !== undefined) values = takeAll(pools.ids, (id) => id.sentence === from && fits(id))
    if (values.length) specific(pools, topKey, from)
    if (from === pools.own) pools.typedUsed += values.length
  } else if (!item.enum && itemType === 'string') {
    const names = takeNamesForList(node, name, pools, required)
    values = names.map((n) => n.value.name)
    pools.typedUsed += names.filter((n) => n.sentence === pools.own).length
  }
  if (!values.length) {
    if (!required) return undefined
    const one = fill(item, name, pools, true, depth + 1, topKey)
    values = one === undefined ? [] : [one]
  }
  const min = node.minItems ?? 0
  while (values.length < min && values.length) values.push(values[values.length - 1])
  return node.maxItems !== undefined ? values.slice(0, node.maxItems) : values
}

/** Names for a list parameter: a source list ("origins") takes the name after "from", else the first; others take the rest. */
function takeNamesForList(node: SchemaNode, name: string, pools: Pools, required: boolean): Array<Located<LocatedName>> {
  const from = pools.order.find((i) => (i === pools.own || required) && pools.names.some((n) => n.sentence === i))
  if (from === undefined) return []
  const role = roleOf(name, node)
  const inSentence = (n: Located<LocatedName>) => n.sentence === from
  if (role === 'from') {
    const marked = takeAllItems(pools.names, (n) => inSentence(n) && nameRole(n.value) === 'from')
    if (marked.length) return marked
    const first = take(pools.names, inSentence)
    return first ? [first] : []
  }
  return takeAllItems(pools.names, inSentence)
}

/** The shapes of identifier a keyword reader tells apart. */
type IdKind = 'arxiv' | 'doi' | 'file' | 'slash' | 'plain'
function idKind(id: string): IdKind {
  if (/^\d{4}\.\d{4,5}(?:v\d+)?$/.test(id)) return 'arxiv'
  if (id.startsWith('10.')) return 'doi'
  if (/\.[a-z]{1,5}$/i.test(id) && !/\d$/.test(id)) return 'file'
  return id.includes('/') ? 'slash' : 'plain'
}

/**
 * The kinds of identifier a parameter takes, read off its name and its
 * example ("The arXiv ID of the paper (e.g., '1810.04805')", "model_id …
 * (e.g., 'google/bert-base-uncased')", "path"); undefined when nothing says.
 */
function wantedIdKinds(name: string, node: SchemaNode): IdKind[] | undefined {
  const description = String(node.description ?? '')
  const example = /e\.g\.,?\s*['"]([^'"]+)['"]/.exec(description)?.[1]
  if (example) return kindsLike(example)
  if (/arxiv/i.test(name) || /arxiv/i.test(description)) return ['arxiv']
  if (/doi/i.test(name)) return ['doi']
  if (/path|file/i.test(name)) return ['file', 'slash', 'plain']
  return undefined
}

/** An identifier of the kind the parameter takes (any, when nothing says which). */
function takeIdentifier(pools: Pools, name: string, node: SchemaNode): Located<string> | undefined {
  const kinds = wantedIdKinds(name, node)
  return take(pools.ids, (id) => !kinds || kinds.includes(idKind(id.value)))
}

/** Kinds a documented example stands for: a bare name ('squad') stands for owner/name ids ('openai/gsm8k') too. */
function kindsLike(example: string): IdKind[] {
  const kind = idKind(example)
  return kind === 'plain' ? ['plain', 'slash'] : kind === 'file' ? ['file', 'slash'] : [kind]
}

function isIdLike(name: string, node: SchemaNode): boolean {
  return ID_LIKE.test(name) || /\b(?:ID|path)\b/.test(String(node.description ?? ''))
}

/** A text parameter shown a bracketed example ("[x+y, x, 2*z]") or named for an expression takes a bracketed span. */
function isExpression(name: string, node: SchemaNode): boolean {
  return /\[[^\]]*\]/.test(String(node.description ?? '')) || /(?:^|_)(?:str|expr|expression|formula|equation)$/i.test(name)
}

/**
 * Allowed values listed in a text parameter's description rather than its
 * schema ('"lmp" (last menstrual period), "conception", or "ultrasound"'),
 * each with the gloss in brackets after it; examples ("e.g.", '"CA" for
 * California') are no list.
 */
function describedOptions(node: SchemaNode): Array<{ value: string; gloss?: string }> {
  const description = String(node.description ?? '')
  if (/e\.g\.|for example|such as/i.test(description)) return []
  const options = [...description.matchAll(/"([^"]{1,40})"(?:\s*\(([^)]{2,60})\))?(\s+for\b)?/g)]
  // '"CA" for California' shows how a code is made, not the only codes there are.
  if (options.some((m) => m[3])) return []
  return options.length >= 2 ? options.map((m) => ({ value: m[1]!, gloss: m[2] })) : []
}

function fillString(node: SchemaNode, name: string, pools: Pools, required: boolean, topKey: string): string | undefined {
  const options = describedOptions(node)
  if (options.length)
    return fillEnum(
      options.map((o) => o.value),
      name,
      node,
      pools,
      required,
      topKey,
      options,
    ) as string | undefined
  const description = String(node.description ?? '')
  const role = roleOf(name, node)
  let found: Located<string> | undefined
  if (TIME_ZONE.test(name) || TIME_ZONE.test(description)) found = takeTimeZone(pools, role)
  else if (/date/i.test(name)) found = take(pools.dates, () => true)
  else if (/time/i.test(name)) found = take(pools.times, () => true)
  else if (isExpression(name, node)) found = takeBracket(pools, required)
  else if (isIdLike(name, node)) found = takeIdentifier(pools, name, node)
  if (found) specific(pools, topKey, found.sentence)
  if (found && found.sentence === pools.own) pools.typedUsed++
  let text = found?.value
  // A date, a clock time or a zone is never a name; an identifier may be ("Apophis" for an asteroid id).
  const typed = TIME_ZONE.test(name) || TIME_ZONE.test(description) || /date|time/i.test(name) || isExpression(name, node)
  if (text === undefined && SEARCH_LIKE.test(name)) text = searchText(pools)
  // An optional one only when the sentence uses its word ("alerts at the park", and then the name may come from
  // before) or a name in the prompt carries one of the parameter's words.
  else if (
    text === undefined &&
    !typed &&
    (required || ownWordsName(name, pools) || pools.names.some((n) => fitsName(n, name, node, pools)))
  ) {
    const taken = takeName(pools, name, node, role, true)
    if (taken) {
      if (taken.sentence === pools.own) pools.typedUsed++
      if (namesParameter(taken.value, labelWords(name, node))) specific(pools, topKey, taken.sentence)
      const code = codeRule(name, node)
      text = code ? code(taken.value.name) : taken.value.name
    }
  }
  if (text === undefined) {
    if (!required) return undefined
    pools.unfilled.add(topKey)
    text = typeof node.default === 'string' ? node.default : pools.reading.sentences[pools.own]?.terms.join(' ') || name || 'x'
  }
  if (node.maxLength !== undefined) text = text.slice(0, node.maxLength)
  while (node.minLength !== undefined && text.length < node.minLength) text += ' '
  return text
}

/** A bracketed span, the call's own first; the numbers written inside it are used up with it. */
function takeBracket(pools: Pools, required: boolean): Located<string> | undefined {
  const taken = take(pools.brackets, (b) => required || b.sentence === pools.own)
  if (!taken) return undefined
  takeAll(pools.numbers, (n) => n.sentence === taken.sentence && n.value.at >= taken.value.at && n.value.at < taken.value.end)
  return { value: taken.value.text, sentence: taken.sentence }
}

/** Whether the call's sentence uses one of the parameter's own words ("state", "author"): then an optional text parameter is meant. */
function ownWordsName(name: string, pools: Pools): boolean {
  const words = pools.reading.sentences[pools.own]?.words ?? []
  return keywords(name).some((k) => words.some((w) => sameWord(w, k)))
}

/**
 * A name for a text parameter, the best-fitting first: a name that carries
 * one of the parameter's words or stands next to one ("the asteroid
 * Apophis" for an asteroid id, "Arches National Park" for a park code),
 * then one whose role fits ("from Denver" for an origin), then any without
 * the opposite role, then any; from the own sentence only unless `anywhere`.
 */
function takeName(pools: Pools, name: string, node: SchemaNode, role: Role, anywhere: boolean): Located<LocatedName> | undefined {
  // The tool's own subject ("PubMed" for a PubMed tool) names no value for it.
  const allowed = (n: Located<LocatedName>) => (anywhere || n.sentence === pools.own) && !isSubject(n.value.name, pools.subjectWords)
  const labels = labelWords(name, node)
  const opposite: Role = role === 'from' ? 'to' : role === 'to' ? 'from' : undefined
  return (
    take(pools.names, (n) => allowed(n) && namesParameter(n.value, labels) && (!opposite || nameRole(n.value) !== opposite)) ??
    (role ? take(pools.names, (n) => allowed(n) && nameRole(n.value) === role) : undefined) ??
    take(pools.names, (n) => allowed(n) && (!opposite || nameRole(n.value) !== opposite)) ??
    take(pools.names, allowed)
  )
}

function fitsName(n: Located<LocatedName>, name: string, node: SchemaNode, pools: Pools): boolean {
  return !isSubject(n.value.name, pools.subjectWords) && namesParameter(n.value, labelWords(name, node))
}

/** Whether a name carries one of the label words or stands next to one. */
function namesParameter(name: LocatedName, labels: readonly string[]): boolean {
  const words = [...keywords(name.name), ...keywords(name.before), ...keywords(name.after)]
  return words.some((w) => labels.includes(w))
}

/**
 * Codes a parameter's description shows by example ('"yose" for Yosemite,
 * "grca" for Grand Canyon', '"CA" for California, "NY" for New York'),
 * and the abbreviation rule they follow for each length of name: the first
 * letters of a one-word name, the first letters of each word, or initials.
 * Words of the name that are the parameter's own ("National Park" for a
 * park code) are left out first. Undefined when the examples follow no rule.
 */
function codeRule(name: string, node: SchemaNode): ((place: string) => string | undefined) | undefined {
  const examples = [
    ...String(node.description ?? '').matchAll(/["']([A-Za-z]{2,6})["']\s+for\s+([A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*)*)/g),
  ].map((m) => ({ code: m[1]!, words: m[2]!.split(/\s+/) }))
  if (!examples.length) return undefined
  const abbreviate = (words: string[], length: number): string[] => {
    const candidates = [words[0]!.slice(0, length)]
    if (words.length > 1 && length % words.length === 0) candidates.push(words.map((w) => w.slice(0, length / words.length)).join(''))
    if (words.length === length) candidates.push(words.map((w) => w[0]).join(''))
    return candidates
  }
  // For each word count seen, the candidate position that reproduces every example of that count.
  const rules = new Map<number, { index: number; length: number; upper: boolean }>()
  for (const { code, words } of examples) {
    const index = abbreviate(words, code.length).findIndex((c) => c.toLowerCase() === code.toLowerCase())
    if (index < 0) return undefined
    const known = rules.get(words.length)
    if (known && known.index !== index) return undefined
    rules.set(words.length, { index, length: code.length, upper: code === code.toUpperCase() })
  }
  // The parameter's own words, not those of its examples ("Yosemite" must still abbreviate).
  const shown = new Set(examples.flatMap((e) => e.words.flatMap((w) => keywords(w))))
  const own = labelWords(name, node).filter((w) => !shown.has(w))
  return (place) => {
    const words = place.split(/\s+/).filter((w) => !own.includes(keywords(w)[0] ?? ''))
    if (!words.length) return undefined
    // A name longer than every example is read by its first words, as the longest example would be.
    const count = rules.has(words.length) ? words.length : Math.max(...rules.keys())
    const rule = rules.get(count)!
    const used = words.slice(0, count)
    if (used.length < count) return undefined
    const code = abbreviate(used, rule.length)[rule.index]
    return code === undefined ? undefined : rule.upper ? code.toUpperCase() : code.toLowerCase()
  }
}

/** A search box's text: a quoted phrase of the sentence, else its words minus the tool's own and minus words that only ask. */
function searchText(pools: Pools): string | undefined {
  for (const i of pools.order) {
    const sentence = pools.reading.sentences[i]!
    const quoted = /["“]([^"”]{2,60})["”]/.exec(sentence.text)?.[1]
    if (quoted) return quoted.trim()
    const words = sentence.terms.filter((t) => !FILLER.has(t) && !keywords(t).every((k) => pools.toolWords.has(k)))
    if (words.length) return words.join(' ')
  }
  return undefined
}

/**
 * An allowed value the prompt mentions, own sentence first, each sentence in
 * the order written; a value's gloss counts as a mention of it. Only the own
 * sentence for an optional parameter.
 */
function fillEnum(
  values: readonly unknown[],
  name: string,
  node: SchemaNode,
  pools: Pools,
  required: boolean,
  topKey: string,
  glossed: Array<{ value: string; gloss?: string }> = [],
): unknown {
  const role = roleOf(name, node)
  const gloss = new Map(glossed.filter((o) => o.gloss).map((o) => [o.value, o.gloss!]))
  const mentions = pools.order
    .flatMap((i, rank) => {
      const text = withUnitWords(pools.reading.sentences[i]!.text)
      return values
        .filter((v): v is string => typeof v === 'string' && !pools.usedEnumValues.has(v))
        .map((v) => {
          const direct = mentionIn(text, v)
          const glossed = gloss.has(v) ? mentionIn(text, gloss.get(v)!) : direct
          return { v, rank, sentence: i, ...(direct.at >= 0 ? direct : glossed) }
        })
        .filter((m) => m.at >= 0)
    })
    .filter((m) => required || m.rank === 0)
    // Earliest mention first; at the same place the longer value ("mile" over "mil").
    .sort((a, b) => a.rank - b.rank || a.at - b.at || b.v.length - a.v.length)
  const fitting = role ? mentions.find((m) => m.afterNumber === (role === 'from')) : undefined
  const chosen = fitting ?? mentions[0]
  if (chosen) {
    pools.usedEnumValues.add(chosen.v)
    specific(pools, topKey, chosen.sentence)
    return chosen.v
  }
  if (!required) return undefined
  if (node.default === undefined) pools.unfilled.add(topKey)
  return node.default ?? values[0]
}

/** Unit abbreviations written after a number, spelled out: "10 km" → "10 kilometer", "350°F" → "350 fahrenheit". */
function withUnitWords(text: string): string {
  return americanSpelling(text)
    .replace(/(\d)\s*°\s*([CFK])\b/g, (_, d: string, u: string) => `${d} ${UNIT_WORDS[u.toLowerCase()]}`)
    .replace(/(\d)\s*([A-Za-z]{1,3})\b/g, (m, d: string, u: string) =>
      UNIT_WORDS[u.toLowerCase()] && !['in', 'c', 'f', 'k', 'g', 'l', 'm'].includes(u.toLowerCase())
        ? `${d} ${UNIT_WORDS[u.toLowerCase()]}`
        : m,
    )
}

/** Where a value is mentioned (plurals forgiven), and whether a number stands right before it. */
function mentionIn(text: string, value: string): { at: number; afterNumber: boolean } {
  const pattern = value.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`\\b${pattern}(?:s|es)?\\b`, 'i').exec(text)
  if (!match) return { at: -1, afterNumber: false }
  const before = text.slice(Math.max(0, match.index - 24), match.index)
  return { at: match.index, afterNumber: /\d\s*(?:[A-Za-z]+\s+)?$/.test(before) }
}

function isNumeric(node: SchemaNode): boolean {
  const type = typesOf(node)[0]
  return !node.enum && (type === 'number' || type === 'integer')
}

/** The number standing next to one of the parameter's label words: in the nearest sentence that has one, the best-labelled there. */
function takeLabelledNumber(node: SchemaNode, labels: string[], pools: Pools): Located<number> | undefined {
  const integer = typesOf(node)[0] === 'integer'
  const { min, max } = numericBounds(node, integer)
  for (const sentence of pools.order) {
    let best: { index: number; rank: number } | undefined
    pools.numbers.forEach((n, index) => {
      const { value } = n.value
      if (n.sentence !== sentence || value < min || value > max || (integer && !Number.isInteger(value))) return
      const rank = n.value.labels.findIndex((l) => labels.some((w) => sameWord(l, w)))
      if (rank >= 0 && (!best || rank < best.rank)) best = { index, rank }
    })
    if (best) return { value: pools.numbers.splice(best.index, 1)[0]!.value.value, sentence }
  }
  return undefined
}

/** Words that name a parameter: its own name, split, and its description's keywords. */
function labelWords(name: string, node: SchemaNode): string[] {
  return [...new Set([...keywords(name), ...keywords(spelledUnits(String(node.description ?? '')))])]
}

/** Unit abbreviations of two letters or more spelled out ("Weight in kg" → "Weight in kilogram"), as numbers' labels are. */
function spelledUnits(text: string): string {
  return text.replace(/\b[A-Za-z]{2,3}\b/g, (word) => (word.toLowerCase() !== 'in' && UNIT_WORDS[word.toLowerCase()]) || word)
}

/** The IANA zone named after a place the prompt mentions (the runtime's own zone list), a fitting role first. */
function takeTimeZone(pools: Pools, role: Role): Located<string> | undefined {
  const hasZone = (n: Located<LocatedName>) => zoneFor(n.value.name) !== undefined
  const opposite: Role = role === 'from' ? 'to' : role === 'to' ? 'from' : undefined
  const name =
    (role ? take(pools.names, (n) => hasZone(n) && nameRole(n.value) === role) : undefined) ??
    take(pools.names, (n) => hasZone(n) && (!opposite || nameRole(n.value) !== opposite)) ??
    take(pools.names, hasZone)
  return name && { value: zoneFor(name.value.name)!, sentence: name.sentence }
}

let zones: string[] | undefined
function zoneFor(place: string): string | undefined {
  zones ??= Intl.supportedValuesOf('timeZone')
  const key = `/${place.replace(/\s+/g, '_').toLowerCase()}`
  return zones.find((z) => z.toLowerCase().endsWith(key))
}

/** Removes and returns the first item that passes. */
function take<T>(pool: Array<Located<T>>, test: (item: Located<T>) => boolean): Located<T> | undefined {
  const index = pool.findIndex(test)
  return index >= 0 ? pool.splice(index, 1)[0] : undefined
}

/** Removes and returns the values of every item that passes. */
function takeAll<T>(pool: Array<Located<T>>, test: (item: Located<T>) => boolean): T[] {
  return takeAllItems(pool, test).map((item) => item.value)
}

/** Removes and returns every item that passes. */
function takeAllItems<T>(pool: Array<Located<T>>, test: (item: Located<T>) => boolean): Array<Located<T>> {
  const taken: Array<Located<T>> = []
  for (let i = 0; i < pool.length; ) {
    if (test(pool[i]!)) taken.push(pool.splice(i, 1)[0]!)
    else i++
  }
  return taken
}
