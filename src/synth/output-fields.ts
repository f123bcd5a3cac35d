import { meaningfulWords } from './words.ts'

/** A field a tool's output holds, found in a sample of it: what another tool's input might take. */
export interface OutputField {
  /** Where it sits: `parks[].code`, `temperature_c`, or `(result)` for an output that is one bare value. */
  path: string
  /** The words that say what it is (`park code`). */
  words: string[]
  type: 'number' | 'string' | 'boolean'
}

const MAX_FIELDS = 200
const NUMBER = /^-?\d+(?:[.,]\d+)*(?:\.\d+)?\b/
// `Temperature: 20 °C`, `- **Park code**: yose`
const KEY_VALUE = /^\s*(?:[-*•]\s*)?\**([A-Za-z][A-Za-z0-9 _./()-]{0,40}?)\**\s*:\s*(\S.*)$/

/**
 * The fields of a sample output: the keys of a JSON document (at any depth,
 * arrays marked `[]`), the labels of `Label: value` lines in a text one, or
 * `(result)` for an output that is a single number or word.
 */
export function outputFields(text: string): OutputField[] {
  const trimmed = text.trim()
  const fields = new Map<string, OutputField>()
  const add = (path: string, type: OutputField['type']) => {
    if (fields.size < MAX_FIELDS && !fields.has(path)) fields.set(path, { path, words: meaningfulWords(path), type })
  }
  let json: unknown
  try {
    json = JSON.parse(trimmed)
  } catch {
    json = undefined
  }
  if (json !== undefined && typeof json === 'object' && json !== null) walk(json, '', add)
  else if (json !== undefined) add('(result)', leafType(json))
  else if (/^-?\d+(?:\.\d+)?$/.test(trimmed)) add('(result)', 'number')
  else {
    for (const line of trimmed.split('\n')) {
      const m = KEY_VALUE.exec(line)
      if (m) add(m[1]!.trim(), NUMBER.test(m[2]!.trim()) ? 'number' : 'string')
    }
  }
  return [...fields.values()]
}

function leafType(value: unknown): OutputField['type'] {
  return typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string'
}

function walk(value: unknown, path: string, add: (path: string, type: OutputField['type']) => void): void {
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 5)) walk(item, `${path}[]`, add)
    return
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key, add)
    return
  }
  if (path) add(path, typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value) ? 'number' : leafType(value))
}
