import { applyGate, type Gate } from './gate.ts'
import { gatesVariants, variantRegression } from '../compare/variants.ts'
import { DEFAULT_PRICES_AS_OF } from '../contracts/prices.ts'
import { agentRows, counted } from './rows.ts'
import { runCost } from './run-costs.ts'
import { toolDiagnostics } from './tool-diagnostics.ts'
import { byText, canonicalOrder } from './canonical-order.ts'
import type { RegressionResult } from '../contracts/compare.ts'
import {
  LEADERBOARD_SCHEMA_VERSION,
  LeaderboardSchema,
  type GateResult,
  type Leaderboard,
  type TaskFileIntegrity,
  type TaskRecord,
} from '../contracts/leaderboard.ts'

export interface LeaderboardInput {
  records: TaskRecord[]
  fileErrors: Leaderboard['fileErrors']
  interrupted: boolean
  /** Why the run stopped early; defaults to "interrupted" when it did. */
  interruption?: string | null
  unfinished: Leaderboard['unfinished']
  /** Tasks not started (the budget was spent); written only when there are any. */
  notRun?: NonNullable<Leaderboard['notRun']>
  /** The run's budget, when it had one. */
  budget?: Leaderboard['budget']
  gate: Gate
  /** Why this run does not apply the gate (a shard of a larger run); null: it does. */
  gateDeferred: string | null
  generatedAt?: string
  /** The baseline gate's verdict (see baseline.ts), when the gate names a baseline. */
  baseline?: RegressionResult | null
  /** The task files' integrity, when the run hashed them. */
  integrity?: TaskFileIntegrity
}

function withBaseline(gate: GateResult, baseline: RegressionResult | null): GateResult {
  if (!baseline) return gate
  const failures = [...gate.failures, ...baseline.failures]
  return { ...gate, passed: failures.length === 0, failures, baseline }
}

/** The gate between the run's server variants (src/compare/variants.ts), when it has some and the gate bounds a drop. */
function withVariants(gate: GateResult, records: readonly TaskRecord[], options: Gate): GateResult {
  if (!gatesVariants(options, records)) return gate
  const variants = variantRegression(records, options)
  const failures = [...gate.failures, ...variants.failures]
  return { ...gate, passed: failures.length === 0, failures, variants }
}

/** Everything on the board but the task records. */
const LeaderboardSummarySchema = LeaderboardSchema.omit({ tasks: true })

/**
 * The whole leaderboard from task records: rows, gate and run facts, validated against its schema. The
 * records themselves are not parsed again: each was built by `taskRecord()` from an outcome validated where
 * it crossed from the worker (reporters/task-outcome.ts), typed by the same schema, and parsing 100,000 of
 * them again with zod would take seconds. What is computed here (rows, gate, cost) is checked.
 */
export function buildLeaderboard(input: LeaderboardInput): Leaderboard {
  // Sorted before anything is summed or written; callers that map board.tasks back to their records by index
  // pass them in this order already (the sort is stable, so it changes nothing then).
  const records = canonicalOrder(input.records)
  const agents = agentRows(records)
  const gate = input.gateDeferred
    ? { applied: false, passed: true, failures: [], note: input.gateDeferred, baseline: null }
    : withVariants(
        withBaseline({ applied: true, ...applyGate(agents, records, input.gate), note: null, baseline: null }, input.baseline ?? null),
        records,
        input.gate,
      )
  // Parsed once per run: without zod's compiled fast path, which would cost more to generate than this one parse.
  const summary = LeaderboardSummarySchema.parse(
    {
      schemaVersion: LEADERBOARD_SCHEMA_VERSION,
      generatedAt: input.generatedAt ?? new Date().toISOString(),
      interrupted: input.interrupted,
      interruption: input.interruption ?? (input.interrupted ? 'interrupted' : null),
      unfinished: [...input.unfinished].sort((a, b) => byText(a.file, b.file) || byText(a.name, b.name)),
      ...(input.notRun?.length ? { notRun: [...input.notRun].sort((a, b) => byText(a.file, b.file) || byText(a.name, b.name)) } : {}),
      ...(input.budget ? { budget: input.budget } : {}),
      agents,
      fileErrors: [...input.fileErrors].sort((a, b) => byText(a.file, b.file) || byText(a.error, b.error)),
      gate,
      ...(input.integrity ? { integrity: input.integrity } : {}),
      cost: { ...runCost(counted(records)), pricesAsOf: DEFAULT_PRICES_AS_OF },
      tools: toolDiagnostics(records),
    },
    { jitless: true },
  )
  // In the schema's key order, as leaderboard.json has always had it.
  return Object.fromEntries(
    Object.keys(LeaderboardSchema.shape)
      .filter((k) => k === 'tasks' || summary[k as keyof typeof summary] !== undefined)
      .map((k) => [k, k === 'tasks' ? records : summary[k as keyof typeof summary]]),
  ) as Leaderboard
}
