import { numericBounds, readSchema, typesOf, type SchemaNode } from '../../../json-schema/schema-node.ts'

const MAX_DEPTH = 6
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/**
 * Arguments for a tool, valid against its input schema, drawn at random from
 * the schema alone: enum members, numbers within the bounds, arrays within
 * the item counts, required properties always and optional ones half the
 * time, strings of random letters (or the schema's default, half the time).
 */
export function randomArguments(inputSchema: unknown, rng: () => number): Record<string, unknown> {
  const value = randomValue(readSchema(inputSchema), rng, 0)
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** A value valid against one schema node. */
export function randomValue(node: SchemaNode, rng: () => number, depth = 0): unknown {
  if (node.const !== undefined) return node.const
  if (node.enum?.length) return pick(node.enum, rng)
  const variants = node.anyOf ?? node.oneOf
  if (variants?.length) return randomValue({ ...node, anyOf: undefined, oneOf: undefined, ...pick(variants, rng) }, rng, depth)
  const type = pick(typesOf(node), rng)
  switch (type) {
    case 'object':
      return randomObject(node, rng, depth)
    case 'array':
      return randomArray(node, rng, depth)
    case 'integer':
      return randomNumber(node, rng, true)
    case 'number':
      return randomNumber(node, rng, false)
    case 'boolean':
      return rng() < 0.5
    case 'null':
      return null
    default:
      return randomString(node, rng)
  }
}

function randomObject(node: SchemaNode, rng: () => number, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const required = new Set(node.required ?? [])
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    // Required properties always; optional ones half the time, unless nesting runs deep.
    if (!required.has(key) && (depth >= MAX_DEPTH || rng() < 0.5)) continue
    out[key] = randomValue(child, rng, depth + 1)
  }
  return out
}

function randomArray(node: SchemaNode, rng: () => number, depth: number): unknown[] {
  const min = Math.max(0, Math.ceil(node.minItems ?? 0))
  const max = Math.max(min, Math.min(node.maxItems ?? min + 3, min + 3))
  const length = depth >= MAX_DEPTH ? min : min + Math.floor(rng() * (max - min + 1))
  return Array.from({ length }, () => randomValue(node.items ?? {}, rng, depth + 1))
}

function randomNumber(node: SchemaNode, rng: () => number, integer: boolean): number {
  const { min, max } = numericBounds(node, integer)
  // Unbounded sides get a modest range: huge random numbers are never what a tool expects.
  const low = Number.isFinite(min) ? min : Number.isFinite(max) ? Math.min(0, max) - 100 : -10
  const high = Number.isFinite(max) ? max : low + 110
  const value = low + rng() * (high - low)
  return integer ? Math.min(max, Math.max(min, Math.round(value))) : Math.min(max, Math.max(min, Math.round(value * 100) / 100))
}

function randomString(node: SchemaNode, rng: () => number): string {
  const min = node.minLength ?? 0
  const max = node.maxLength ?? Infinity
  let text: string
  if (node.format === 'date') text = `2025-06-${String(1 + Math.floor(rng() * 28)).padStart(2, '0')}`
  else if (node.format === 'date-time') text = `2025-06-${String(1 + Math.floor(rng() * 28)).padStart(2, '0')}T12:00:00Z`
  else if (node.format === 'uri' || node.format === 'url') text = `https://example.com/${randomWord(rng)}`
  else if (node.format === 'email') text = `${randomWord(rng)}@example.com`
  else if (typeof node.default === 'string' && rng() < 0.5) text = node.default
  else text = randomWord(rng)
  while (text.length < min) text += LETTERS[Math.floor(rng() * LETTERS.length)]
  return text.length > max ? text.slice(0, max) : text
}

function randomWord(rng: () => number): string {
  const length = 3 + Math.floor(rng() * 6)
  return Array.from({ length }, () => LETTERS[Math.floor(rng() * LETTERS.length)]).join('')
}

export function pick<T>(items: readonly T[], rng: () => number): T {
  return items[Math.floor(rng() * items.length)]!
}
