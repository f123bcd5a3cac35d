import { numericBounds, readSchema, typesOf, type SchemaNode } from './json-schema.ts'
import { clockTimes, dates, keywords, numbers, properNouns } from './words.ts'

/**
 * Fills a tool's arguments from one sentence, the way a keyword matcher
 * can: enum values the sentence names, its numbers in order for numeric
 * parameters, its dates and clock times for parameters named so, its
 * capitalised names in order for other text parameters (the sentence's
 * keywords for search-like ones), and schema defaults for the rest.
 * Optional parameters are sent only when the sentence supplies them.
 */
export function argumentsFromSentence(inputSchema: unknown, sentence: string): Record<string, unknown> {
  const pools = {
    numbers: numbers(sentence),
    names: properNouns(sentence),
    dates: dates(sentence),
    times: clockTimes(sentence),
    words: keywords(sentence),
    usedEnumValues: new Set<unknown>(),
  }
  const value = fill(readSchema(inputSchema), '', sentence, pools, true, 0)
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

interface Pools {
  numbers: number[]
  names: string[]
  dates: string[]
  times: string[]
  words: string[]
  /** Enum values already given to a parameter, so "from miles to kilometers" fills two fields with two units. */
  usedEnumValues: Set<unknown>
}

const SEARCH_LIKE = /query|keyword|search|topic|^q$|term|text|prompt/i

/** A value for one node, or undefined when the sentence gives nothing and the node is optional. */
function fill(node: SchemaNode, name: string, sentence: string, pools: Pools, required: boolean, depth: number): unknown {
  if (node.const !== undefined) return node.const
  if (node.enum?.length) {
    // The enum value the sentence mentions first, among those no other parameter took.
    const mentioned = node.enum
      .filter((v) => typeof v === 'string' && !pools.usedEnumValues.has(v))
      .map((v) => ({ v, at: sentence.search(new RegExp(`\\b${escape(v as string)}\\b`, 'i')) }))
      .filter((m) => m.at >= 0)
      .sort((a, b) => a.at - b.at)[0]
    if (mentioned) {
      pools.usedEnumValues.add(mentioned.v)
      return mentioned.v
    }
    return required ? node.default ?? node.enum[0] : undefined
  }
  const variant = (node.anyOf ?? node.oneOf)?.find((v) => !typesOf(v).includes('null'))
  if (variant) return fill({ ...node, anyOf: undefined, oneOf: undefined, ...variant }, name, sentence, pools, required, depth)
  const type = typesOf(node)[0]
  switch (type) {
    case 'object': {
      if (depth > 4) return required ? {} : undefined
      const needed = new Set(node.required ?? [])
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        const value = fill(child, key, sentence, pools, needed.has(key), depth + 1)
        if (value !== undefined) out[key] = value
      }
      return out
    }
    case 'array': {
      const item = node.items ?? {}
      const itemType = typesOf(item)[0]
      let values: unknown[] = []
      if (itemType === 'number' || itemType === 'integer') values = pools.numbers.splice(0)
      else if (itemType === 'string') values = pools.names.length ? pools.names.splice(0) : []
      if (!values.length) {
        if (!required) return undefined
        const one = fill(item, name, sentence, pools, true, depth + 1)
        values = one === undefined ? [] : [one]
      }
      const min = node.minItems ?? 0
      while (values.length < min && values.length) values.push(values[values.length - 1])
      return node.maxItems !== undefined ? values.slice(0, node.maxItems) : values
    }
    case 'integer':
    case 'number': {
      const { min, max } = numericBounds(node, type === 'integer')
      const index = pools.numbers.findIndex((n) => n >= min && n <= max && (type !== 'integer' || Number.isInteger(n)))
      if (index >= 0) return pools.numbers.splice(index, 1)[0]
      if (!required) return undefined
      if (typeof node.default === 'number') return node.default
      return Number.isFinite(min) ? min : Number.isFinite(max) ? Math.min(0, max) : 1
    }
    case 'boolean':
      return required ? (typeof node.default === 'boolean' ? node.default : false) : undefined
    case 'null':
      return null
    default: {
      let text: string | undefined
      if (/date/i.test(name)) text = pools.dates.shift()
      else if (/time/i.test(name) && !/zone/i.test(name)) text = pools.times.shift()
      if (text === undefined && SEARCH_LIKE.test(name) && pools.words.length) text = pools.words.join(' ')
      if (text === undefined) text = pools.names.shift()
      if (text === undefined) {
        if (!required) return undefined
        text = typeof node.default === 'string' ? node.default : pools.words.join(' ') || sentence
      }
      if (node.maxLength !== undefined) text = text.slice(0, node.maxLength)
      while (node.minLength !== undefined && text.length < node.minLength) text += ' '
      return text
    }
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
