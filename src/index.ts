// The main entry, `vitest-mcp-bench`: what a task file and an agent module import. Every name here is listed, with
// a line, in docs/reference/api.md, and test/api/exports.test.ts pins the list. The baselines live in
// `vitest-mcp-bench/baselines`, the plugin in `vitest-mcp-bench/plugin`.
import './runtime/matchers/types.ts'

// Writing tasks.
export { mcpTask, TaskError, type TaskChecks } from './runtime/task/mcp-task.ts'
export type { TaskRun } from './runtime/task/task-run.ts'
export type { TaskMetrics } from './scoring/task-scores.ts'
export type { TaskSpec, TaskSpecInput, ReferenceCall, ReferencePlan, Fact } from './contracts/task-spec.ts'
export { TaskSpecSchema } from './contracts/task-spec.ts'
export type { McpBenchServers, McpTaskSpec, ServerName, ToolName, ToolArgs, ReferenceCallInput } from './runtime/task/typed-names.ts'
export type { McpBenchMatchers } from './runtime/matchers/types.ts'
// Writing and choosing agents.
export {
  defineAgent,
  type Agent,
  type AgentContext,
  type AgentFunction,
  type AgentTool,
  type ToolCallOutcome,
  type TaskInfo,
} from './runtime/agents/types.ts'
export { openaiAgent, type OpenAIAgentOptions } from './runtime/agents/openai.ts'
export { referenceAgent } from './runtime/agents/reference.ts'
export { plannerAgent, type PlannerAgentOptions } from './runtime/agents/planner.ts'
export { reactAgent, type ReactAgentOptions } from './runtime/agents/react.ts'
// Reading what a run recorded.
export type { Trajectory, ToolCallRecord, ModelTurn } from './contracts/trajectory.ts'
export { TrajectorySchema, TRAJECTORY_VERSION } from './contracts/trajectory.ts'
export type { CatalogEntry } from './contracts/catalog.ts'
export type { TaskOutcome } from './contracts/outcome.ts'
export type { Leaderboard, TaskRecord, AgentRow } from './contracts/leaderboard.ts'
export { leaderboardJsonSchema } from './contracts/leaderboard-json-schema.ts'
export { DEFAULT_PRICES, DEFAULT_PRICES_AS_OF, type ModelPrice, type Prices } from './contracts/prices.ts'
