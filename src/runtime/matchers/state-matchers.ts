import type { MatcherState } from 'vitest'
import { readWorkspaceFile } from '../servers/workspace.ts'
import { isTaskRun, type TaskRun } from '../task/task-run.ts'
import { truncate } from '../../lib/text.ts'
import type { MatcherImplementations } from './types.ts'

type Result = { pass: boolean; message: () => string }

function asRun(received: unknown, matcher: string): TaskRun {
  if (!isTaskRun(received)) throw new TypeError(`${matcher} expects the \`run\` given to a task's checks`)
  return received
}

/** End-state checks, as τ-bench does them: what the servers hold after the agent finished. */
export const stateMatchers: MatcherImplementations<'toHaveServerState' | 'toHaveFile'> = {
  /**
   * Calls `probe.tool` on the task's instance of `server` after the run and
   * compares its result (parsed as JSON when it is JSON) with `expected`,
   * which may use asymmetric matchers such as `expect.objectContaining`.
   */
  async toHaveServerState(
    this: MatcherState,
    received: unknown,
    server: string,
    probe: { tool: string; args?: Record<string, unknown> },
    expected: unknown,
  ): Promise<Result> {
    const run = asRun(received, 'toHaveServerState')
    const { text, isError } = await run.inspect(server, probe.tool, probe.args)
    let actual: unknown = text
    try {
      actual = JSON.parse(text)
    } catch {
      // Plain text state: compare as text.
    }
    const pass = !isError && this.equals(actual, expected)
    return {
      pass,
      message: () =>
        isError
          ? `expected ${server}.${probe.tool} to report the end state, but it failed: ${truncate(text, 300)}`
          : `expected ${server} state (${probe.tool}) ${this.isNot ? 'not ' : ''}to equal ${this.utils.printExpected(expected)}\nReceived: ${this.utils.printReceived(actual)}`,
    }
  },

  /** The task's `${TASK_DIR}` for `server` holds `path`, with content equal to a string or matching a RegExp. */
  toHaveFile(this: MatcherState, received: unknown, server: string, path: string, expected?: string | RegExp): Result {
    const run = asRun(received, 'toHaveFile')
    const dir = run.workspaces[server]
    if (!dir)
      throw new TypeError(`toHaveFile: server "${server}" has no workspace in task "${run.taskId}" (its config must use \${TASK_DIR})`)
    const read = readWorkspaceFile(dir, path)
    // Refused whatever the expectation (even under .not): the file's content is never read, let alone quoted.
    if (read.kind === 'outside') {
      return {
        pass: this.isNot,
        message: () =>
          `${path} leads outside the ${server} workspace (to ${read.resolved}): toHaveFile reads only files inside it, and a symlink the server planted is not followed out`,
      }
    }
    if (read.kind !== 'file')
      return {
        pass: false,
        message: () =>
          `expected ${server} workspace to contain ${path}, but ${read.kind === 'missing' ? 'it does not' : 'it is not a file'}`,
      }
    const { content } = read
    const pass = expected === undefined ? true : typeof expected === 'string' ? content === expected : expected.test(content)
    return {
      pass,
      message: () =>
        `expected ${path} in the ${server} workspace ${this.isNot ? 'not ' : ''}to ${expected instanceof RegExp ? 'match' : 'equal'} ${this.utils.printExpected(expected)}\nReceived: ${this.utils.printReceived(truncate(content, 600))}`,
    }
  },
}
