import * as z from 'zod'

/**
 * The run's server plan: for each planned benchmark file, the servers its tasks name, as the main process's pre-run
 * count found them (src/node/task-count.ts). The main process writes it as a JSON file while the workers start;
 * a worker reads it just before it imports a file, and starts that file's shared servers ahead of its tasks
 * (src/runtime/servers/start-ahead.ts). A file missing from it, or a plan not written yet, starts nothing early.
 */
export const ServerPlanSchema = z.record(z.string(), z.array(z.string()))
export type ServerPlan = z.infer<typeof ServerPlanSchema>

/** A file's key in the plan: its Vitest project and its absolute path, as the main process and the worker both name it. */
export function planKey(project: string, file: string): string {
  return `${project}\u0000${file}`
}

/** What the plugin provides a project's workers (Vitest's `provide` / `inject`): where the plan file is. */
export const SERVER_PLAN_KEY = 'mcpBenchServerPlan'
