// Split from calibrate.test.ts: this part runs bin/mcp-bench.mjs as a process of its own.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let dir = ''
const path = (name: string) => join(dir, name)

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'calibrate-'))
  await writeFile(
    path('judgements.jsonl'),
    ['{"id":"i1","label":"pass"}', '{"id":"i2","pass":true}', '{"id":"i3","label":"fail"}', '{"id":"i4","label":"pass"}', '{"id":"i5","label":"fail"}', '{"id":"i6","label":"fail"}', ''].join('\n'),
  )
  await writeFile(
    path('humans.jsonl'),
    [
      '{"id":"i1","labels":["pass","pass","pass"]}',
      '{"id":"i2","labels":["pass","pass","fail"]}',
      '{"id":"i3","labels":["fail","fail","fail"]}',
      '{"id":"i4","labels":["pass","fail","fail"]}',
      '{"id":"i5","labels":["fail","fail","pass"]}',
      '{"id":"i6","labels":["pass","pass","pass"]}',
    ].join('\n'),
  )
  await writeFile(path('missing.jsonl'), ['{"id":"i1","labels":["pass","pass","pass"]}', '{"id":"i9","labels":["pass","pass","pass"]}'].join('\n'))
  await writeFile(path('unknown.jsonl'), ['{"id":"i1","labels":["pass","pass","pass"]}', '{"id":"i2","labels":["pass","meh","pass"]}'].join('\n'))
  await writeFile(path('badjson.jsonl'), ['{"id":"i1","labels":["pass","pass","pass"]}', '', '{"id":"i2","labels":['].join('\n'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('calibrate CLI', () => {
  it('runs as `mcp-bench calibrate` in a process of its own, with its exit code', async () => {
    const run = promisify(execFile)
    const { stdout } = await run('node', ['bin/mcp-bench.mjs', 'calibrate', path('judgements.jsonl'), path('humans.jsonl')], {
      cwd: join(import.meta.dirname, '../..'),
    })
    expect(stdout).toMatch(/Cohen's kappa: +0\.333/)
    const failed = await run('node', ['bin/mcp-bench.mjs', 'calibrate', path('judgements.jsonl'), path('unknown.jsonl')], {
      cwd: join(import.meta.dirname, '../..'),
    }).catch((e: { code: number; stderr: string }) => e)
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/unknown\.jsonl:2: unknown category "meh"/) })
  })
})
