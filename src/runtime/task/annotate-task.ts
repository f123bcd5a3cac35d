import type { TestContext } from 'vitest'

/**
 * A task's scores, verdict, failed checks and trajectory link as its test's annotations (src/scoring/task-annotations.ts),
 * once its outcome is final and before anything fails the test: Vitest takes annotations only from a test still
 * running, and a failed soft assertion ends that. A test already ended (its timeout passed, the run was cancelled)
 * gets no more of them, and the task's result is never changed by one.
 *
 * All of them are made at once, with no await between them: each is a round trip to Vitest's main process, which
 * receives them in the order they were made, and four in a row kept the task's concurrency slot for four of them.
 * So a cancel (Ctrl-C, SIGINT), which marks the running tests skipped between two awaits, finds either none made
 * or all of them on their way; Vitest refuses an annotation made after it with an error that would make a
 * cancelled task the agent's failure.
 */
export async function annotateTask(
  context: Pick<TestContext, 'annotate'> & { task: { result?: { state: string } } },
  annotations: ReadonlyArray<{ message: string; type: string }>,
): Promise<void> {
  if (context.task.result?.state !== 'run') return
  // Vitest takes a stack trace at each annotation, source-mapped, to find the test file's line it was made on. The
  // harness makes them from its own code, where no frame of the test file is (the location is always empty), so
  // the trace is taken with one frame: the same annotations, without parsing a stack that cannot hold the line.
  // One, not none: under Bun an error taken with no frames has no stack at all, and Vitest's parsing throws.
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 1
  let sent: Array<Promise<unknown>>
  try {
    sent = annotations.map((a) => context.annotate(a.message, a.type))
  } finally {
    Error.stackTraceLimit = limit
  }
  await Promise.all(sent)
}
