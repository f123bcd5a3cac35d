import { describe, expect, it } from 'vitest'
import type { TestProject, TestSpecification } from 'vitest/node'
import { countPlannedTasks as countWith, type FileCount, type Filters } from '../../src/node/task-count.ts'
import { collecting } from '../../src/runtime/task/collect.ts'

/** The count, with each project's own `import` (below) in place of the counting module runner. */
const importer = async (project: TestProject) => ({
  import: (file: string) => (project as unknown as { import: (file: string) => Promise<unknown> }).import(file),
  close: async () => {},
})
const countPlannedTasks = (specs: TestSpecification[], filters: Filters, budgetMs?: number) => countWith(specs, filters, budgetMs, importer)

/** A planned file whose import, in place of the module runner, records `ids` as mcpTask would, or never ends. */
function spec(
  moduleId: string,
  ids: string[] | 'hangs',
  imported: string[],
  variants: string[] = [],
  servers: Record<string, unknown> = {},
): TestSpecification {
  const settings = {
    agents: ['reference', { kind: 'openai', model: 'gpt', loop: 'tools' }],
    trials: 1,
    variants: variants.map((name) => ({ name, servers: {} })),
  }
  const project = {
    name: '',
    config: { environmentOptions: { mcpBench: settings } },
    import: (file: string) => {
      imported.push(file)
      if (ids === 'hangs') return new Promise(() => {})
      for (const id of ids) collecting()!.push({ id, spec: { servers: servers[id] } as never })
      return Promise.resolve({})
    },
  }
  return { moduleId, project } as unknown as TestSpecification
}

describe("the pre-count of a run's tasks (src/node/task-count.ts)", () => {
  it('counts each task once per agent, and leaves a file whose import does not end, and every file after it, uncounted', async () => {
    const imported: string[] = []
    const specs = [spec('a.test.ts', ['x', 'y'], imported), spec('b.test.ts', 'hangs', imported), spec('c.test.ts', ['z'], imported)]
    const counts = await countPlannedTasks(specs, {}, 200)
    expect([...counts.values()]).toEqual([
      {
        perAgent: new Map([
          ['reference', 2],
          ['gpt', 2],
        ]),
        servers: [],
      },
      { unknown: 'it was not counted within 0.2 s' },
      { unknown: 'it was not counted within 0.2 s' },
    ])
    // Not imported at all: the late import may still record its tasks into whatever collector is set.
    expect(imported).toEqual(['a.test.ts', 'b.test.ts'])
  })

  it('counts each task once per agent and server variant, by the rows mcpTask names', async () => {
    const counts = await countPlannedTasks([spec('a.test.ts', ['x', 'y'], [], ['worse'])], { testNamePattern: /\[reference@worse\]/ })
    expect([...counts.values()]).toEqual([
      {
        perAgent: new Map([
          ['reference', 0],
          ['gpt', 0],
          ['reference@worse', 2],
          ['gpt@worse', 0],
        ]),
        servers: [],
      },
    ])
  })

  it("names the servers of the tasks that run with the servers as configured, each file as it is counted (the run's server plan)", async () => {
    const servers = { x: ['math', 'files'], y: ['weather'], z: ['math', 42] }
    const told: Array<[string, unknown]> = []
    const onCounted = (s: TestSpecification, c: FileCount) => told.push([s.moduleId, 'servers' in c ? c.servers : c])
    const specs = [spec('a.test.ts', ['x', 'y'], [], ['worse'], servers), spec('b.test.ts', ['z'], [], [], servers)]
    const all = await countWith(specs, {}, undefined, importer, onCounted)
    expect([...all.values()].map((c) => 'servers' in c && c.servers)).toEqual([['files', 'math', 'weather'], ['math']])
    expect(told).toEqual([
      ['a.test.ts', ['files', 'math', 'weather']],
      ['b.test.ts', ['math']],
    ])
    // Under -t, a task none of whose rows runs names no server; nor does one that runs only in a variant's rows.
    const filtered = await countPlannedTasks([spec('a.test.ts', ['x', 'y'], [], ['worse'], servers)], {
      testNamePattern: /^y |x \[reference@worse\]/,
    })
    expect([...filtered.values()].map((c) => 'servers' in c && c.servers)).toEqual([['weather']])
  })

  it('counts nothing under a tags filter', async () => {
    const counts = await countPlannedTasks([spec('a.test.ts', ['x'], [])], { tagsFilter: ['hard'] })
    expect([...counts.values()]).toEqual([{ unknown: 'the run is filtered by tags' }])
  })
})
