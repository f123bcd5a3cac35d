/**
 * JSON Schema (as MCP tools publish their `inputSchema`) to a TypeScript type expression, for
 * `mcp-bench types`. It covers what tool schemas use: `type` (one or a list), `enum`, `const`,
 * `properties` / `required`, `additionalProperties`, `items` / `prefixItems`, `anyOf` / `oneOf` /
 * `allOf`, `nullable` and local `$ref`s (`#/$defs/…`, `#/definitions/…`). Anything it cannot express
 * becomes `unknown`, which accepts every value: a generated type may be looser than the schema, never
 * stricter, so valid arguments always compile.
 */

type Schema = Record<string, unknown>

interface Context {
  /** The schema `$ref`s resolve against. */
  root: Schema
  /** `$ref`s being expanded, so a recursive schema ends in `unknown` instead of looping. */
  expanding: Set<string>
  /** Indentation of the current nesting level. */
  indent: string
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** A property key as written in a type literal: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name)
}

/** A `/** … *\/` comment line for a description, or nothing; `*\/` inside it is broken up. */
export function docComment(description: unknown, indent: string): string {
  if (typeof description !== 'string' || !description.trim()) return ''
  const text = description
    .trim()
    .replace(/\*\//g, '*\\/')
    .replace(/\s*\n\s*/g, ' ')
  return `${indent}/** ${text} */\n`
}

/** The TypeScript type of values the schema accepts. `indent` is the indentation of the line it starts on. */
export function schemaToType(schema: unknown, indent = ''): string {
  const root = isSchema(schema) ? schema : {}
  return convert(schema, { root, expanding: new Set(), indent })
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function convert(schema: unknown, ctx: Context): string {
  if (schema === true || schema === undefined) return 'unknown'
  if (schema === false) return 'never'
  if (!isSchema(schema)) return 'unknown'
  const type = convertBody(schema, ctx)
  return schema.nullable === true && type !== 'unknown' ? union([type, 'null']) : type
}

function convertBody(schema: Schema, ctx: Context): string {
  if (typeof schema.$ref === 'string') return convertRef(schema.$ref, ctx)
  if ('const' in schema) return literal(schema.const)
  if (Array.isArray(schema.enum)) return union(schema.enum.map(literal))
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  if (variants) {
    // Keywords beside anyOf/oneOf (a shared `type`, say) constrain every variant: keep the variants, which say more.
    return union(variants.map((v) => convert(v, ctx)))
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => convert(part, ctx)).filter((t) => t !== 'unknown')
    return parts.length === 0 ? 'unknown' : parts.length === 1 ? parts[0]! : parts.map(parenthesise).join(' & ')
  }
  const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : inferTypes(schema)
  if (types.length === 0) return 'unknown'
  return union(types.map((t) => convertType(String(t), schema, ctx)))
}

/** A schema with no `type` that has `properties` or `items` still describes an object or an array. */
function inferTypes(schema: Schema): string[] {
  if (isSchema(schema.properties) || 'additionalProperties' in schema) return ['object']
  if ('items' in schema || 'prefixItems' in schema) return ['array']
  return []
}

function convertType(type: string, schema: Schema, ctx: Context): string {
  switch (type) {
    case 'string':
      return 'string'
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'array':
      return convertArray(schema, ctx)
    case 'object':
      return convertObject(schema, ctx)
    default:
      return 'unknown'
  }
}

function convertArray(schema: Schema, ctx: Context): string {
  const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined
  if (tuple) {
    const rest = Array.isArray(schema.prefixItems) ? schema.items : schema.additionalItems
    const items = tuple.map((item) => convert(item, ctx))
    const restType = rest === false ? undefined : convert(rest, ctx)
    return `[${[...items, ...(restType ? [`...${parenthesise(restType)}[]`] : [])].join(', ')}]`
  }
  return `${parenthesise(convert(schema.items, ctx))}[]`
}

function convertObject(schema: Schema, ctx: Context): string {
  const properties = isSchema(schema.properties) ? Object.entries(schema.properties) : []
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : [])
  const extra = schema.additionalProperties
  const inner = `${ctx.indent}  `
  const lines = properties.map(([name, property]) => {
    const type = convert(property, { ...ctx, indent: inner })
    const doc = isSchema(property) ? docComment(property.description, inner) : ''
    return `${doc}${inner}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${type}`
  })
  // Declared properties make a closed type even without `additionalProperties: false`, so a misspelt key
  // is a compile error (the point of typed names); keys the schema explicitly opens stay open.
  if (extra === true || isSchema(extra)) {
    const value = extra === true || properties.length ? 'unknown' : convert(extra, { ...ctx, indent: inner })
    if (!lines.length) return `Record<string, ${value}>`
    lines.push(`${inner}[key: string]: ${value}`)
  }
  if (!lines.length) return isSchema(schema.properties) || extra === false ? 'Record<string, never>' : 'Record<string, unknown>'
  return `{\n${lines.join('\n')}\n${ctx.indent}}`
}

function convertRef(ref: string, ctx: Context): string {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref)
  const defs = match ? ctx.root[match[1]!] : undefined
  const name = match ? decodeURIComponent(match[2]!).replace(/~1/g, '/').replace(/~0/g, '~') : undefined
  const target = isSchema(defs) && name !== undefined ? defs[name] : ref === '#' ? ctx.root : undefined
  if (target === undefined || ctx.expanding.has(ref)) return 'unknown'
  ctx.expanding.add(ref)
  try {
    return convert(target, ctx)
  } finally {
    ctx.expanding.delete(ref)
  }
}

function literal(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value)
  return 'unknown'
}

function union(types: string[]): string {
  const unique = [...new Set(types)]
  if (unique.includes('unknown')) return 'unknown'
  if (unique.length === 0) return 'never'
  return unique.length === 1 ? unique[0]! : unique.map(parenthesise).join(' | ')
}

/** Wraps a type that has a `|` or `&` at its top level, where a `[]` suffix or another operator would bind wrongly. */
function parenthesise(type: string): string {
  let depth = 0
  let quote: string | undefined
  for (let i = 0; i < type.length; i++) {
    const c = type[i]!
    if (!quote && c === '/' && type[i + 1] === '*') {
      // A doc comment's text is not type syntax: skip it whole.
      const close = type.indexOf('*/', i + 2)
      i = close === -1 ? type.length : close + 1
    } else if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = undefined
    } else if (c === '"' || c === "'") quote = c
    else if ('{[(<'.includes(c)) depth++
    else if ('}])>'.includes(c)) depth--
    else if (depth === 0 && (c === '|' || c === '&')) return `(${type})`
  }
  return type
}
