import { ruleMetrics as rates } from '../scoring/formulas.ts'
import type { ReferencePlan } from '../task/spec.ts'
import type { Trajectory } from '../trajectory/schema.ts'
import { dependencyOrder } from './dependencies.ts'

/**
 * MCP-Bench's rule-based metrics (seed paper, Tables 3-5). Each is a rate in
 * [0, 1], or null when it has nothing to measure: a task with no tool calls
 * has no valid-name rate, which is different from a rate of 0.
 */
export interface RuleMetrics {
  /** Calls whose name is in the catalog / all calls. */
  validToolNameRate: number | null
  /** Valid-name calls whose arguments match the inputSchema / valid-name calls. */
  schemaCompliance: number | null
  /** Calls that threw nothing and returned no isError / all calls (invalid names count as failures). */
  executionSuccess: number | null
  /** Reference dependency edges the agent respected / edges whose two tools it called. */
  dependencyOrder: number | null
  toolCalls: number
  distractorCalls: number
}

export function ruleMetrics(trajectory: Trajectory, reference?: ReferencePlan): RuleMetrics {
  const calls = trajectory.calls
  return {
    // An invalid name is recorded as an error result, so it counts as an execution failure.
    ...rates(calls),
    dependencyOrder: reference ? dependencyOrder(trajectory, reference).rate : null,
    toolCalls: calls.length,
    distractorCalls: calls.filter((c) => c.distractor).length,
  }
}
