import { describe, expect, it } from 'vitest'
import { buildCatalog, isOpenAIFunctionName, qualifiedToolName } from '../../src/runtime/servers/catalog.ts'

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } })

describe('tool catalog', () => {
  it('qualifies names as valid OpenAI function names', () => {
    expect(qualifiedToolName('math', 'add')).toBe('math__add')
    expect(qualifiedToolName('my server', 'get.thing')).toBe('my_server__get_thing')
    const long = qualifiedToolName('s'.repeat(40), 't'.repeat(40))
    expect(long.length).toBeLessThanOrEqual(64)
    expect(isOpenAIFunctionName(long)).toBe(true)
    expect(qualifiedToolName('s'.repeat(40), 't'.repeat(40))).not.toBe(qualifiedToolName('s'.repeat(40), `${'t'.repeat(39)}u`))
  })

  it('lets two servers share a tool name and maps each back', () => {
    const catalog = buildCatalog([
      { server: 'papers', tools: [tool('search')] },
      { server: 'wiki', tools: [tool('search'), tool('summary')] },
    ])
    expect(catalog.entries.map((e) => e.name)).toEqual(['papers__search', 'wiki__search', 'wiki__summary'])
    expect(catalog.resolve('wiki__search')).toMatchObject({ server: 'wiki', tool: 'search' })
    expect(catalog.resolve('papers.search')).toMatchObject({ server: 'papers', tool: 'search' })
    expect(catalog.resolve('search')).toBeUndefined() // ambiguous
    expect(catalog.resolve('summary')).toMatchObject({ server: 'wiki' })
  })

  it('keeps names distinct when sanitising makes them collide', () => {
    const catalog = buildCatalog([{ server: 's', tools: [tool('a.b'), tool('a_b')] }])
    const names = catalog.entries.map((e) => e.name)
    expect(new Set(names).size).toBe(2)
    expect(names.every(isOpenAIFunctionName)).toBe(true)
  })

  it('marks distractor tools', () => {
    const catalog = buildCatalog([{ server: 'x', tools: [tool('t')], distractor: true }])
    expect(catalog.entries[0]!.distractor).toBe(true)
  })
})
