import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/compare.ts'
import { ComparisonSchema } from '../../src/contracts/compare.ts'
import { baseRun, headRun } from '../support/comparison-runs.ts'

let dir = ''
const path = (name: string) => join(dir, name)

/** A leaderboard file as the reporters write it: compare must ignore what it does not read. */
const leaderboard = (tasks: object[]) =>
  JSON.stringify({
    schemaVersion: 2,
    generatedAt: '2026-01-01T00:00:00Z',
    agents: [{ agent: 'x' }],
    tasks: tasks.map((t) => ({ ...t, file: 'b.test.ts', durationMs: 12 })),
    gate: { passed: true, failures: [] },
  })

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compare-'))
  await writeFile(path('base.json'), leaderboard(baseRun().tasks))
  await writeFile(path('head.json'), leaderboard(headRun().tasks))
  await writeFile(path('bad-status.json'), leaderboard([{ ...headRun().tasks[0]!, status: 'skipped' }]))
  await writeFile(path('broken.json'), '{"tasks": [')
  // The reference run against a model run: the same tasks under another agent name.
  await writeFile(
    path('reference.json'),
    leaderboard(
      baseRun()
        .tasks.filter((t) => t.agent === 'worse')
        .map((t) => ({ ...t, agent: 'reference' })),
    ),
  )
})
afterAll(() => rm(dir, { recursive: true, force: true }))

function streams() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } }
}

