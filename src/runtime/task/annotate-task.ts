import type { TestContext } from 'vitest'

/**
 * A task's scores, verdict, failed checks and trajectory link as its test's annotations (src/scoring/task-annotations.ts),
 * once its outcome is final and before anything fails the test: Vitest takes annotations only from a test still
 * running, and a failed soft assertion ends that. A test already ended (its timeout passed, the run was cancelled)
 * gets no more of them, and the task's result is never changed by one.
 */
export async function annotateTask(
  context: Pick<TestContext, 'annotate'> & { task: { result?: { state: string } } },
  annotations: ReadonlyArray<{ message: string; type: string }>,
): Promise<void> {
  for (const a of annotations) {
    // Checked before each one: a cancel (Ctrl-C, SIGINT) marks the running tests skipped between two awaits, and
    // Vitest then refuses an annotation with an error that would make a cancelled task the agent's failure.
    if (context.task.result?.state !== 'run') return
    await context.annotate(a.message, a.type)
  }
}
