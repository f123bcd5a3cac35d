import { numericBounds, readSchema, typesOf, type SchemaNode } from '../../../json-schema/schema-node.ts'

const MAX_DEPTH = 6

// The shortest strings that pass the common formats: an empty string would be rejected before the tool runs.
const FORMAT_MINIMUMS: Record<string, string> = {
  date: '1970-01-01',
  'date-time': '1970-01-01T00:00:00Z',
  time: '00:00:00',
  uri: 'https://example.com',
  url: 'https://example.com',
  email: 'a@example.com',
}

/**
 * Arguments for a tool read off its input schema alone, never off the
 * prompt: every property with a `default` takes it, and every other required
 * property takes the least value its schema allows (its `const`, its enum's
 * first member, its first `anyOf`/`oneOf` variant, the lower bound or 0,
 * false, the shortest string, the fewest array items, an object of its own
 * required properties). Optional properties without a default are left out.
 */
export function schemaDefaultArguments(inputSchema: unknown): Record<string, unknown> {
  const value = defaultValue(readSchema(inputSchema), 0)
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** The schema's own default, else the least value it allows. */
function defaultValue(node: SchemaNode, depth: number): unknown {
  if (node.default !== undefined) return node.default
  if (node.const !== undefined) return node.const
  if (node.enum?.length) return node.enum[0]
  const variant = (node.anyOf ?? node.oneOf)?.[0]
  if (variant) return defaultValue({ ...node, anyOf: undefined, oneOf: undefined, ...variant }, depth)
  switch (typesOf(node)[0]) {
    case 'object':
      return defaultObject(node, depth)
    case 'array':
      return Array.from({ length: Math.max(0, Math.ceil(node.minItems ?? 0)) }, () => defaultValue(node.items ?? {}, depth + 1))
    case 'integer':
      return least(numericBounds(node, true))
    case 'number':
      return least(numericBounds(node, false))
    case 'boolean':
      return false
    case 'null':
      return null
    default:
      return (node.format && FORMAT_MINIMUMS[node.format]) || 'a'.repeat(Math.max(0, node.minLength ?? 0))
  }
}

function defaultObject(node: SchemaNode, depth: number): Record<string, unknown> {
  const required = new Set(node.required ?? [])
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    // Past the depth limit only what must be there: a recursive schema would otherwise never end.
    if (required.has(key) || (child.default !== undefined && depth < MAX_DEPTH)) out[key] = defaultValue(child, depth + 1)
  }
  return out
}

/** 0 when the bounds allow it, else the bound nearer to 0. */
function least({ min, max }: { min: number; max: number }): number {
  if (min > 0) return min
  if (max < 0) return max
  return 0
}
