import { describe, expect, it } from 'vitest'
import type { TestProject, TestSpecification, Vitest } from 'vitest/node'
import { routeSlots, type SlotsProvided } from '../../src/node/slot-routing.ts'

/** A project that records what it was last given to provide. */
function project(name: string) {
  const provided: { value?: SlotsProvided } = {}
  return {
    name,
    provided,
    config: { maxWorkers: undefined as number | undefined },
    provide: (_key: string, value: SlotsProvided) => void (provided.value = value),
  }
}

describe('which slots the workers use', () => {
  const server = { address: '/tmp/mcpb-test/slots', workers: 4 }

  it('sends the workers to the slot server when the run has benchmark files for more than one worker, and keeps a single file in its worker', async () => {
    const reporters: Array<{ onTestRunStart?: (specs: TestSpecification[]) => void }> = []
    const vitest = { config: { reporters, maxWorkers: 4 } } as unknown as Vitest
    const bench = project('bench')
    const other = project('bench-2')
    other.config.maxWorkers = 2
    const unit = project('unit')
    routeSlots(vitest, bench as unknown as TestProject, server.address)
    routeSlots(vitest, other as unknown as TestProject, server.address)
    // One hook for the run, however many projects have the plugin.
    expect(reporters).toHaveLength(1)
    expect(bench.provided.value).toEqual(server)
    const spec = (p: ReturnType<typeof project>, file: string) => ({ project: p, moduleId: file }) as unknown as TestSpecification

    // Two files of two projects: two workers may hold tasks at once, so the server keeps one limit for both.
    reporters[0]!.onTestRunStart!([spec(bench, 'a.test.ts'), spec(other, 'b.test.ts'), spec(unit, 'u.test.ts')])
    expect(bench.provided.value).toEqual(server)
    expect(other.provided.value).toEqual({ ...server, workers: 2 })

    // One benchmark file (however many other files run): its worker holds the limits alone, without the server.
    reporters[0]!.onTestRunStart!([spec(bench, 'a.test.ts'), spec(unit, 'u.test.ts'), spec(unit, 'v.test.ts')])
    expect(bench.provided.value).toEqual({ address: '', workers: 1 })
    expect(other.provided.value).toEqual({ address: '', workers: 1 })
    expect(unit.provided.value).toBeUndefined()

    // A project set up later that raises the run's workers: the earlier ones are told the new count.
    const late = project('bench-3')
    ;(vitest.config as { maxWorkers: number }).maxWorkers = 6
    routeSlots(vitest, late as unknown as TestProject, server.address)
    expect(bench.provided.value).toEqual({ ...server, workers: 6 })
    expect(late.provided.value).toEqual({ ...server, workers: 6 })
    ;(vitest.config as { maxWorkers: number }).maxWorkers = 4

    // The next run (watch mode) decides again.
    reporters[0]!.onTestRunStart!([spec(bench, 'a.test.ts'), spec(bench, 'c.test.ts')])
    expect(bench.provided.value).toEqual(server)
  })
})
