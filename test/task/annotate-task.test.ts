import { describe, expect, it } from 'vitest'
import { annotateTask } from '../../src/runtime/task/annotate-task.ts'

/** A test context as Vitest's runner makes it: annotate refuses once the test is no longer running. */
function context(cancelAfter: number) {
  const task = { name: 't', result: { state: 'run' } }
  const written: string[] = []
  const limits: string[] = []
  const annotate = async (message: string) => {
    // As Vitest does: a stack trace to find the test file's line in, which must be text in every runtime.
    limits.push(`${Error.stackTraceLimit} ${typeof new Error('STACK_TRACE').stack}`)
    if (task.result.state !== 'run')
      throw new Error(
        `Cannot annotate tests outside of the test run. The test "t" finished running with the "${task.result.state}" state already.`,
      )
    written.push(message)
    const sent = written.length
    // The run is cancelled while this annotation is on its way to the main process: Vitest marks the running tests
    // skipped (a message from the main process, so never in the middle of synchronous code).
    await Promise.resolve()
    if (sent === cancelAfter) task.result.state = 'skip'
  }
  return { context: { task, annotate } as never, written, limits }
}

describe('annotating a task (src/runtime/task/annotate-task.ts)', () => {
  const annotations = ['a', 'b', 'c'].map((message) => ({ message, type: `mcp-bench.${message}` }))

  it('writes every annotation while the test runs', async () => {
    const { context: c, written } = context(0)
    await annotateTask(c, annotations)
    expect(written).toEqual(['a', 'b', 'c'])
  })

  it("makes them with one stack frame (the harness's own frames hold no test file line), then gives the limit back", async () => {
    const before = Error.stackTraceLimit
    const { context: c, limits } = context(0)
    await annotateTask(c, annotations)
    expect(limits).toEqual(['1 string', '1 string', '1 string'])
    expect(Error.stackTraceLimit).toBe(before)
    const throwing = {
      task: { result: { state: 'run' } },
      annotate: () => {
        throw new Error('refused')
      },
    } as never
    await expect(annotateTask(throwing, annotations)).rejects.toThrow('refused')
    expect(Error.stackTraceLimit).toBe(before)
  })

  it('makes all of them at once, so a cancel that arrives while they are on their way refuses none', async () => {
    const { context: c, written } = context(1)
    await expect(annotateTask(c, annotations)).resolves.toBeUndefined()
    expect(written).toEqual(['a', 'b', 'c'])
  })

  it('makes none, without an error, once the run is cancelled (the task stays cancelled, not failed)', async () => {
    const { context: c, written } = context(0)
    ;(c as { task: { result: { state: string } } }).task.result.state = 'skip'
    await expect(annotateTask(c, annotations)).resolves.toBeUndefined()
    expect(written).toEqual([])
  })
})
