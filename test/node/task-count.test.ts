import { describe, expect, it } from 'vitest'
import type { TestProject, TestSpecification } from 'vitest/node'
import { countPlannedTasks as countWith, type Filters } from '../../src/node/task-count.ts'
import { collecting } from '../../src/runtime/task/collect.ts'

/** The count, with each project's own `import` (below) in place of the counting module runner. */
const countPlannedTasks = (specs: TestSpecification[], filters: Filters, budgetMs?: number) =>
  countWith(specs, filters, budgetMs, async (project: TestProject) => ({
    import: (file: string) => (project as unknown as { import: (file: string) => Promise<unknown> }).import(file),
    close: async () => {},
  }))

/** A planned file whose import, in place of the module runner, records `ids` as mcpTask would, or never ends. */
function spec(moduleId: string, ids: string[] | 'hangs', imported: string[], variants: string[] = []): TestSpecification {
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
      for (const id of ids) collecting()!.push({ id, spec: {} as never })
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
      },
    ])
  })

  it('counts nothing under a tags filter', async () => {
    const counts = await countPlannedTasks([spec('a.test.ts', ['x'], [])], { tagsFilter: ['hard'] })
    expect([...counts.values()]).toEqual([{ unknown: 'the run is filtered by tags' }])
  })
})
