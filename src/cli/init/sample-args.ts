import { declaredTypes, numericBounds, type SchemaNode } from '../../json-schema/schema-node.ts'

/**
 * Arguments that satisfy a tool's input schema, for the example task `mcp-bench init` writes: only the
 * required properties, each from the schema's own `const`, `default`, `examples` or `enum` where it has
 * one, else the smallest value its type allows (for numbers, 1 or the bound nearest to it). The caller checks the result with ajv and
 * skips a tool whose schema this cannot satisfy (a `pattern`, say). The schema is walked as the shared
 * reader's nodes (src/json-schema/schema-node.ts) with `$ref`, `allOf` and `examples` read besides.
 */
type Schema = SchemaNode

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value)

const FORMAT_SAMPLES: Record<string, string> = {
  date: '2025-06-15',
  'date-time': '2025-06-15T12:00:00Z',
  time: '12:00:00Z',
  email: 'someone@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  uuid: '00000000-0000-4000-8000-000000000000',
}

export function sampleArgs(schema: unknown): Record<string, unknown> {
  const value = sample(schema, schema, 0)
  return isSchema(value) ? value : {}
}

function sample(schema: unknown, root: unknown, depth: number): unknown {
  if (!isSchema(schema) || depth > 8) return undefined
  if (typeof schema.$ref === 'string') {
    const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(schema.$ref)
    const defs = match && isSchema(root) ? root[match[1]!] : undefined
    return sample(isSchema(defs) ? defs[match![2]!] : undefined, root, depth + 1)
  }
  if ('const' in schema) return schema.const
  if ('default' in schema && schema.default !== undefined) return schema.default
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0]
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0]
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  if (variants) {
    // The first variant that is not null says the most.
    const chosen = variants.find((v) => !(isSchema(v) && v.type === 'null')) ?? variants[0]
    return sample(chosen, root, depth + 1)
  }
  if (Array.isArray(schema.allOf)) return sample(Object.assign({}, ...schema.allOf.filter(isSchema)), root, depth + 1)
  const types = declaredTypes(schema)
  const type = types.find((t) => t !== 'null') ?? types[0]
  switch (type) {
    case 'string':
      return sampleString(schema)
    case 'integer':
      return sampleNumber(schema, true)
    case 'number':
      return sampleNumber(schema, false)
    case 'boolean':
      return false
    case 'null':
      return null
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0
      return Array.from({ length: count }, () => sample(schema.items, root, depth + 1))
    }
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {}
      const required = Array.isArray(schema.required) ? schema.required.map(String) : []
      return Object.fromEntries(required.map((name) => [name, sample(properties[name], root, depth + 1) ?? 'example']))
    }
    default:
      return undefined
  }
}

function sampleString(schema: Schema): string {
  const base = (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format]) || 'example'
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity
  const padded = base.length >= min ? base : base.padEnd(min, 'x')
  return padded.slice(0, Math.max(min, Math.min(max, padded.length)))
}

function sampleNumber(schema: Schema, integer: boolean): number {
  // 1 where the bounds allow it, else the nearest bound: a plain number reads best in an example task.
  const { min, max } = numericBounds(schema, integer)
  return Math.min(max, Math.max(min, 1))
}
