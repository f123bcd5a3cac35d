import * as z from 'zod'

/**
 * The one reader of tools' input schemas as data (ajv, src/json-schema/validator.ts, is the one validator):
 * the baselines' random and prompt arguments, synth's parameter list and init's example arguments all walk
 * a schema through these nodes and helpers.
 *
 * The part of JSON Schema that MCP tools' input schemas use (the fixture
 * servers' and the npm servers': types, enums, defaults, required
 * properties, numeric bounds, arrays with item counts, nested objects,
 * anyOf), read leniently: unknown keywords are kept and ignored.
 */
const SchemaNodeSchema = z.looseObject({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  enum: z.array(z.unknown()).optional(),
  const: z.unknown().optional(),
  default: z.unknown().optional(),
  get properties() {
    return z.record(z.string(), SchemaNodeSchema).optional()
  },
  required: z.array(z.string()).optional(),
  get items() {
    return SchemaNodeSchema.optional()
  },
  minItems: z.number().optional(),
  maxItems: z.number().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
  exclusiveMaximum: z.number().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  format: z.string().optional(),
  get anyOf() {
    return z.array(SchemaNodeSchema).optional()
  },
  get oneOf() {
    return z.array(SchemaNodeSchema).optional()
  },
})
export type SchemaNode = z.infer<typeof SchemaNodeSchema>

const read = new WeakMap<object, SchemaNode>()

/**
 * A tool's input schema as a node; a schema outside the subset reads as "any object". Read once per schema
 * object (a parse takes about 0.1 ms, and the random baseline draws from the same schemas call after call);
 * the node is shared, so callers must not change it.
 */
export function readSchema(inputSchema: unknown): SchemaNode {
  const known = inputSchema && typeof inputSchema === 'object' ? read.get(inputSchema) : undefined
  if (known) return known
  const parsed = SchemaNodeSchema.safeParse(inputSchema)
  const node: SchemaNode = parsed.success ? parsed.data : { type: 'object' }
  if (inputSchema && typeof inputSchema === 'object') read.set(inputSchema, node)
  return node
}

/** The JSON types a node declares, most specific first; an untyped node with properties is an object, with items an array; none when it does not say. */
export function declaredTypes(node: SchemaNode): string[] {
  if (Array.isArray(node.type)) return node.type
  if (node.type) return [node.type]
  if (node.properties) return ['object']
  if (node.items) return ['array']
  return []
}

/** The JSON types a node allows, most specific first; an untyped node reads as a string. */
export function typesOf(node: SchemaNode): string[] {
  const declared = declaredTypes(node)
  return declared.length ? declared : ['string']
}

/**
 * The one type a value of the node has when it is there: its first type other than null, looking through
 * `anyOf`/`oneOf` (zod's optionals and nullables), else its enum's or const's type; undefined when the schema does not say.
 */
export function mainType(node: SchemaNode | undefined): string | undefined {
  if (!node) return undefined
  const declared = declaredTypes(node)
  if (declared.length) return declared.find((t) => t !== 'null') ?? declared[0]
  const inner = [...(node.anyOf ?? []), ...(node.oneOf ?? [])].map(mainType).find((t) => t !== undefined && t !== 'null')
  if (inner) return inner
  if (node.enum?.length) return typeof node.enum[0]
  if (node.const !== undefined) return typeof node.const
  return undefined
}

/** The lowest and highest number a node allows; exclusive bounds (draft 6 and later) move inwards by one (integers) or a small step. */
export function numericBounds(node: SchemaNode, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : 1e-6
  const lows: number[] = []
  const highs: number[] = []
  if (node.minimum !== undefined) lows.push(node.minimum)
  if (node.exclusiveMinimum !== undefined) lows.push(node.exclusiveMinimum + step)
  if (node.maximum !== undefined) highs.push(node.maximum)
  if (node.exclusiveMaximum !== undefined) highs.push(node.exclusiveMaximum - step)
  const min = lows.length ? Math.max(...lows) : -Infinity
  const max = highs.length ? Math.min(...highs) : Infinity
  return integer ? { min: Math.ceil(min), max: Math.floor(max) } : { min, max }
}
