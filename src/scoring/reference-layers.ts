import type { ReferenceCall } from '../contracts/task-spec.ts'

export interface DependencyLayers {
  /** Layer k holds the calls whose dependencies all sit in layers before k. */
  layers: ReferenceCall[][]
  /** Calls caught in a dependency cycle (never placed in a layer). */
  cyclic: ReferenceCall[]
  /** `after` ids that name no call in the plan, as `callId -> missingId`. */
  unknown: Array<{ call: string; missing: string }>
}

/**
 * Groups a reference plan into dependency layers (a topological layering):
 * calls with no `after` form layer 1; a call goes one layer after the latest
 * of its dependencies. References to unknown ids are reported and ignored.
 */
export function dependencyLayers(calls: readonly ReferenceCall[]): DependencyLayers {
  const byId = new Map(calls.map((c) => [c.id, c]))
  const unknown: DependencyLayers['unknown'] = []
  const deps = new Map<string, string[]>()
  for (const call of calls) {
    const known: string[] = []
    for (const dep of call.after ?? []) {
      if (byId.has(dep)) known.push(dep)
      else unknown.push({ call: call.id, missing: dep })
    }
    deps.set(call.id, known)
  }
  const level = new Map<string, number>()
  let progress = true
  while (progress) {
    progress = false
    for (const call of calls) {
      if (level.has(call.id)) continue
      const ds = deps.get(call.id) ?? []
      if (ds.every((d) => level.has(d))) {
        level.set(call.id, ds.length === 0 ? 0 : Math.max(...ds.map((d) => level.get(d)!)) + 1)
        progress = true
      }
    }
  }
  const layers: ReferenceCall[][] = []
  for (const call of calls) {
    const l = level.get(call.id)
    if (l === undefined) continue
    ;(layers[l] ??= []).push(call)
  }
  return { layers: layers.filter((l) => l !== undefined), cyclic: calls.filter((c) => !level.has(c.id)), unknown }
}
