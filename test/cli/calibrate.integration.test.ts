// Split from calibrate.test.ts: this part runs bin/mcp-bench.mjs as a process of its own.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeCalibrationFiles } from '../support/calibration-files.ts'

let files: Awaited<ReturnType<typeof writeCalibrationFiles>>
const path = (name: string) => files.path(name)

beforeAll(async () => {
  files = await writeCalibrationFiles()
})
afterAll(() => files.remove())

// Two child processes, each loading the CLI from the TypeScript sources through tsx (a checkout has no dist/):
// about a second each on a quiet machine, but 17-25 s with another `npm test` and other jobs on the same 2 cores,
// which Vitest's 30 s integration timeout did not always cover. The timeout is a backstop, not a speed check.
describe('calibrate CLI', { timeout: 120_000 }, () => {
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
