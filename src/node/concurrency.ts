import { availableParallelism } from 'node:os'

/**
 * Tasks in flight across the run when neither the `concurrency` option nor MCP_BENCH_CONCURRENCY says.
 *
 * Model runs wait on the network, not the CPU: a task spends nearly all its time waiting for completions
 * (0.3 to several seconds each), so the right number is what the endpoint takes, not the number of cores.
 * 16 requests in flight at about 2 s a turn is some 480 requests a minute, within the entry-level limits of
 * the hosted APIs; a key that allows less gets 429s, and the endpoint's pool then halves its requests in
 * flight instead of failing tasks (src/lib/limiter.ts). The reference agent and fixture servers in-process
 * cost little CPU per task, so 16 does not crowd a small machine either.
 */
export const DEFAULT_CONCURRENCY = 16

/** The `concurrency` option, else MCP_BENCH_CONCURRENCY, else the default. */
export function resolveConcurrency(option: number | undefined, env: NodeJS.ProcessEnv = process.env): number {
  if (option !== undefined) return option
  const raw = env.MCP_BENCH_CONCURRENCY?.trim()
  if (!raw) return DEFAULT_CONCURRENCY
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new Error(`MCP_BENCH_CONCURRENCY must be a whole number from 1 to 1000, not "${env.MCP_BENCH_CONCURRENCY}"`)
  return n
}

interface UserTestConfig {
  sequence?: { concurrent?: boolean }
  maxConcurrency?: number
}

/**
 * What the plugin's config hook adds so a project's tasks can reach `concurrency` in flight: Vitest runs at
 * most `maxConcurrency` (default 5) concurrent tests at once per worker. The run-wide limit itself is the
 * tasks pool (src/runtime/limit/task-slot.ts); this only keeps Vitest from being the narrower one. A value the
 * project sets is kept.
 */
export function concurrencyConfig(concurrency: number, user: UserTestConfig | undefined): { maxConcurrency?: number } {
  return user?.maxConcurrency === undefined ? { maxConcurrency: concurrency } : {}
}

/**
 * Whether `mcpTask` registers its tests as concurrent. Vitest takes `sequence.concurrent` from the root
 * config only, never from a project's (and setting it on the root would make every project's tests
 * concurrent), so each task's test says so itself; a project that sets `sequence.concurrent: false` keeps its
 * tasks one after another.
 */
export function concurrentTasks(user: UserTestConfig | undefined): boolean {
  return user?.sequence?.concurrent !== false
}

/**
 * Workers for a run that sets none.
 *
 * A run whose tasks wait on a model (an OpenAI-compatible agent, a custom agent, which may call one, or an LLM
 * judge) is I/O-bound. Vitest runs one file per worker at a time, so the tasks in flight across the run are at
 * most the workers times a file's tasks: with small files, workers are what reaches `concurrency`. A worker
 * costs a process (about 100 MB and a second of start-up), so each is meant to carry about four tasks at once:
 * `ceil(concurrency / 4)`, and never fewer than Vitest would start on its own (one less than the cores), nor
 * more than `concurrency`.
 *
 * A run with only the reference agent and no judge waits on nothing but its own CPU (the agent replays a
 * plan against servers in-process or on this machine): a worker beyond the cores only adds its start-up, its
 * own copies of the shared servers and of every module, and time-slicing. It gets Vitest's own default, one
 * less than the cores (the main process, which takes every result and writes the reports, keeps the last).
 * With one worker and `isolate: false`, Vitest hands that worker every file in one batch, so a server shared
 * by a file's tasks starts once for the run.
 */
export function workersFor(
  concurrency: number,
  { waitsOnModels, cores = availableParallelism() }: { waitsOnModels: boolean; cores?: number },
): number {
  const own = Math.max(cores - 1, 1)
  if (!waitsOnModels) return Math.min(concurrency, own)
  return Math.min(concurrency, Math.max(own, Math.ceil(concurrency / 4)))
}

/** Whether any task of the project waits on a model: an agent other than the reference agent, or a judge. */
export function waitsOnModels(agents: readonly unknown[], judge: unknown): boolean {
  return judge !== false || agents.some((a) => a !== 'reference')
}
