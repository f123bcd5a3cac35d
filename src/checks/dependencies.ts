import { dependencyLayers } from '../task/reference-layers.ts'
import type { ReferencePlan } from '../task/spec.ts'
import type { Trajectory } from '../trajectory/schema.ts'

export interface DependencyEdge {
  /** `server.tool` that must come first. */
  before: string
  after: string
  /** Both tools were called by the agent. */
  observed: boolean
  /** The agent's first call of `after` came in a later round than its first call of `before`. */
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

/** Checks the agent's order against the reference plan's tool-level dependencies. */
export function dependencyOrder(trajectory: Trajectory, plan: ReferencePlan): { rate: number | null; edges: DependencyEdge[] } {
  const toolOf = new Map(plan.calls.map((c) => [c.id, c.tool]))
  const firstRound = new Map<string, number>()
  for (const call of trajectory.calls) {
    if (!call.server || !call.tool) continue
    const key = `${call.server}.${call.tool}`
    if (!firstRound.has(key) || call.round < firstRound.get(key)!) firstRound.set(key, call.round)
  }
  const seen = new Set<string>()
  const edges: DependencyEdge[] = []
  for (const call of plan.calls) {
    for (const dep of call.after) {
      const before = toolOf.get(dep)!
      const after = call.tool
      const key = `${before}>${after}`
      if (before === after || seen.has(key)) continue
      seen.add(key)
      const b = firstRound.get(before)
      const a = firstRound.get(after)
      const observed = b !== undefined && a !== undefined
      edges.push({ before, after, observed, respected: observed && a! > b! })
    }
  }
  const observed = edges.filter((e) => e.observed)
  return { rate: observed.length ? observed.filter((e) => e.respected).length / observed.length : null, edges }
}
