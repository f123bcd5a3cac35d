import { describe, expect, it } from 'vitest'
import { annotateTask } from '../../src/runtime/task/annotate-task.ts'

/** A test context as Vitest's runner makes it: annotate refuses once the test is no longer running. */
function context(cancelAfter: number) {
  const task = { name: 't', result: { state: 'run' } }
  const written: string[] = []
  const annotate = async (message: string) => {
    if (task.result.state !== 'run')
      throw new Error(
        `Cannot annotate tests outside of the test run. The test "t" finished running with the "${task.result.state}" state already.`,
      )
    written.push(message)
    // The run is cancelled while this annotation is on its way: Vitest marks the running tests skipped.
    if (written.length === cancelAfter) task.result.state = 'skip'
  }
  return { context: { task, annotate } as never, written }
}

describe('annotating a task (src/runtime/task/annotate-task.ts)', () => {
  const annotations = ['a', 'b', 'c'].map((message) => ({ message, type: `mcp-bench.${message}` }))

  it('writes every annotation while the test runs', async () => {
    const { context: c, written } = context(0)
    await annotateTask(c, annotations)
    expect(written).toEqual(['a', 'b', 'c'])
  })

  it('stops, without an error, when the run is cancelled between two annotations (the task stays cancelled, not failed)', async () => {
    const { context: c, written } = context(1)
    await expect(annotateTask(c, annotations)).resolves.toBeUndefined()
    expect(written).toEqual(['a'])
  })
})
