import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

describe('an atomic file whose process exits before it is committed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-exit-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('leaves neither the file nor its temporary file (a second Ctrl-C while a report is written)', () => {
    const file = join(dir, 'results', 'report.html')
    const script = fileURLToPath(new URL('../support/exit-mid-write.ts', import.meta.url))
    const args = process.versions.bun ? [script] : 'Deno' in globalThis ? ['run', '-A', script] : ['--import', 'tsx', script]
    const run = spawnSync(process.execPath, [...args, file], { encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(3)
    expect(readdirSync(dirname(file))).toEqual([])
  })
})
