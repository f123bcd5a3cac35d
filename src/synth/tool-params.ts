import type { CatalogEntry } from '../contracts/catalog.ts'
import { mainType, type SchemaNode } from '../json-schema/schema-node.ts'

/** One top-level input parameter of a tool, as its JSON Schema declares it. */
export interface ToolParam {
  name: string
  /** The JSON type (`number`, `string`, …); `unknown` when the schema does not say. */
  type: string
  /** For arrays, the type of the items. */
  itemType?: string
  description: string
  required: boolean
  enum?: unknown[]
  default?: unknown
  examples?: unknown[]
}

interface PropertySchema extends SchemaNode {
  description?: string
  examples?: unknown[]
}

/** A property's type, looking through `anyOf`/`oneOf` (zod's optionals and nullables) and type lists. */
function typeOf(schema: SchemaNode | undefined): string {
  return mainType(schema) ?? 'unknown'
}

/** The top-level parameters of a tool's input schema, in the order it declares them. */
export function toolParams(entry: Pick<CatalogEntry, 'inputSchema'>): ToolParam[] {
  const schema = entry.inputSchema as { properties?: Record<string, PropertySchema>; required?: string[] }
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([name, prop]) => {
    const type = typeOf(prop)
    const itemType = type === 'array' ? typeOf(prop.items) : undefined
    const values = prop.enum ?? (prop.const !== undefined ? [prop.const] : undefined)
    return {
      name,
      type,
      ...(itemType ? { itemType } : {}),
      description: prop.description ?? '',
      required: required.has(name),
      ...(values ? { enum: values } : {}),
      ...(prop.default !== undefined ? { default: prop.default } : {}),
      ...(prop.examples?.length ? { examples: prop.examples } : {}),
    }
  })
}

/** A parameter that takes a number, or a list of numbers. */
export function takesNumber(param: ToolParam): boolean {
  return (
    param.type === 'number' ||
    param.type === 'integer' ||
    (param.type === 'array' && (param.itemType === 'number' || param.itemType === 'integer'))
  )
}

/** `server.tool`, the way task files name a tool. */
export function toolRef(entry: Pick<CatalogEntry, 'server' | 'tool'>): string {
  return `${entry.server}.${entry.tool}`
}
