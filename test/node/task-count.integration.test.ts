import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const project = resolve(import.meta.dirname, '../e2e/task-count')

/** The pre-count and Vitest's own collection of test/e2e/task-count/'s files, in a child process (probe.ts). */
function probe(pattern?: string): {
  counted: Record<string, Record<string, number> | { unknown: string }>
  collected: Record<string, Record<string, number>>
  saw?: string
  hooks: number
} {
  // Node itself, whichever runtime runs this test: the child is a whole Vitest, as `vitest run` starts it.
  const run = spawnSync('node', ['--import', 'tsx', resolve(project, 'probe.ts'), ...(pattern ? [pattern] : [])], {
    cwd: project,
    encoding: 'utf8',
    timeout: 240_000,
  })
  // Not its exit code: Vitest sets 1 for the file whose collection fails (dupes.test.ts), as it should.
  const line = run.stdout.trim().split('\n').at(-1)
  expect(line, run.stderr).toMatch(/^\{"counted"/)
  return JSON.parse(line!)
}

describe("the pre-count of a run's tasks (src/node/task-count.ts) against Vitest's own collection", { timeout: 300_000 }, () => {
  it("gives Vitest's count, per agent and trial, for every file it counts, and no count for a file it cannot know", () => {
    const { counted, collected, saw, hooks } = probe()
    // Two agents × two trials: each task is four tests. Loops, tasks read from JSON and tasks a shared module builds
    // are counted as they run.
    expect(counted['loop.test.ts']).toEqual({ reference: 6, other: 6 })
    expect(counted['json.test.ts']).toEqual({ reference: 4, other: 4 })
    expect(counted['shared.test.ts']).toEqual({ reference: 4, other: 4 })
    expect(counted['meta.test.ts']).toEqual({ reference: 4, other: 4 })
    for (const file of ['loop.test.ts', 'json.test.ts', 'shared.test.ts', 'meta.test.ts'])
      expect(counted[file], file).toEqual(collected[file])
    // The count imported the files against its counting namespace, not the harness: the schema a file imports is
    // a stand-in there (a zod schema, an object, in a worker). Vitest's collection runs in workers, so the main
    // process only ever saw the count's import.
    expect(saw).toBe('function')
    // Files that use import.meta are counted without a module hook: on Node 20 Vite's import.meta.resolve for Node
    // registers one, a loader thread kept for the whole run (about 12 MiB and 0.1 s of CPU in the main process).
    expect(hooks).toBe(0)
    // Vitest's describe throws outside a worker, so what is inside it is never seen: not counted at all, rather than short.
    expect(counted['described.test.ts']).toEqual({ unknown: expect.stringContaining('could not be imported outside a test worker') })
    expect(collected['described.test.ts']).toEqual({ reference: 4, other: 4 })
    expect(counted['dupes.test.ts']).toEqual({ unknown: 'a task id occurs twice in it' })
  })

  it("applies a -t pattern to each test's name as Vitest does", () => {
    const { counted, collected } = probe('loop/[12] |json/b \\[reference\\] #2|\\[other\\] #1')
    expect(counted['loop.test.ts']).toEqual({ reference: 4, other: 5 })
    expect(counted['json.test.ts']).toEqual({ reference: 1, other: 2 })
    for (const file of ['loop.test.ts', 'json.test.ts']) expect(counted[file], file).toEqual(collected[file])
  })

  it("counts a user's files without loading or transforming the installed package's entry (it is not JavaScript)", () => {
    const run = spawnSync('node', ['--import', 'tsx', resolve(project, 'installed-probe.ts')], {
      cwd: project,
      encoding: 'utf8',
      timeout: 240_000,
    })
    const line = run.stdout.trim().split('\n').at(-1)
    expect(line, run.stderr).toMatch(/^\{"/)
    expect(JSON.parse(line!)).toEqual({
      'loop.test.ts': { reference: 3 },
      'json.test.ts': { reference: 2 },
      'shared.test.ts': { reference: 2 },
    })
  })
})
