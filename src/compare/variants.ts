import type { Gate } from '../contracts/options.ts'
import type { RegressionResult } from '../contracts/compare.ts'
import { CompareInputError, type ComparableRecord, type ComparableRun } from './compare-input.ts'
import { regression } from './compare.ts'
import { regressionOptions } from './baseline.ts'

/**
 * Server variants in one run (the `variants` option): each variant's rows (`<agent>@<variant>`) against the rows
 * of the same agents on the servers as configured, task by task, through the same paired statistics as two runs.
 * Pure, no I/O.
 */

/** The variants a run's records name, in order of first appearance. */
function variantsOf(records: readonly Pick<ComparableRecord, 'variant'>[]): string[] {
  return [...new Set(records.flatMap((r) => (r.variant === undefined ? [] : [r.variant])))]
}

/**
 * The two sides of one variant's comparison: base, the records on the servers as configured; head, the variant's
 * records under their agent's own name (the row name without `@<variant>`), so that each pairs with its agent's.
 */
export function variantRuns(run: ComparableRun, variant: string): { base: ComparableRun; head: ComparableRun } {
  const known = variantsOf(run.tasks)
  if (!known.includes(variant)) {
    throw new CompareInputError(
      run.source,
      null,
      `no task ran against variant "${variant}" (${known.length ? `variants: ${known.join(', ')}` : 'the run has no server variants'})`,
    )
  }
  const suffix = `@${variant}`
  const head = run.tasks
    .filter((r) => r.variant === variant)
    .map((r) => ({ ...r, agent: r.agent.endsWith(suffix) ? r.agent.slice(0, -suffix.length) : r.agent }))
  return {
    base: { source: `${run.source} (servers as configured)`, tasks: run.tasks.filter((r) => r.variant === undefined) },
    head: { source: `${run.source} (variant ${variant})`, tasks: head },
  }
}

/** Whether the gate compares the run's variants: some drop is bounded and the records have a variant. */
export function gatesVariants(gate: Gate, records: readonly Pick<ComparableRecord, 'variant'>[]): boolean {
  return Boolean(gate.maxDrop || gate.maxDropPerTool || gate.maxDropPerServer) && variantsOf(records).length > 0
}

/**
 * The gate between variants: every variant against the servers as configured, with the baseline gate's bounds and
 * confidence. Each check and message names the variant's row (`reference@fs-worse`), so a failure says which
 * configuration fell.
 */
export function variantRegression(records: readonly ComparableRecord[], gate: Gate): RegressionResult {
  const run: ComparableRun = { source: 'this run', tasks: [...records] }
  const results = variantsOf(records).map((variant) => {
    const { base, head } = variantRuns(run, variant)
    const result = regression(base, head, regressionOptions(gate))
    const named = (agent: string) => `${agent}@${variant}`
    const rename = (message: string, agent: string) =>
      message.startsWith(`${agent}: `) ? `${named(agent)} against ${agent}: ${message.slice(agent.length + 2)}` : message
    const checks = result.checks.map((c) => ({ ...c, agent: named(c.agent), message: rename(c.message, c.agent) }))
    // A failure is a check's message, or one of its own (an isolation mismatch): renamed alike.
    const renamed = new Map(result.checks.map((c, i) => [c.message, checks[i]!.message]))
    return { ...result, checks, failures: result.failures.map((f) => renamed.get(f) ?? `variant ${variant}: ${f}`) }
  })
  const failures = results.flatMap((r) => r.failures)
  return {
    passed: failures.length === 0,
    confidence: results[0]?.confidence ?? gate.confidence ?? 0.95,
    checks: results.flatMap((r) => r.checks),
    failures,
  }
}