describe('mcp-bench compare', () => {
  it('prints the comparison and writes JSON and Markdown', async () => {
    const { out, io } = streams()
    const code = await main(
      [
        path('base.json'),
        path('head.json'),
        '--json',
        path('out.json'),
        '--markdown',
        path('out.md'),
        '--resamples',
        '2000',
        '--seed',
        '42',
      ],
      io,
    )
    expect(out.stderr).toBe('')
    expect(code).toBe(0)
    expect(out.stdout).toContain('| pass rate | 90.0% | 40.0% | -50.0 pts | -70.0 to -19.7 pts | 0.006 (11↓ 1↑) | 20 |')
    expect(out.stdout).toContain('2,000 resamples, seed 42')
    expect(await readFile(path('out.md'), 'utf8')).toBe(out.stdout)
    const json = ComparisonSchema.parse(JSON.parse(await readFile(path('out.json'), 'utf8')))
    expect(json.settings).toMatchObject({ seed: 42, resamples: 2000, confidence: 0.95 })
    expect(json.agents.find((a) => a.agent === 'worse')!.flips.better.map((f) => f.id)).toEqual(['w19'])
  })

  it('takes the confidence and the minimum pairs', async () => {
    const { out, io } = streams()
    expect(await main([path('base.json'), path('head.json'), '--confidence', '0.9', '--resamples', '500'], io)).toBe(0)
    expect(out.stdout).toContain('| 90% interval |')
    // epiR, conf.level = 0.90 on c(7, 11, 1, 1): -67.5 to -24.9 points.
    expect(out.stdout).toContain('| pass rate | 90.0% | 40.0% | -50.0 pts | -67.5 to -24.9 pts |')
    const strict = streams()
    expect(await main([path('base.json'), path('head.json'), '--min-pairs', '21', '--resamples', '500'], strict.io)).toBe(0)
    expect(strict.out.stdout).toContain('| pass rate | 90.0% | 40.0% | -50.0 pts | too few paired tasks to tell (20 < 21) |')
  })

  it.each([
    [['bad-status.json', 'head.json'], /^compare: .*bad-status\.json: tasks\[0\]\.status: Invalid option: expected one of/],
    [['base.json', 'broken.json'], /^compare: .*broken\.json: not valid JSON/],
    [['base.json', 'missing.json'], /^compare: .*missing\.json: cannot read file \(ENOENT\)\n$/],
  ])('exits 1 on bad input, naming the file and field (%j)', async (files, message) => {
    const { out, io } = streams()
    expect(await main(files.map(path), io)).toBe(1)
    expect(out.stderr).toMatch(message)
    expect(out.stdout).toBe('')
  })

  it('pairs differently named agents with --map base=head', async () => {
    const plain = streams()
    expect(await main([path('reference.json'), path('head.json'), '--resamples', '500', '--json', path('unmapped.json')], plain.io)).toBe(0)
    const unmapped = ComparisonSchema.parse(JSON.parse(await readFile(path('unmapped.json'), 'utf8')))
    // Unmapped, nothing pairs: every agent's tasks are on one side only.
    expect(unmapped.agents.map((a) => [a.agent, a.pairs])).toEqual(
      expect.arrayContaining([
        ['reference', 0],
        ['worse', 0],
      ]),
    )
    const mapped = streams()
    expect(
      await main(
        [path('reference.json'), path('head.json'), '--map', 'reference=worse', '--resamples', '500', '--json', path('mapped.json')],
        mapped.io,
      ),
    ).toBe(0)
    const json = ComparisonSchema.parse(JSON.parse(await readFile(path('mapped.json'), 'utf8')))
    expect(json.agents.find((a) => a.agent === 'worse')!.pairs).toBe(20) // as base.json's own "worse" pairs with head's
    expect(json.agents.find((a) => a.agent === 'worse')!.flips.better.map((f) => f.id)).toEqual(['w19'])
    const bad = streams()
    expect(await main([path('reference.json'), path('head.json'), '--map', 'nobody=worse'], bad.io)).toBe(1)
    expect(bad.out.stderr).toMatch(/reference\.json: --map names agent "nobody", which has no task here \(agents: reference\)/)
  })

  it('exits 1 when an output file cannot be written', async () => {
    const { out, io } = streams()
    expect(await main([path('base.json'), path('head.json'), '--resamples', '100', '--json', path('no/such/dir/out.json')], io)).toBe(1)
    expect(out.stderr).toMatch(/^compare: .*no\/such\/dir\/out\.json: cannot write file \(ENOENT\)/)
  })

  it.each([
    [[], /expected 2 leaderboard files, got 0/],
    [['a.json'], /expected 2 leaderboard files, got 1/],
    [['a.json', 'b.json', 'c.json'], /expected 2 leaderboard files, got 3/],
    [['a.json', 'b.json', '--confidence', '95'], /--confidence must be a number between 0 and 1, exclusive, got "95"/],
    [['a.json', 'b.json', '--confidence', 'high'], /--confidence must be a number/],
    [['a.json', 'b.json', '--seed=-1'], /--seed must be an integer from 0 to 4294967295, got "-1"/],
    [['a.json', 'b.json', '--seed', '1.5'], /--seed must be an integer/],
    [['a.json', 'b.json', '--resamples', '10'], /--resamples must be an integer from 100 to 10000000, got "10"/],
    [['a.json', 'b.json', '--min-pairs', '1'], /--min-pairs must be an integer from 2/],
    [['a.json', 'b.json', '--json'], /--json/],
    [['a.json', 'b.json', '--json', ''], /--json needs a value/],
    [['a.json', 'b.json', '--max-drop', '0.05'], /Unknown option '--max-drop'/],
    [['a.json', 'b.json', '--map', 'reference'], /--map takes <base agent>=<head agent>, got "reference"/],
    [['a.json', 'b.json', '--map', 'a=x', '--map', 'b=x'], /--map names head agent "x" twice/],
    [['a.json', 'b.json', '--reproducible', '--markdown', 'x.md'], /--reproducible compares two files as they are/],
    [['a.json', 'b.json', '--variant', 'v'], /--variant compares within one run: expected 1 leaderboard file, got 2/],
    [['a.json', '--variant', 'v', '--map', 'a=b'], /--variant pairs each variant row with its own agent: --map does not apply/],
    [['a.json', '--variant', 'v', '--reproducible'], /--reproducible compares two files as they are/],
  ])('exits 2 on bad usage %j', async (argv, message) => {
    const { out, io } = streams()
    expect(await main(argv, io)).toBe(2)
    expect(out.stderr).toMatch(message)
    expect(out.stderr).toContain('usage: compare <base.json> <head.json>')
    expect(out.stdout).toBe('')
  })

  it('--variant: exits 1 naming the variant a board does not have, and the ones it has', async () => {
    const { out, io } = streams()
    expect(await main([path('base.json'), '--variant', 'worse'], io)).toBe(1)
    expect(out.stderr).toMatch(/base\.json: no task ran against variant "worse" \(the run has no server variants\)/)
  })

  it('--reproducible: exits 0 when only timings differ, 3 naming the first differing field otherwise, 1 on a file that is no leaderboard', async () => {
    await writeFile(
      path('later.json'),
      leaderboard(baseRun().tasks).replace('"generatedAt":"2026-01-01T00:00:00Z"', '"generatedAt":"2026-02-02T00:00:00Z"'),
    )
    const same = streams()
    expect(await main([path('base.json'), path('later.json'), '--reproducible'], same.io)).toBe(0)
    expect(same.out.stdout).toMatch(/^Same numbers: \d+ fields compared, none differs/)
    const changed = streams()
    expect(await main([path('base.json'), path('head.json'), '--reproducible', '--json', path('fields.json')], changed.io)).toBe(3)
    expect(changed.out.stdout).toMatch(/^\d+ of \d+ fields differ between .*base\.json and .*head\.json/)
    expect(changed.out.stdout).toMatch(/^- tasks\[b\.test\.ts > [^\]]+\]\]\.[\w.]+: /m)
    expect(JSON.parse(await readFile(path('fields.json'), 'utf8')).differences.length).toBeGreaterThan(0)
    const broken = streams()
    expect(await main([path('base.json'), path('broken.json'), '--reproducible'], broken.io)).toBe(1)
    expect(broken.out.stderr).toMatch(/broken\.json: not valid JSON/)
  })

  it('prints usage with --help', async () => {
    const { out, io } = streams()
    expect(await main(['--help'], io)).toBe(0)
    expect(out.stdout).toContain('usage: compare')
  })
})
