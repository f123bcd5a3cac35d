import { describe, expect, it } from 'vitest'
import { docComment, propertyKey, schemaToType } from '../../src/cli/typegen/json-schema-to-ts.ts'

describe('JSON Schema to TypeScript', () => {
  it('maps the primitive types, lists of types, enums and consts', () => {
    expect(schemaToType({ type: 'string' })).toBe('string')
    expect(schemaToType({ type: 'integer' })).toBe('number')
    expect(schemaToType({ type: 'boolean' })).toBe('boolean')
    expect(schemaToType({ type: ['string', 'null'] })).toBe('string | null')
    expect(schemaToType({ type: 'string', enum: ['celsius', 'fahrenheit'] })).toBe('"celsius" | "fahrenheit"')
    expect(schemaToType({ const: 3 })).toBe('3')
    expect(schemaToType({ type: 'number', nullable: true })).toBe('number | null')
  })

  it('writes objects with required and optional properties, quoting keys that are not identifiers, with descriptions', () => {
    const type = schemaToType({
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, 'max-days': { type: 'integer' } },
      required: ['city'],
    })
    expect(type).toBe('{\n  /** City name */\n  city: string\n  "max-days"?: number\n}')
  })

  it('closes an object without parameters, and opens one whose schema allows any keys', () => {
    expect(schemaToType({ type: 'object', properties: {} })).toBe('Record<string, never>')
    expect(schemaToType({ type: 'object' })).toBe('Record<string, unknown>')
    expect(schemaToType({ type: 'object', additionalProperties: { type: 'number' } })).toBe('Record<string, number>')
    expect(schemaToType({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true })).toBe(
      '{\n  a?: string\n  [key: string]: unknown\n}',
    )
  })

  it('writes arrays, tuples and unions with the parentheses a suffix needs', () => {
    expect(schemaToType({ type: 'array', items: { type: 'number' } })).toBe('number[]')
    expect(schemaToType({ type: 'array', items: { type: ['string', 'number'] } })).toBe('(string | number)[]')
    expect(schemaToType({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false })).toBe('[number, number]')
    expect(schemaToType({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })).toBe('string | string[]')
    expect(
      schemaToType({
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'number' } } },
        ],
      }),
    ).toBe('{\n  a: string\n} & {\n  b?: number\n}')
  })

  it('resolves local $refs and ends a recursive one in unknown', () => {
    const schema = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node' } },
      required: ['node'],
      $defs: { Node: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/Node' } }, required: ['name'] } },
    }
    expect(schemaToType(schema)).toBe('{\n  node: {\n    name: string\n    child?: unknown\n  }\n}')
  })

  it('falls back to unknown for what it cannot express, so valid arguments always compile', () => {
    expect(schemaToType({})).toBe('unknown')
    expect(schemaToType(true)).toBe('unknown')
    expect(schemaToType({ $ref: 'https://example.com/schema' })).toBe('unknown')
    expect(schemaToType({ anyOf: [{ type: 'string' }, {}] })).toBe('unknown')
  })

  it('keeps a description from closing its comment, and quotes keys only when it must', () => {
    expect(docComment('ends here */ not', '')).toBe('/** ends here *\\/ not */\n')
    expect(docComment('', '  ')).toBe('')
    expect(propertyKey('firstNumber')).toBe('firstNumber')
    expect(propertyKey('search-models')).toBe('"search-models"')
  })
})
