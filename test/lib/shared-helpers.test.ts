import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openAtomicFile, writeChunksAtomic, writeFileAtomic } from '../../src/lib/atomic-file.ts'
import { prettyJsonChunks } from '../../src/lib/json-chunks.ts'
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
    const values = [
      0,
      -0,
      0.4,
      -0.4,
      1,
      12,
      999,
      1_000,
      1_234.5,
      99_999,
      100_000,
      1_234_567,
      -1_234,
      -999_999_999,
      2 ** 53 - 1,
      2 ** 60,
      NaN,
      Infinity,
    ]
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

  it('writes pieces as they come, large ones across several writes, and puts nothing in place until committed', async () => {
    const file = join(dir, 'pieces.txt')
    writeFileAtomic(file, 'old')
    const out = openAtomicFile(file)
    const pieces = Array.from({ length: 3_000 }, (_, i) => `${i}:${'é'.repeat(200)}\n`)
    for (const piece of pieces) out.write(piece)
    expect(readFileSync(file, 'utf8')).toBe('old')
    out.commit()
    expect(readFileSync(file, 'utf8')).toBe(pieces.join(''))
    expect(() => out.write('late')).toThrow(/pieces\.txt: written after it was committed/)
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('leaves the file as it was when a piece cannot be made, and no temporary file', async () => {
    const file = join(dir, 'failing.txt')
    writeFileAtomic(file, 'kept')
    async function* failing() {
      yield 'x'.repeat(1 << 19)
      throw new Error('piece 2 failed')
    }
    await expect(writeChunksAtomic(file, failing())).rejects.toThrow('piece 2 failed')
    expect(readFileSync(file, 'utf8')).toBe('kept')
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })
})

describe('prettyJsonChunks', () => {
  it('makes, in pieces, exactly the text of JSON.stringify(value, null, 2), the streamed array a piece per item', () => {
    const values: Array<Record<string, unknown>> = [
      {},
      { tasks: [] },
      { tasks: 3, other: [] },
      { skipped: undefined, tasks: [{ a: [1, { b: 'line\nbreak' }] }, null, undefined, 'x'], after: { nested: [[]] }, fn: () => 1 },
      { generatedAt: '2026-12-02', tasks: [{ id: 't1', scores: { overall: 0.5 } }] },
    ]
    for (const value of values) expect([...prettyJsonChunks(value, 'tasks')].join('')).toBe(JSON.stringify(value, null, 2))
    expect([...prettyJsonChunks({ head: 1, tasks: [1, 2, 3] }, 'tasks')]).toHaveLength(2 + 1 + 3 + 1 + 1)
  })
})
