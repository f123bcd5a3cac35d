import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../src/lib/atomic-file.ts'
import { mdCell, mdCode, mdFenced } from '../../src/lib/markdown.ts'
import { splitWords } from '../../src/lib/words.ts'
import { count } from '../../src/lib/text.ts'
import { mainType, typesOf } from '../../src/json-schema/schema-node.ts'

describe('splitWords', () => {
  it('gives the same words for camelCase, snake_case, kebab-case, acronyms and phrases', () => {
    expect(splitWords('getCurrentTime')).toEqual(['get', 'current', 'time'])
    expect(splitWords('get_current-time')).toEqual(['get', 'current', 'time'])
    expect(splitWords('HTTPServer status')).toEqual(['http', 'server', 'status'])
    expect(splitWords('utf8Encode, v2')).toEqual(['utf8', 'encode', 'v2'])
    expect(splitWords('  --  ')).toEqual([])
  })
})

describe('count', () => {
  it('writes what toLocaleString("en-US") writes, for every size and sign, without loading ICU', () => {
    const values = [0, -0, 0.4, -0.4, 1, 12, 999, 1_000, 1_234.5, 99_999, 100_000, 1_234_567, -1_234, -999_999_999, 2 ** 53 - 1, 2 ** 60, NaN, Infinity]
    for (const n of values) expect(count(n), String(n)).toBe(Math.round(n).toLocaleString('en-US'))
    expect(count(1_234_567)).toBe('1,234,567')
  })
})

describe('mainType', () => {
  it('reads type lists, anyOf/oneOf and enums, and says nothing when the schema does not', () => {
    expect(mainType({ type: ['null', 'integer'] })).toBe('integer')
    expect(mainType({ anyOf: [{ type: 'null' }, { type: 'string' }] })).toBe('string')
    expect(mainType({ enum: [3, 4] })).toBe('number')
    expect(mainType({ properties: { a: {} } })).toBe('object')
    expect(mainType({})).toBeUndefined()
    expect(typesOf({})).toEqual(['string'])
  })
})

describe('Markdown helpers', () => {
  it('keeps untrusted text inside its cell, fence or code span', () => {
    expect(mdCell('a|b\n<i>\u0007')).toBe('a\\|b &lt;i&gt;')
    expect(mdCode('x `y` |z')).toBe('``x `y` \\|z``')
    expect(mdFenced('has ``` inside')).toBe('````text\nhas ``` inside\n````')
  })
})

describe('writeFileAtomic', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('replaces a file, or with `exclusive` refuses to, and leaves no temporary file either way', () => {
    const file = join(dir, 'a.json')
    writeFileAtomic(file, 'one')
    writeFileAtomic(file, 'two')
    expect(readFileSync(file, 'utf8')).toBe('two')
    expect(() => writeFileAtomic(file, 'three', { exclusive: true })).toThrow(/EEXIST/)
    writeFileAtomic(join(dir, 'b.json'), 'new', { exclusive: true })
    expect(readFileSync(file, 'utf8')).toBe('two')
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'b.json'])
  })
})
