/**
 * The formulas that differ between MCP-Bench's released code, its paper and the project's own defaults,
 * chosen by the `fidelity` option (src/contracts/fidelity.ts; the table is docs/mcp-bench-fidelity.md).
 * The conformance test (test/scoring/mcp-bench-conformance.integration.test.ts) checks every one against numbers that
 * MCP-Bench's own Python functions computed from the same trajectories.
 */
import type { Fidelity } from '../contracts/fidelity.ts'
import type { Trajectory } from '../contracts/trajectory.ts'
import { callRates, type RuleMetrics } from './formulas.ts'

type Call = { valid: boolean; schemaValid: boolean | null; isError: boolean }

/**
 * The three rule metrics of one task. Under either MCP-Bench fidelity a task with calls but none to a
 * valid tool has schema compliance 0.0, not "nothing to measure" (`_calculate_tool_accuracy_metrics`,
 * evaluator.py:1089: `… if valid_tool_calls > 0 else 0.0`); a task with no calls at all has three
 * nulls, as there (`if not execution_results: … None`). Without a fidelity the project keeps the null.
 */
export function fidelityCallRates(calls: readonly Call[], fidelity: Fidelity | null | undefined): RuleMetrics {
  const rates = callRates(calls)
  if (!fidelity || calls.length === 0) return rates
  return { ...rates, schemaCompliance: rates.schemaCompliance ?? 0 }
}

/**
 * The round count a task reports (the paper's "# Rounds", leaderboard `avgRounds`).
 *
 * - `released-code`: agent/executor.py returns `total_rounds: round_num - 1`, where `round_num` is the
 *   round whose plan stopped the loop (its calls dropped), or the last round at the cap. So: the last
 *   round that ran calls, one less when that was the round cap (20 executed rounds report 19).
 * - `paper`: Algorithm 1 runs the stopping plan's calls, then stops: the last round that ran calls.
 * - unset: every round the recorder counted, the final-answer round included.
 */
export function reportedRounds(
  trajectory: Pick<Trajectory, 'rounds' | 'calls'>,
  fidelity: Fidelity | null | undefined,
  maxRounds: number,
): number {
  if (!fidelity) return trajectory.rounds
  const lastCallRound = trajectory.calls.reduce((max, c) => Math.max(max, c.round), 0)
  if (fidelity === 'paper') return lastCallRound
  return lastCallRound >= maxRounds ? maxRounds - 1 : lastCallRound
}
