import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModelServer } from '../../fixtures/models/scripted-server.ts'
import type { Leaderboard } from '../../src/contracts/leaderboard.ts'
import { junitApartFromTimes, runReproducibility } from '../../scripts/reproducibility-runs.ts'
import { runsOptions, specs, standInFor, uninterruptedRun } from '../support/reproducible-project.ts'

describe('same inputs, same numbers (child Vitest processes)', { timeout: 900_000 }, () => {
  let model: ScriptedModelServer | undefined
  afterAll(() => model?.close())

  it('writes the same leaderboard again, at concurrency 1 and 16, in two shards merged, and from a cassette, apart from timings', async () => {
    // Run A is the project's uninterrupted run that resume.test.ts compares with too, made once for both
    // (test/support/reproducible-project.ts), against a stand-in of its own; the other runs ask this one, which
    // answers the same. No run B: the recording run is A's run started again, live and at A's concurrency, and is
    // compared with A like the others.
    const first = await uninterruptedRun()
    model = await startScriptedModel({ script: standInFor(await specs()) })
    const out = mkdtempSync(join(tmpdir(), 'mcp-bench-reproducible-'))
    const results = await runReproducibility({ ...runsOptions(model.url, out), runA: first, again: false })
    const a = JSON.parse(readFileSync(join(results[0]!.dir, 'leaderboard.json'), 'utf8')) as Leaderboard
    // The runs did what the comparison needs: every task ran, the paths and the race were there to differ, and a
    // judge reply that does not parse was among what the cassette had to keep.
    expect(a.tasks).toHaveLength(18)
    expect(a.tasks.filter((t) => t.status === 'setup-error')).toEqual([])
    expect(a.tasks.some((t) => t.judge?.kind === 'rubric' && t.judge.samples.failed > 0)).toBe(true)
    const turing = a.tasks.filter((t) => t.id === 'state/remember-turing')
    // In the order the model listed them, the two graph writes both land: add_observations finds its entity.
    expect.soft(turing.map((t) => t.metrics.executionSuccess)).toEqual([1, 1, 1])
    for (const sums of a.tasks.filter((t) => t.id === 'state/sums'))
      expect(sums.distractors).toEqual({ joined: ['unit-converter'], skipped: [], seed: 'distractors:state/sums' })
    expect(a.tasks.find((t) => t.judge?.kind === 'rubric')!.judge).toMatchObject({ shuffleSeed: null })
    const html = readFileSync(join(results[0]!.dir, 'report.html'), 'utf8')
    expect.soft(html).toContain('/workspace')
    expect.soft(html).not.toMatch(/mcp-bench-ws-/)
    const junit = (dir: string) => junitApartFromTimes(readFileSync(join(dir, 'junit.xml'), 'utf8'))
    for (const r of results.slice(1)) {
      expect.soft({ mode: r.mode, differences: r.comparison!.differences.slice(0, 10) }).toEqual({ mode: r.mode, differences: [] })
      expect(r.comparison!.compared).toBeGreaterThan(1000)
      // JUnit too, apart from times (the replay against the recording it replays, as above).
      const against = r === results.at(-1) ? results.at(-2)!.dir : results[0]!.dir
      expect.soft(junit(r.dir), r.mode).toBe(junit(against))
    }
  })
})
