import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

/** A script of test/support run by the runtime running this test (Node through tsx, Bun, Deno); it exits with 3. */
function runScript(name: string, args: string[]) {
  const script = fileURLToPath(new URL(`../support/${name}`, import.meta.url))
  const runtime = process.versions.bun ? [script] : 'Deno' in globalThis ? ['run', '-A', script] : ['--import', 'tsx', script]
  const run = spawnSync(process.execPath, [...runtime, ...args], { encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(3)
  return run.stdout
}

describe('temporary files of a process that exits before it is done with them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-exit-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('leaves neither the file nor its temporary file (a second Ctrl-C while a report is written)', () => {
    const file = join(dir, 'results', 'report.html')
    runScript('exit-mid-write.ts', [file])
    expect(readdirSync(dirname(file))).toEqual([])
  })

  it('leaves no file of report rows made during the run (reporters/prepared-rows.ts)', () => {
    const reports = join(dir, 'bench-results')
    const made = runScript('exit-with-rows.ts', [reports])
    expect(made).toMatch(/^\.vitest-mcp-bench-rows-\d+-[0-9a-f]+\.tmp$/)
    expect(readdirSync(reports)).toEqual([])
  })
})
