import type { MatcherState } from 'vitest'
import type { CallMatchInput } from '../../contracts/task-spec.ts'
import type { ServerName, ServerToolArgs, ServerToolName, ToolArgs, ToolName } from '../task/typed-names.ts'

export interface McpBenchMatchers<R = unknown> {
  /** The agent gave a non-empty final answer. */
  toGiveAnswer(): R
  /** Every tool call named a tool in the catalog. */
  toHaveValidToolNames(): R
  /** Every valid-name call's arguments matched the tool's inputSchema (ajv). */
  toComplyWithSchemas(): R
  /** Execution success (successful calls / all calls) is at least `minRate` (default 1). */
  toSucceedInToolCalls(minRate?: number): R
  /**
   * Some call used the tool (`server.tool`, `server__tool` or a unique bare name), with arguments containing `argsSubset`.
   * With types from `mcp-bench types`, the name is a `server.tool` of the project and the subset is typed.
   */
  toCallTool<T extends ToolName>(name: T, argsSubset?: Partial<ToolArgs<T>>): R
  /** The calls include these tools in this order (other calls may come between). */
  toCallToolsInOrder(names: ToolName[]): R
  /** The final answer states every fact (default: the reference facts); numbers match by value. */
  toMentionFacts(facts?: Array<import('../../contracts/task-spec.ts').Fact>): R
  /** A harness check's verdict passed (used by the harness for its default checks). */
  toPassCheck(): R
  /** Every dependency of the reference plan was respected: a tool's prerequisites were called in earlier rounds. */
  toFollowDependencies(): R
  /**
   * Tool-call recall (reference calls matched / reference calls) is at least `min` (default 1). Calls match by
   * `server.tool`, in any order, each reference call at most once; arguments as the task's `callMatch` says, or `options`.
   */
  toRecallCalls(min?: number, options?: CallMatchInput): R
  /** Tool-call precision (agent calls that matched a reference call / agent calls) is at least `min` (default 1); fails when the agent made no calls. */
  toHavePrecision(min?: number, options?: CallMatchInput): R
  /** After the run, `server`'s answer to `probe` (parsed as JSON when it is) equals `expected`. Await it. */
  toHaveServerState<S extends ServerName, T extends ServerToolName<S>>(
    server: S,
    probe: { tool: T; args?: ServerToolArgs<S, T> },
    expected: unknown,
  ): Promise<R>
  /** The `${TASK_DIR}` workspace of `server` holds `path`, equal to a string or matching a RegExp. */
  toHaveFile(server: ServerName, path: string, expected?: string | RegExp): R
  /**
   * The judge's task fulfillment (0–1, the sub-dimension a task passes the judge on; a pass/fail judge gives 1
   * or 0) is at least `min` (default 0.6). Passes as "not judged" without a judge model unless `required`.
   * Await it.
   */
  toPassJudge(options?: { min?: number; required?: boolean }): Promise<R>
  /** Sub-dimensions (0–1, e.g. `taskFulfillment`, `grounding`) or categories (`toolUsage`) reach their minimums. Await it. */
  toScoreAtLeast(minimums: Record<string, number>, options?: { required?: boolean }): Promise<R>
  /** MCP-AgentBench's pass/fail verdict on the final answer against the reference answer. Await it. */
  toPassReferenceJudge(options?: { required?: boolean }): Promise<R>
}

/** What a matcher's implementation gives `expect.extend`. */
export type MatcherResult = { pass: boolean; message: () => string }

/**
 * The implementations of the matchers named `K`, each typed by its declaration above: the received value, then the
 * declared arguments, and a result (a promise of one where the declaration returns a promise). A declaration and
 * its implementation cannot drift apart without a type error.
 */
export type MatcherImplementations<K extends keyof McpBenchMatchers> = {
  [P in K]: (
    this: MatcherState,
    received: unknown,
    ...args: Parameters<McpBenchMatchers[P]>
  ) => ReturnType<McpBenchMatchers<MatcherResult>[P]>
}

declare module 'vitest' {
  // Vitest's own augmentation pattern: the empty interface merges ours into its `Matchers<T = any>`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends McpBenchMatchers<T> {}
}
