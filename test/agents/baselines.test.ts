import { describe, expect, it } from 'vitest'
import { randomArguments, randomValue } from '../../src/runtime/agents/baselines/random-arguments.ts'
import { randomAgent } from '../../src/runtime/agents/baselines/random.ts'
import { loadAgent } from '../../src/runtime/agents/resolve.ts'
import { checkArguments } from '../../src/json-schema/validator.ts'
import type { CatalogEntry } from '../../src/contracts/catalog.ts'
import { createRng } from '../../src/lib/random.ts'
import { failed, fakeContext, ok, smallCatalog as catalog } from '../support/fake-agent-context.ts'

/**
 * The harness's own schema check (src/runtime/checks), which scores the calls: the errors for some arguments, none
 * when they are valid. A schema it cannot compile counts as a failure here, not as "not checked".
 */
function schemaErrors(schema: unknown, args: unknown): string[] {
  const entry = { name: 't', server: 's', tool: 't', description: '', inputSchema: schema, distractor: false } as CatalogEntry
  return checkArguments(entry, args).errors
}

describe('random schema-valid arguments', () => {
  const schemas: Array<[string, Record<string, unknown>]> = [
    [
      'enums and integer bounds',
      {
        type: 'object',
        properties: { unit: { enum: ['a', 'b'] }, n: { type: 'integer', minimum: 3, maximum: 5 } },
        required: ['unit', 'n'],
      },
    ],
    [
      'exclusive bounds',
      {
        type: 'object',
        properties: {
          x: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
          y: { type: 'integer', exclusiveMinimum: 0, maximum: 2 },
        },
        required: ['x', 'y'],
      },
    ],
    [
      'arrays with item counts',
      {
        type: 'object',
        properties: { xs: { type: 'array', items: { type: 'integer', minimum: -2, maximum: 2 }, minItems: 2, maxItems: 4 } },
        required: ['xs'],
      },
    ],
    [
      'nested objects with required keys',
      {
        type: 'object',
        properties: {
          center: {
            type: 'object',
            properties: { value: { type: 'string', minLength: 3 }, isCoordinates: { type: 'boolean' } },
            required: ['value'],
            additionalProperties: false,
          },
        },
        required: ['center'],
      },
    ],
    [
      'type lists, anyOf and formats',
      {
        type: 'object',
        properties: {
          q: { type: ['string', 'null'] },
          v: {
            anyOf: [
              { type: 'string', maxLength: 2 },
              { type: 'number', minimum: 10 },
            ],
          },
          d: { type: 'string', format: 'date' },
          u: { type: 'string', format: 'uri' },
        },
        required: ['q', 'v', 'd', 'u'],
      },
    ],
    [
      'arrays of objects',
      {
        type: 'object',
        properties: {
          people: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
              required: ['name', 'tags'],
            },
          },
        },
        required: ['people'],
      },
    ],
  ]

  it.each(schemas)('draws valid values for %s', (_, schema) => {
    for (let seed = 0; seed < 200; seed++) {
      const args = randomArguments(schema, createRng(seed))
      expect(schemaErrors(schema, args), `seed ${seed}: ${JSON.stringify(args)}`).toEqual([])
    }
  })

  it('is determined by the seed', () => {
    const schema = schemas[4]![1]
    const draw = (seed: number) => Array.from({ length: 5 }, (_, i) => randomValue(schema as any, createRng(`${seed}:${i}`)))
    expect(draw(1)).toEqual(draw(1))
    expect(draw(1)).not.toEqual(draw(2))
  })

  it('sends optional properties some of the time and draws across the allowed range', () => {
    const draws = Array.from({ length: 200 }, (_, i) => randomArguments(catalog[0]!.inputSchema, createRng(i)))
    const days = draws.map((d) => d.days).filter((d) => d !== undefined)
    expect(days.length).toBeGreaterThan(50)
    expect(days.length).toBeLessThan(150)
    expect(new Set(days)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
  })
})

describe('the random agent', () => {
  const answer = (name: string) => (name.startsWith('math') ? failed('math is down') : ok(`output of ${name}`))

  it('repeats its calls for the same seed and task, and changes them with the seed', async () => {
    const run = async (seed: number) => {
      const { ctx, calls } = fakeContext('Forecast for Denver, 5 days.', catalog, answer)
      await randomAgent({ seed, maxCalls: 8 }).run(ctx)
      return calls
    }
    expect(await run(7)).toEqual(await run(7))
    expect(await run(7)).not.toEqual(await run(8))
  })

  it('makes a bounded number of schema-valid calls, one per round, and answers with the outputs it got', async () => {
    const { ctx, calls } = fakeContext('Forecast for Denver, 5 days.', catalog, answer)
    const text = await randomAgent({ seed: 3, maxCalls: 12 }).run(ctx)
    expect(calls).toHaveLength(12)
    expect(calls.map((c) => c.round)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    for (const call of calls) {
      const t = catalog.find((c) => c.name === call.name)!
      expect(schemaErrors(t.inputSchema, call.args), `${call.name} ${JSON.stringify(call.args)}`).toEqual([])
    }
    const good = calls.filter((c) => !c.name.startsWith('math'))
    expect(good.length).toBeGreaterThan(0)
    for (const call of good) expect(text).toContain(`output of ${call.name}`)
    expect(text).not.toContain('math is down')
  })

  it("stops at the task's own cap on tool calls", async () => {
    const { ctx, calls } = fakeContext('anything', catalog, answer, { maxToolCalls: 3 })
    await randomAgent({ maxCalls: 20 }).run(ctx)
    expect(calls).toHaveLength(3)
  })

  it('loads as a module agent from its default export, named after the file', async () => {
    const agent = await loadAgent(
      { kind: 'module', module: './src/runtime/agents/baselines/random.ts', export: 'default', isolation: 'none' },
      process.cwd(),
    )
    expect(agent.name).toBe('random')
    const { ctx, calls } = fakeContext('Forecast for Denver.', catalog, answer)
    await agent.run(ctx)
    expect(calls).toHaveLength(20)
  })
})
