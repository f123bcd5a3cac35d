import { dependencyLayers } from './reference-layers.ts'
import type { ReferencePlan } from '../contracts/task-spec.ts'
import type { ToolCallRecord, Trajectory } from '../contracts/trajectory.ts'
import { matchCalls } from './call-match.ts'

export interface DependencyEdge {
  /** `server.tool` that must come first. */
  before: string
  after: string
  /** The reference calls' ids. */
  beforeId: string
  afterId: string
  /** Both tools were called by the agent. */
  observed: boolean
  /** The agent call paired with `after` came in a later round than the one paired with `before`. */
  respected: boolean
}

/**
 * Layers of the reference plan, as ids: calls whose dependencies are all in
 * earlier layers, so the calls of one layer can run in parallel. A cycle or
 * an unknown id throws, naming the calls.
 */
export function referenceLayers(plan: ReferencePlan): string[][] {
  const { layers, cyclic, unknown } = dependencyLayers(plan.calls)
  if (unknown.length) throw new Error(`reference call "${unknown[0]!.call}" depends on unknown call "${unknown[0]!.missing}"`)
  if (cyclic.length) throw new Error(`reference plan has a dependency cycle among: ${cyclic.map((c) => c.id).join(', ')}`)
  return layers.map((layer) => layer.map((c) => c.id))
}

/**
 * Checks the agent's order against the reference plan's dependencies, call by call: each reference call is
 * paired with one agent call (first by tool and arguments, then, for those left, by tool alone, as
 * call-match.ts pairs them), and an edge `before → after` is respected when the call paired with `after`
 * came in a later round than the one paired with `before`. Per call, not per tool name: a plan that uses
 * a tool twice (a search, then a search on what a fetch found) is scored on the two calls it means, so an
 * agent that follows the plan exactly scores 1. An edge is observed when both its calls were paired.
 */
export function dependencyOrder(trajectory: Trajectory, plan: ReferencePlan): { rate: number | null; edges: DependencyEdge[] } {
  // A plan without dependencies has no edge to check: nothing to pair the calls for.
  if (!plan.calls.some((c) => c.after.length)) return { rate: null, edges: [] }
  const pairedWith = pairCalls(trajectory, plan)
  const byId = new Map(plan.calls.map((c) => [c.id, c]))
  const edges: DependencyEdge[] = []
  for (const call of plan.calls) {
    for (const dep of call.after) {
      // The spec's schema refuses an `after` that names no call; a record from elsewhere (a merged report, an old
      // cassette) may still hold one, and an edge to nothing is not scored rather than crashing the reports.
      const from = byId.get(dep)
      if (!from) continue
      const before = pairedWith.get(dep)
      const after = pairedWith.get(call.id)
      const observed = before !== undefined && after !== undefined
      edges.push({
        before: from.tool,
        after: call.tool,
        beforeId: dep,
        afterId: call.id,
        observed,
        respected: observed && after!.round > before!.round,
      })
    }
  }
  const observed = edges.filter((e) => e.observed)
  return { rate: observed.length ? observed.filter((e) => e.respected).length / observed.length : null, edges }
}

/** The agent call paired with each reference call id: exact arguments first, then the same tool among the calls left. */
function pairCalls(trajectory: Trajectory, plan: ReferencePlan): Map<string, ToolCallRecord> {
  const paired = new Map<string, ToolCallRecord>()
  const exact = matchCalls(trajectory.calls, plan.calls, { args: 'exact' })
  for (const m of exact.matched) paired.set(m.reference.id, m.call)
  const loose = matchCalls(exact.extra, exact.missed, { args: 'ignore' })
  for (const m of loose.matched) paired.set(m.reference.id, m.call)
  return paired
}
