import { writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeCalibrationFiles } from '../support/calibration-files.ts'
import { main } from '../../src/cli/calibrate.ts'

let files: Awaited<ReturnType<typeof writeCalibrationFiles>>
const path = (name: string) => files.path(name)

beforeAll(async () => {
  files = await writeCalibrationFiles()
})
afterAll(() => files.remove())

function io() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } }
}

describe('calibrate CLI', () => {
  it('prints agreement, kappas and three-way agreement', async () => {
    const { out, io: streams } = io()
    expect(await main([path('judgements.jsonl'), path('humans.jsonl')], streams)).toBe(0)
    expect(out.stdout).toContain('Human raters: 3 on 6 items')
    expect(out.stdout).toMatch(/Fleiss' kappa: +0\.325/)
    expect(out.stdout).toMatch(/All raters agree: +50\.00%/)
    expect(out.stdout).toMatch(/Percent agreement: +66\.67%/)
    expect(out.stdout).toMatch(/Cohen's kappa: +0\.333/)
    expect(out.stderr).toBe('')
  })

  it('prints JSON with --json', async () => {
    const { out, io: streams } = io()
    expect(await main(['--json', path('judgements.jsonl'), path('humans.jsonl')], streams)).toBe(0)
    const report = JSON.parse(out.stdout)
    expect(report.humans).toMatchObject({ items: 6, raters: 3, fullAgreement: 0.5 })
    expect(report.humans.fleissKappa).toBeCloseTo(0.325, 12)
    expect(report.judges[0].cohensKappa).toBeCloseTo(1 / 3, 12)
  })

  it.each([
    ['missing.jsonl', /^calibrate: .*judgements\.jsonl:2: item "i2" has no human labels in .*missing\.jsonl\n$/],
    ['unknown.jsonl', /^calibrate: .*unknown\.jsonl:2: unknown category "meh" \(expected one of: pass, fail\)\n$/],
    ['badjson.jsonl', /^calibrate: .*badjson\.jsonl:3: not valid JSON/],
    ['nope.jsonl', /^calibrate: .*nope\.jsonl: cannot read file \(ENOENT\)/],
  ])('fails clearly on a bad labels file (%s)', async (file, message) => {
    const { out, io: streams } = io()
    expect(await main([path('judgements.jsonl'), path(file)], streams)).toBe(1)
    expect(out.stderr).toMatch(message)
    expect(out.stdout).toBe('')
  })

  it('accepts other categories', async () => {
    await writeFile(path('j3.jsonl'), '{"id":"a","label":"good"}\n{"id":"b","label":"bad"}\n')
    await writeFile(path('h3.jsonl'), '{"id":"a","labels":["good","good"]}\n{"id":"b","labels":["bad","ok"]}\n')
    const { out, io: streams } = io()
    expect(await main(['--categories', 'good,ok,bad', path('j3.jsonl'), path('h3.jsonl')], streams)).toBe(0)
    expect(out.stdout).toContain('Categories: good, ok, bad')
    expect(out.stdout).toContain('1 left out: human vote tied')
  })

  it('reports usage errors with exit code 2', async () => {
    const { out, io: streams } = io()
    expect(await main([path('judgements.jsonl')], streams)).toBe(2)
    expect(out.stderr).toMatch(/expected 2 files, got 1\nusage: calibrate/)
    expect(await main(['--frobnicate', 'a', 'b'], streams)).toBe(2)
  })
})
