import type { RuleMetrics } from '../checks/rule-metrics.ts'
import type { JudgeResult } from '../judge/schema.ts'
import type { Trajectory } from '../trajectory/schema.ts'

/**
 * What a task leaves in its test's `meta` for the reporters in the main
 * process. Written as soon as each part is known, so a task that fails
 * half-way still reports what it has.
 */
export interface TaskMeta {
  taskId: string
  agent: string
  /** 1-based run of this task for this agent (see the `trials` option). */
  trial: number
  file: string
  servers: string[]
  category: string | null
  /** single-server, multi-server-2, multi-server-3, … */
  setting: string
  shape: 'single' | 'parallel' | 'sequential' | null
  /** Set when the task could not run to its checks: bad spec, server start, agent failure. */
  errored?: { phase: 'spec' | 'servers' | 'agent'; message: string }
  trajectory?: Trajectory
  metrics?: RuleMetrics
  judge?: JudgeResult
  referenceJudge?: JudgeResult
}

declare module 'vitest' {
  interface TaskMeta {
    mcpBench?: import('./meta.ts').TaskMeta
  }
}

export function settingOf(servers: string[]): string {
  return servers.length <= 1 ? 'single-server' : `multi-server-${servers.length}`
}
