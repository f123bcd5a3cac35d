// What `import … from 'vitest-mcp-bench'` gives agent code in an isolated agent process: the agents and the
// types an agent is written with, and nothing that imports Vitest or reaches the referee (no mcpTask, no
// collector, no scoring). ./bundle.ts points the package name here.
export {
  defineAgent,
  type Agent,
  type AgentContext,
  type AgentFunction,
  type AgentTool,
  type ToolCallOutcome,
  type TaskInfo,
} from '../types.ts'
export { openaiAgent, type OpenAIAgentOptions } from '../openai.ts'
export { plannerAgent, type PlannerAgentOptions } from '../planner.ts'
export { reactAgent, type ReactAgentOptions } from '../react.ts'
export type { Trajectory, ToolCallRecord, ModelTurn } from '../../../contracts/trajectory.ts'
export type { CatalogEntry } from '../../../contracts/catalog.ts'
// Pure helpers of the main entry, so agent code that uses them bundles as it did in-process.
export { referenceAgent } from '../reference.ts'
export {
  TaskSpecSchema,
  type TaskSpec,
  type TaskSpecInput,
  type ReferenceCall,
  type ReferencePlan,
  type Fact,
} from '../../../contracts/task-spec.ts'
export { TrajectorySchema, TRAJECTORY_VERSION } from '../../../contracts/trajectory.ts'
export { DEFAULT_PRICES, DEFAULT_PRICES_AS_OF, type ModelPrice, type Prices } from '../../../contracts/prices.ts'
