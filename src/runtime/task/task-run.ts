import type { JudgeResult } from '../../contracts/judge-result.ts'
import type { TaskMetrics } from '../../scoring/task-scores.ts'
import type { CatalogEntry } from '../../contracts/catalog.ts'
import type { Trajectory } from '../../contracts/trajectory.ts'
import type { TaskSpec } from '../../contracts/task-spec.ts'

/** What `expect(run)` receives in a task's checks: the task, what the agent did, and the tools it had. */
export interface TaskRun {
  readonly kind: 'mcp-bench-run'
  taskId: string
  agent: string
  spec: TaskSpec
  trajectory: Trajectory
  catalog: CatalogEntry[]
  metrics: TaskMetrics
  /** Distraction servers added to this task's catalog. */
  distractors: string[]
  /** The fresh `${TASK_DIR}` of each workspace server, by server name. */
  workspaces: Record<string, string>
  /** Calls a tool on one of the task's server instances after the run, for end-state checks. Not recorded. */
  inspect(server: string, tool: string, args?: Record<string, unknown>): Promise<{ text: string; isError: boolean }>
  /** The configured judge's result (MCP-Bench rubric by default); computed once per task. */
  judge(): Promise<JudgeResult>
  /** The MCP-AgentBench pass/fail verdict against the reference answer; computed once, on first use. */
  referenceJudge(): Promise<JudgeResult>
}

export function isTaskRun(value: unknown): value is TaskRun {
  return typeof value === 'object' && value !== null && (value as TaskRun).kind === 'mcp-bench-run'
}
